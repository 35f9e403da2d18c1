import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { CardForm } from '../checkout/CardForm.tsx';
import { CustomerForm } from '../checkout/CustomerForm.tsx';
import { messageText } from './model.ts';
import { type DerivedOrder, shownFormErrors } from './selectors.ts';
import { BackButton, FlowSummary, StepLayout } from './StepLayout.tsx';
import type { OrderSnapshot, OrderStore } from './store.ts';

/** Step 4: the customer's details and, when there is something to pay, the card; then pay. */
export function PaymentStepView({ store, s, d }: { store: OrderStore; s: OrderSnapshot; d: DerivedOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { presentation: p, settings } = store;
  const errors = shownFormErrors(s, settings, d.total, new Date());
  return (
    <StepLayout
      summary={<FlowSummary presentation={p} s={s} d={d} />}
      nav={
        <>
          <BackButton store={store} to="products" disabled={s.paying} />
          <Button onClick={() => void store.pay()} loading={s.paying} data-testid="pay">
            {t('order.pay', { total: formatPrice(d.total, locale) })}
          </Button>
        </>
      }
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={3} fz="h4">
            {t('order.yourDetails')}
          </Title>
          <CustomerForm
            block={settings.customerInfo.order}
            value={s.customer}
            onChange={store.editCustomer}
            errors={errors.form}
            termsUrl={settings.order.termsUrl}
            disabled={s.paying}
          />
        </Stack>
        {d.total > 0 ? (
          <Stack gap="xs">
            <Title order={3} fz="h4">
              {t('payment.title')}
            </Title>
            <CardForm
              value={s.card}
              onChange={store.editCard}
              errors={errors.card}
              maxPayments={d.maxPayments}
              disabled={s.paying}
            />
          </Stack>
        ) : null}
        {s.payError ? (
          <Alert color="red" role="alert" data-testid="payment-error">
            {messageText(t, s.payError)}
          </Alert>
        ) : null}
      </Stack>
    </StepLayout>
  );
}
