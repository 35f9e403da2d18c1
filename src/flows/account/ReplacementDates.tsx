import { List } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemVoucher } from '../../api/contract/customer.ts';
import { replacementDates } from '../../domain/voucherReplacement.ts';
import { formatDate } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';

/**
 * The dates a voucher will have as a replacement voucher, shown before the customer confirms (issue 35):
 * how long it stays valid, its own date where that is later than the venue's exchange window (never
 * shortened), and its purchase date, which stays. The box office applies the same rule
 * (src/domain/voucherReplacement.ts).
 */
export function ReplacementDates({ voucher: v, days }: { voucher: SystemVoucher; days: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The moment the dialog opened: the dates shown do not move while it is open.
  const [now] = useState(() => Date.now());
  const end = Date.parse(v.EndDate);
  const next = replacementDates(end, now, days);
  const date = (ms: number) => formatDate(new Date(ms).toISOString(), locale);
  return (
    <List size="sm" spacing={4} data-testid="replacement-dates">
      <List.Item data-testid="replacement-valid-until">
        {next.keptOwnEnd
          ? t('account.replacementKeepsEnd', { date: date(end), days })
          : t('account.replacementExtends', { from: date(end), to: date(next.endDate) })}
      </List.Item>
      <List.Item data-testid="replacement-purchased">
        {t('account.replacementKeepsPurchase', { date: formatDate(v.DateTimeCreated, locale) })}
      </List.Item>
    </List>
  );
}
