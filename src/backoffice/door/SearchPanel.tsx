import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadedTicket } from '../../api/contract/door.ts';
import { formatTime, pickText } from '../../domain/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { seatLabel } from '../../ui/seatLabel.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { isolate } from './answerView.ts';
import { doorApi } from './api.ts';
import type { DoorSetup } from './engine.ts';

const STATE_COLOR = { valid: 'teal', held: 'orange', cancelled: 'red' } as const;

/**
 * A ticket without its code (a phone gone flat, a printout left at home): found by name, order number
 * or seat ("12 7"), and let in (or out) by its ticket number, through the same scan as the camera's.
 */
export function SearchPanel({
  setup,
  onLetIn,
}: {
  setup: DoorSetup;
  onLetIn(code: string): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<DownloadedTicket[] | null>(null);
  const { busy, error, run } = useAction();
  const search = (text: string) =>
    run(async () => setFound((await doorApi.search(setup.presentationIds, text)).tickets));
  const asked = q.trim();

  return (
    <Stack gap="xs" data-testid="door-search">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (asked.length >= 2) void search(asked);
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('door.search.label')}
            placeholder={t('door.search.placeholder')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            styles={touchInput}
            data-testid="door-search-input"
          />
          <Button
            type="submit"
            mih={TOUCH_PX}
            loading={busy}
            disabled={asked.length < 2}
            data-testid="door-search-submit"
          >
            {t('door.search.submit')}
          </Button>
        </Group>
      </form>
      {error ? <Alert color="red">{errorText(t, error)}</Alert> : null}
      {found?.length === 0 ? (
        <Text c="dimmed" data-testid="door-search-none">
          {t('door.search.none')}
        </Text>
      ) : null}
      {found?.map((ticket) => (
        <FoundTicket
          key={ticket.ticketIdentifier}
          ticket={ticket}
          direction={setup.direction}
          onLetIn={async () => {
            await onLetIn(ticket.ticketIdentifier);
            await search(asked);
          }}
        />
      ))}
    </Stack>
  );
}

function FoundTicket({
  ticket,
  direction,
  onLetIn,
}: {
  ticket: DownloadedTicket;
  direction: 'in' | 'out';
  onLetIn(): Promise<void>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const { entry } = ticket;
  const where = entry.lastAt
    ? { time: formatTime(entry.lastAt, locale), door: isolate(entry.lastDoor ?? '') }
    : null;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="door-search-result"
      data-ticket={ticket.ticketIdentifier}
    >
      <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{ticket.customerName}</Text>
          <Text fz="sm">{seatLabel(t, ticket, ticket.seat !== '')}</Text>
          <Text fz="sm" c="dimmed">
            {pickText(ticket.ticketType, locale)} ·{' '}
            {t('door.answer.order', { order: ticket.reservationIdentifier })}
          </Text>
          <Group gap={6}>
            <Badge color={STATE_COLOR[ticket.state]} variant="light">
              {t(`door.search.state.${ticket.state}`)}
            </Badge>
            <Text fz="sm" data-testid="door-search-entry">
              {entry.inside && where
                ? t('door.search.inside', where)
                : where
                  ? t('door.search.out', where)
                  : t('door.search.notArrived')}
            </Text>
          </Group>
        </Stack>
        <Button
          mih={TOUCH_PX}
          color={direction === 'in' ? 'teal' : 'orange'}
          loading={busy}
          style={{ flexShrink: 0 }}
          data-testid="door-let-in"
          onClick={() => {
            setBusy(true);
            void onLetIn().finally(() => setBusy(false));
          }}
        >
          {t(direction === 'in' ? 'door.search.letIn' : 'door.search.letOut')}
        </Button>
      </Group>
    </Card>
  );
}
