import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StaffOrderMessage } from '../../api/contract/staff.ts';

const color = { queued: 'blue', sending: 'blue', sent: 'teal', failed: 'red' } as const;

/** An order message's delivery as staff see it: its state, the attempts made, and the last error. */
export function MessageDelivery({
  message: m,
}: {
  message: Pick<StaffOrderMessage, 'status' | 'attempts' | 'lastError'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group gap={4}>
        <Badge color={color[m.status]} variant="light">
          {t(`staff.status.${m.status}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('staff.attempts', { attempts: m.attempts })}
        </Text>
      </Group>
      {m.lastError ? (
        <Text size="xs" c="red.8">
          {m.lastError}
        </Text>
      ) : null}
    </>
  );
}
