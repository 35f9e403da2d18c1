import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { pickText } from '../../../i18n/format.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { useShowTime } from '../../../ui/useShowTime.ts';
import { counter, type CounterState } from '../saleStore.ts';

/** Above the counter while an order's tickets are exchanged: which order, which tickets, from which show. */
export function ExchangeBanner() {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const { exchange: x } = useSnapshot(counter) as CounterState;
  if (!x) return null;
  return (
    <Alert color="violet" variant="light" data-testid="exchange-banner">
      <Text fw={700}>{t('backoffice.exchange.banner', { reservation: x.rid, count: x.tickets.length })}</Text>
      <Text size="sm">
        {t('backoffice.exchange.from', {
          show: pickText(x.from.title, locale),
          when: when.dateTime(x.from.dateTime),
          seats: x.seats
            .map((s) =>
              t('backoffice.exchange.seat', {
                section: pickText(s.section, locale) || s.fallback,
                row: s.row,
                seat: s.seat,
              }),
            )
            .join('; '),
        })}
      </Text>
    </Alert>
  );
}
