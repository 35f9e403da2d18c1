import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { maskGiftCard } from '../../domain/payment/giftCard.ts';
import { isolate } from '../../ui/OrderPayments.tsx';
import { SummaryRow } from './PurchaseSummary.tsx';
import type { CheckoutStore } from './store.ts';

/**
 * How the order is paid once a gift card pays part of it, beneath the order summary (whose total stays
 * the order's): each gift card with its amount, then what is left by the method chosen. Together they
 * make the total, so the smaller amount on the pay button is explained where the total is shown.
 */
export function PaymentSplitSummary({ checkout }: { checkout: CheckoutStore }) {
  const { t } = useTranslation();
  const c = useSnapshot(checkout.state);
  if (c.isHold || c.vouchers.length === 0) return null;
  const due = checkout.due();
  return (
    <Card withBorder padding="md" data-testid="summary-payments">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('checkout.splitTitle')}
        </Title>
        {c.vouchers.map((v) => (
          <div key={v.reference} data-testid="summary-payment" data-method="voucher">
            <SummaryRow
              label={t('payments.giftCard', { code: isolate(maskGiftCard(v.reference)) })}
              amount={v.amount}
            />
          </div>
        ))}
        {due > 0 ? (
          <div data-testid="summary-payment" data-method={c.method}>
            <SummaryRow label={t(`checkout.methods.${c.method}`)} amount={due} />
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}
