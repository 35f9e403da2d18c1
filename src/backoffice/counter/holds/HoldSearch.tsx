import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectableHold } from '../../../api/contract/counterShifts.ts';
import { formatDateTime, formatPrice, pickText } from '../../../i18n/format.ts';
import { errorText } from '../../../ui/errorText.ts';
import { useAsync } from '../../../ui/useAsync.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { TOUCH_PX, touchInput } from '../../ui/touch.ts';
import { shiftApi } from '../shift/api.ts';

/**
 * Finding the hold the customer comes for: by reservation number, name, phone or e-mail (the field has
 * the focus; Enter searches, and Enter again with one hold found picks it), newest first; each shows who,
 * which show, the seats and the total, and the deadline.
 */
export function HoldSearch({ onPick }: { onPick(hold: CollectableHold): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const state = useAsync((signal) => shiftApi.holds(q, signal), q);
  const holds = state.status === 'done' ? state.data.holds : [];
  const search = () => {
    if (text.trim() !== q) setQ(text.trim());
    else if (holds.length === 1) onPick(holds[0]!);
  };
  return (
    <Stack gap="sm" data-testid="holds-search">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('backoffice.holds.search')}
          placeholder={t('backoffice.holds.searchHint')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search();
          }}
          // The dialog's focus trap focuses this field as it opens (Mantine's data-autofocus).
          data-autofocus
          styles={touchInput}
          style={{ flex: 1 }}
          data-testid="holds-query"
        />
        <Button mih={TOUCH_PX} onClick={search} data-testid="holds-search-button">
          {t('backoffice.holds.find')}
        </Button>
      </Group>
      {state.status === 'error' ? <Alert color="red">{errorText(t, state.error)}</Alert> : null}
      {state.status === 'loading' ? <Skeleton height={120} radius="md" aria-busy="true" /> : null}
      {state.status === 'done' && holds.length === 0 ? (
        <Text c="dimmed" data-testid="holds-none">
          {q ? t('backoffice.holds.noneFound') : t('backoffice.holds.none')}
        </Text>
      ) : null}
      {holds.map((h) => {
        const shows = [...new Map(h.tickets.map((x) => [x.presentationId, x])).values()];
        return (
          <Card key={h.reservationIdentifier} withBorder padding="sm" data-hold={h.reservationIdentifier}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2} miw={0}>
                <Group gap="xs">
                  <Text fw={700} dir="ltr">
                    {h.reservationIdentifier}
                  </Text>
                  <Text>{h.customerName}</Text>
                  {h.mobileNumber ? (
                    <Text c="dimmed" dir="ltr">
                      {h.mobileNumber}
                    </Text>
                  ) : null}
                </Group>
                {shows.map((s) => (
                  <Text key={s.presentationId} size="sm">
                    {t('backoffice.holds.show', {
                      title: pickText(s.title, locale),
                      when: formatDateTime(s.startsAt, locale),
                      seats: h.tickets.filter((x) => x.presentationId === s.presentationId).length,
                    })}
                  </Text>
                ))}
                <Text size="sm" c="dimmed">
                  {t('backoffice.holds.deadline', { when: formatDateTime(h.holdDeadline, locale) })}
                </Text>
              </Stack>
              <Group gap="sm">
                <Text fw={700}>{formatPrice(h.total, locale)}</Text>
                <Button mih={TOUCH_PX} onClick={() => onPick(h)} data-testid="holds-pick">
                  {t('backoffice.holds.pick')}
                </Button>
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
