import { Badge, Button, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../api/contract/common.ts';
import type { SystemVoucher, VoucherStatus } from '../../api/contract/customer.ts';
import { formatDate, formatPrice, pickText } from '../../i18n/format.ts';
import { PHONE_ROW_BUTTON, type RowField } from '../../ui/ResponsiveTable.tsx';

export const voucherStatusColor: Record<VoucherStatus, string> = {
  active: 'teal',
  partially_redeemed: 'blue',
  no_balance: 'gray',
  expired: 'gray',
  cancelled: 'red',
  scanned: 'dark',
  for_replacement: 'orange',
};

export type VoucherAction = { kind: 'cancel' | 'replace'; voucher: SystemVoucher };

/**
 * A voucher's ten columns on a desktop, and its card's labelled values on a phone (spec section 3's
 * voucher display): the code, what it is, quantity, value, price, redeemed, balance, dates and status.
 */
export function voucherFields(t: TFunction, locale: Locale): RowField<SystemVoucher>[] {
  const amount = (v: SystemVoucher, n: number) => (v.IsStoredValue ? formatPrice(n, locale) : String(n));
  return [
    {
      key: 'code',
      label: t('account.voucher.code'),
      value: (v) => v.Reference,
      ltr: true,
      bold: true,
      nowrap: true,
    },
    {
      key: 'type',
      label: `${t('account.voucher.type')} · ${t('account.voucher.benefit')}`,
      value: (v) => (
        <>
          <Text size="sm">{pickText(v.Name, locale)}</Text>
          <Text size="xs" c="dimmed">
            {pickText(v.BenefitName, locale)}
          </Text>
        </>
      ),
      minWidth: 170,
      heading: true,
    },
    // The box office's Quantity is what one voucher is worth: a gift card's money (agorot), a ticket
    // voucher's uses. Each row is one voucher, so a gift card is one card of that value.
    {
      key: 'quantity',
      label: t('account.voucher.quantity'),
      value: (v) => (v.IsStoredValue ? 1 : v.Quantity),
      numeric: true,
      testId: 'voucher-quantity',
    },
    {
      key: 'value',
      label: t('account.voucher.value'),
      value: (v) => (v.IsStoredValue ? formatPrice(v.Quantity, locale) : '—'),
      numeric: true,
      testId: 'voucher-value',
    },
    {
      key: 'price',
      label: t('account.voucher.price'),
      value: (v) => formatPrice(v.Price, locale),
      numeric: true,
    },
    {
      key: 'redeemed',
      label: t('account.voucher.redeemed'),
      value: (v) => amount(v, v.Redeemed),
      numeric: true,
    },
    {
      key: 'balance',
      label: t('account.voucher.balance'),
      value: (v) => amount(v, v.Balance),
      numeric: true,
      testId: 'voucher-balance',
    },
    {
      key: 'purchased',
      label: t('account.voucher.purchased'),
      value: (v) => formatDate(v.DateTimeCreated, locale),
      testId: 'voucher-purchased',
    },
    {
      key: 'expires',
      label: t('account.voucher.expires'),
      value: (v) => formatDate(v.EndDate, locale),
      testId: 'voucher-expires',
    },
    {
      key: 'status',
      label: t('account.voucher.status'),
      value: (v) => (
        <Badge
          color={voucherStatusColor[v.status]}
          variant="light"
          styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
          data-testid="voucher-status"
        >
          {t(`account.voucherStatus.${v.status}`)}
        </Badge>
      ),
    },
  ];
}

/** Replace and cancel, where the voucher allows them: small under its status, or across a phone's card. */
export function VoucherButtons({
  voucher: v,
  phone,
  onAction,
}: {
  voucher: SystemVoucher;
  phone: boolean;
  onAction: (action: VoucherAction) => void;
}) {
  const { t } = useTranslation();
  const size = phone ? PHONE_ROW_BUTTON : ({ size: 'compact-xs' } as const);
  return (
    <>
      {v.canReplace ? (
        <Button
          {...size}
          variant="light"
          onClick={() => onAction({ kind: 'replace', voucher: v })}
          data-testid="replace-voucher"
        >
          {t('account.replacement')}
        </Button>
      ) : null}
      {v.canCancel ? (
        <Button
          {...size}
          variant="subtle"
          color="red"
          onClick={() => onAction({ kind: 'cancel', voucher: v })}
          data-testid="cancel-voucher"
        >
          {t('account.cancelVoucher')}
        </Button>
      ) : null}
    </>
  );
}
