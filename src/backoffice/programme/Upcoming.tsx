import { Alert, Badge, Button, Card, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { AdminHall } from '../plans/api.ts';
import { type Confirmation, ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { RecordTable } from '../ui/RecordTable.tsx';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useName } from '../venues/shared.tsx';
import { type AdminPresentation, programmeApi } from './api.ts';
import { CallOffProgress } from './CallOffProgress.tsx';
import { ShowDialog } from './ShowDialog.tsx';
import { WaitingRoomDialog } from './WaitingRoomDialog.tsx';
import type { PriceList } from '../prices/api.ts';

/**
 * What is on in one hall in the coming week, each show with what it has sold: changed or moved (its
 * buyers are told), or called off (every order refunded, the progress shown on its row).
 */
export function Upcoming({
  presentations,
  halls,
  hallId,
  onHall,
  priceLists,
  onChanged,
}: {
  presentations: readonly AdminPresentation[] | null;
  halls: readonly AdminHall[];
  hallId: number | null;
  onHall(id: number): void;
  priceLists: readonly PriceList[];
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = useName();
  const [editing, setEditing] = useState<AdminPresentation | null>(null);
  const [queueOf, setQueueOf] = useState<AdminPresentation | null>(null);
  const [ask, setAsk] = useState<Confirmation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const callOff = (p: AdminPresentation) =>
    setAsk({
      title: t('backoffice.programme.callOffTitle', { title: name(p.title) }),
      text: `${formatLongDate(p.businessDate, locale)} ${formatTime(p.startsAt, locale)}. ${t(
        'backoffice.programme.callOffText',
        { count: p.sold },
      )}`,
      action: t('backoffice.programme.callOff'),
      color: 'red',
      async run() {
        await programmeApi.callOff(p.id);
        setNotice(null);
        onChanged();
      },
    });

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" align="flex-end">
          <Title order={2} fz="h3">
            {t('backoffice.programme.upcoming')}
          </Title>
          <NativeSelect
            label={t('backoffice.programme.hall')}
            value={hallId === null ? '' : String(hallId)}
            onChange={(e) => onHall(Number(e.currentTarget.value))}
            data={halls.map((h) => ({ value: String(h.id), label: name(h.name) }))}
            styles={touchInput}
            data-testid="upcoming-hall"
          />
        </Group>
        {notice ? (
          <Alert color="teal" withCloseButton onClose={() => setNotice(null)} data-testid="show-saved">
            {notice}
          </Alert>
        ) : null}
        {presentations === null ? (
          <Skeleton height={120} />
        ) : presentations.length === 0 ? (
          <Text c="dimmed">{t('backoffice.programme.nothingOn')}</Text>
        ) : (
          <RecordTable<AdminPresentation>
            rows={presentations}
            rowKey={(p) => String(p.id)}
            rowAttributes={(p) => ({ 'data-testid': 'upcoming-show', 'data-presentation-id': String(p.id) })}
            minWidth={720}
            columns={[
              {
                key: 'day',
                label: t('backoffice.programme.day'),
                render: (p) => formatLongDate(p.businessDate, locale),
              },
              {
                key: 'time',
                label: t('backoffice.programme.time'),
                render: (p) => formatTime(p.startsAt, locale),
              },
              { key: 'title', label: t('backoffice.programme.featureTitle'), render: (p) => name(p.title) },
              { key: 'sold', label: t('backoffice.programme.sold'), render: (p) => p.sold },
              {
                key: 'state',
                label: t('backoffice.programme.showState'),
                render: (p) =>
                  p.calledOffAt ? (
                    <Stack gap={4}>
                      <Badge color="red" variant="light">
                        {t('backoffice.programme.calledOff')}
                      </Badge>
                      <CallOffProgress presentationId={p.id} />
                    </Stack>
                  ) : p.onlineSale ? (
                    <Badge color="teal" variant="light">
                      {t('backoffice.programme.onSale')}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      {t('backoffice.programme.boxOfficeOnly')}
                    </Badge>
                  ),
              },
              {
                key: 'actions',
                label: '',
                bare: true,
                render: (p) =>
                  p.calledOffAt ? null : (
                    <Group gap={4} wrap="nowrap">
                      <Button
                        variant="subtle"
                        mih={TOUCH_PX}
                        onClick={() => {
                          // The last save's note goes: the next one says this change is saved.
                          setNotice(null);
                          setEditing(p);
                        }}
                        data-testid="show-edit"
                      >
                        {t('backoffice.programme.change')}
                      </Button>
                      <Button
                        variant="subtle"
                        mih={TOUCH_PX}
                        onClick={() => setQueueOf(p)}
                        data-testid="show-waiting-room"
                      >
                        {t('backoffice.waitingRoom.open')}
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        mih={TOUCH_PX}
                        onClick={() => callOff(p)}
                        data-testid="show-call-off"
                      >
                        {t('backoffice.programme.callOff')}
                      </Button>
                    </Group>
                  ),
              },
            ]}
          />
        )}
      </Stack>
      <ShowDialog
        show={editing}
        priceLists={priceLists}
        onClose={() => setEditing(null)}
        onSaved={(p, moved) => {
          setEditing(null);
          setNotice(
            moved
              ? t('backoffice.programme.moved', {
                  when: `${formatLongDate(p.businessDate, locale)} ${formatTime(p.startsAt, locale)}`,
                })
              : t('backoffice.programme.showSaved'),
          );
          onChanged();
        }}
      />
      <WaitingRoomDialog show={queueOf} onClose={() => setQueueOf(null)} />
      <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />
    </Card>
  );
}
