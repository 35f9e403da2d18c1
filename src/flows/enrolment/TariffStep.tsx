import { Card, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { enrolmentTotalRange } from '../../domain/enrolmentPricing.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { StepNav } from './StepNav.tsx';
import type { EnrolmentStore } from './store.ts';

/**
 * Step 2: the tariff (a ticket of one of the enrolment's price levels); the default price level is
 * preselected, and with a fixed seat only the seat's price level is offered. Under the choice, what the
 * whole subscription costs at that tariff.
 */
export function TariffStep({ store }: { store: EnrolmentStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const e = useSnapshot(store.e);
  const m = store.m;
  const groups = e.seat
    ? m.TicketGroups.filter((g) => g.TicketGroupId === e.seat!.ticketGroupId)
    : m.TicketGroups;
  const value = e.tariff ? `${e.tariff.ticketGroupId}:${e.tariff.ticketId}` : null;
  // Per membership its price (said above) is the total; per concert the total is said under the choice.
  const range = e.tariff && m.IsPricingPerTicket ? enrolmentTotalRange(m, e.tariff) : undefined;
  return (
    <Stack gap="sm" data-testid="enrolment-tariff-step">
      {!m.IsPricingPerTicket ? (
        <Text data-testid="membership-price">
          {t('enrolment.membershipPrice', { price: formatPrice(m.Price, locale) })}
        </Text>
      ) : null}
      <Radio.Group
        value={value}
        onChange={(v) => {
          const [tg, id] = v.split(':').map(Number) as [number, number];
          store.chooseTariff(tg, id);
        }}
        label={t('enrolment.chooseTariff')}
      >
        <Stack gap="xs" mt="xs">
          {groups.map((g) => (
            <Card key={g.TicketGroupId} withBorder padding="sm">
              <Text fw={600} mb={4}>
                {pickText(g.name, locale)}
              </Text>
              <Stack gap={6}>
                {g.Tickets.map((tk) => (
                  <Radio
                    key={tk.TicketId}
                    value={`${g.TicketGroupId}:${tk.TicketId}`}
                    data-testid={`tariff-${tk.TicketId}`}
                    label={
                      m.IsPricingPerTicket
                        ? t('enrolment.tariffPerConcert', {
                            name: pickText(tk.name, locale),
                            price: formatPrice(tk.Price, locale),
                          })
                        : pickText(tk.name, locale)
                    }
                  />
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      </Radio.Group>
      {range ? (
        // The whole subscription's price, here where the tariff is chosen, not first on the Pay button.
        <Text fw={700} data-testid="enrolment-total">
          {range.min === range.max
            ? t('enrolment.totalFor', { n: range.concerts, total: formatPrice(range.min, locale) })
            : t('enrolment.totalRange', {
                n: range.concerts,
                min: formatPrice(range.min, locale),
                max: formatPrice(range.max, locale),
              })}
        </Text>
      ) : null}
      <StepNav
        onBack={m.IsSkipMemberSeat ? undefined : () => store.back('tariff')}
        onNext={() => store.forward('tariff')}
        nextDisabled={!e.tariff}
      />
    </Stack>
  );
}
