import { Button, Grid, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocale } from '../../ui/useLocale.ts';
import { CheckoutStep, payLabel } from './CheckoutStep.tsx';
import { PaymentSplitSummary } from './PaymentSplitSummary.tsx';
import type { CheckoutStore } from './store.ts';

/** A purchase step: its content, the order summary beside it (beneath on a phone), then the way on. */
export function PurchaseLayout({
  summary,
  children,
  nav,
}: {
  summary: ReactNode;
  children: ReactNode;
  nav: ReactNode;
}) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: summary ? 8 : 12 }}>{children}</Grid.Col>
      {summary ? <Grid.Col span={{ base: 12, md: 4 }}>{summary}</Grid.Col> : null}
      <Grid.Col span={12}>
        <Group justify="space-between">{nav}</Group>
      </Grid.Col>
    </Grid>
  );
}

/** Details and payment of a voucher or donation order, by the one checkout every flow shares. */
export function PurchasePaymentStep({
  checkout,
  summary,
  onBack,
  before,
}: {
  checkout: CheckoutStore;
  summary: ReactNode;
  onBack: () => void;
  /** The flow's own part of the step, above the checkout's form (the voucher order's gift option). */
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const c = useSnapshot(checkout.state);
  return (
    <PurchaseLayout
      summary={
        <Stack gap="md">
          {summary}
          <PaymentSplitSummary checkout={checkout} />
        </Stack>
      }
      nav={
        <>
          <Button variant="default" onClick={onBack} disabled={c.paying}>
            {t('order.back')}
          </Button>
          <Button onClick={() => void checkout.pay()} loading={c.paying || c.redirecting} data-testid="pay">
            {payLabel(t, checkout, false, locale)}
          </Button>
        </>
      }
    >
      {before ? (
        <Stack gap="lg">
          {before}
          <CheckoutStep checkout={checkout} firstEventAt={null} />
        </Stack>
      ) : (
        <CheckoutStep checkout={checkout} firstEventAt={null} />
      )}
    </PurchaseLayout>
  );
}
