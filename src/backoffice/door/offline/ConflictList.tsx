import { Alert, Button, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../domain/format.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { TOUCH_PX } from '../../ui/touch.ts';
import type { DoorConflict } from './store.ts';

/**
 * Tickets this phone let in offline that another door had let in already (the box office said so on
 * upload): never silent, listed in red until staff have seen them, so the usher can tell a supervisor.
 */
export function ConflictList({ conflicts, onSeen }: { conflicts: DoorConflict[]; onSeen(): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Alert
      color="red"
      variant="filled"
      radius={0}
      title={t('door.offline.conflicts', { count: conflicts.length })}
      data-testid="door-conflicts"
    >
      <List size="sm" spacing={4} c="white">
        {conflicts.map((c) => (
          <List.Item key={c.nonce}>
            <Text span fw={700} fz="sm">
              {c.ticketIdentifier ?? '?'}
            </Text>
            {c.seat ? ` · ${t('door.offline.seat', { section: c.section, row: c.row, seat: c.seat })}` : ''}
            {' · '}
            {t('door.offline.conflictHere', { door: c.door, time: formatTime(c.scannedAt, locale) })}
            {c.lastAt
              ? ` · ${t('door.offline.conflictBefore', { door: c.lastDoor ?? '?', time: formatTime(c.lastAt, locale) })}`
              : ''}
          </List.Item>
        ))}
      </List>
      <Button
        mt="xs"
        variant="white"
        color="red"
        mih={TOUCH_PX}
        onClick={onSeen}
        data-testid="door-conflicts-seen"
      >
        {t('door.offline.seen')}
      </Button>
    </Alert>
  );
}
