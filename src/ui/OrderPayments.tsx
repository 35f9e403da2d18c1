import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../api/contract/common.ts';
import type { OrderPayment, PaymentSource, RefundPart } from '../api/contract/order.ts';
import { formatPrice } from '../i18n/format.ts';
import { useLocale } from './useLocale.ts';

/**
 * An order's payments and a cancellation's refunds in words, the same on the confirmation, the
 * e-ticket, the personal area and the cancel dialog: each gift card and each card by name, with its
 * own amount. The box office decides every amount (and masks every gift card's code); this only says it.
 */

/** A code or card ending keeps its own left-to-right order inside a Hebrew or Arabic sentence. */
export const isolate = (s: string) => `\u2066${s}\u2069`;

/** "Card ending 1111, 3 payments (first ₪83.34, then ₪83.33), approval 482910"; "Gift card ••••7QK2: ₪47.00". */
export function paymentLine(t: TFunction, p: OrderPayment, locale: Locale, currency?: string | null): string {
  const amount = formatPrice(p.amount, locale, currency);
  const refunded =
    p.refunded > 0 ? ` ${t('payments.refunded', { amount: formatPrice(p.refunded, locale, currency) })}` : '';
  switch (p.method) {
    case 'voucher':
      return t('checkout.paidVoucher', { reference: isolate(p.giftCard ?? ''), amount }) + refunded;
    case 'card':
    case 'savedCard':
    case 'redirect': {
      const card = p.last4
        ? t('checkout.paidCard', { last4: isolate(p.last4), amount })
        : t('checkout.paidPage', { amount });
      const split =
        p.numberOfPayments > 1
          ? ` ${t('checkout.paidInstalments', {
              count: p.numberOfPayments,
              first: formatPrice(p.firstPayment, locale, currency),
              others: formatPrice(p.otherPayments, locale, currency),
            })}`
          : '';
      const approval = p.approvalCode ? ` ${t('checkout.approval', { code: p.approvalCode })}` : '';
      return `${card}${split}${approval}${refunded}`;
    }
    case 'paypal':
      return t('checkout.paidPaypal', { amount }) + refunded;
    case 'blik':
      return t('checkout.paidBlik', { amount }) + refunded;
    case 'cash':
      return t('checkout.paidCash', { amount }) + refunded;
    case 'cardPresent':
      return (
        (p.last4
          ? t('checkout.paidCardPresentLast4', { last4: isolate(p.last4), amount })
          : t('checkout.paidCardPresent', { amount })) + refunded
      );
  }
}

/** Where a refund's part goes back to: "₪22.80 back to the card ending 1111". */
export function refundLine(t: TFunction, r: RefundPart, locale: Locale, currency?: string | null): string {
  const amount = formatPrice(r.amount, locale, currency);
  return t(`payments.refundTo.${refundTarget(r)}`, {
    amount,
    last4: isolate(r.last4 ?? ''),
    code: isolate(r.giftCard ?? ''),
  });
}

function refundTarget(r: PaymentSource): string {
  if (r.method === 'voucher') return 'giftCard';
  if (r.method === 'paypal' || r.method === 'blik' || r.method === 'cash') return r.method;
  if (r.method === 'cardPresent') return 'cardPresent';
  return r.last4 ? 'card' : 'page';
}

/** The order's payments, a line each (nothing for an order without payments, such as a hold). */
export function OrderPaymentList({
  payments,
  currency,
  testId,
  itemTestId,
}: {
  payments: readonly OrderPayment[];
  currency?: string | null | undefined;
  testId: string;
  itemTestId: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!payments.length) return null;
  return (
    <Stack gap={2} data-testid={testId}>
      {payments.map((p, i) => (
        <Text key={i} size="sm" c="dimmed" data-testid={itemTestId}>
          {paymentLine(t, p, locale, currency)}
        </Text>
      ))}
    </Stack>
  );
}

/** A refund shared out over the order's payments, and what the box office gives back in cash. */
export function RefundSplitList({
  refunds,
  atBoxOffice,
  currency,
  title,
  testId,
}: {
  refunds: readonly RefundPart[];
  atBoxOffice: number;
  currency?: string | null | undefined;
  /** A heading above the parts ("The refund goes back to:"). */
  title?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!refunds.length && atBoxOffice <= 0) return null;
  return (
    <Stack gap={2} data-testid={testId}>
      {title ? (
        <Text size="sm" fw={600}>
          {title}
        </Text>
      ) : null}
      {refunds.map((r, i) => (
        <Text key={i} size="sm" data-testid="refund-part" data-method={r.method}>
          {refundLine(t, r, locale, currency)}
        </Text>
      ))}
      {atBoxOffice > 0 ? (
        <Text size="sm" data-testid="refund-part" data-method="boxOffice">
          {t('payments.refundTo.boxOffice', { amount: formatPrice(atBoxOffice, locale, currency) })}
        </Text>
      ) : null}
    </Stack>
  );
}
