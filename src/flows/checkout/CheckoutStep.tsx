import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../../ui/breakpoints.ts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { takesCurrency } from '../../domain/currency.ts';
import { orderTermsFor } from '../../domain/terms.ts';
import { formatDateTime, formatPrice, pickText } from '../../i18n/format.ts';
import { customerState } from '../../state/customer.ts';
import { CodeInput } from '../../ui/CodeInput.tsx';
import { errorText } from '../../ui/errorText.ts';
import { scrollToFirstError } from '../../ui/scroll.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { CardForm } from './CardForm.tsx';
import { StripeCardFields } from './ProviderCardFields.tsx';
import { CustomerForm } from './CustomerForm.tsx';
import { DeliveryAddress } from './DeliveryAddress.tsx';
import { customerMayHold, visibleProblems } from './request.ts';
import { HoldLoginDialog } from './HoldLoginDialog.tsx';
import { offeredMethods, PaymentMethods } from './PaymentMethods.tsx';
import { CardLabel, SavedCardDialog } from './SavedCardDialog.tsx';
import { SecurePaymentDialog } from './SecurePaymentDialog.tsx';
import type { CheckoutMessage, CheckoutStore } from './store.ts';
import { VoucherPaymentDialog } from './VoucherPaymentDialog.tsx';

export function messageOf(t: Parameters<typeof errorText>[0], m: CheckoutMessage): string {
  return 'key' in m ? t(m.key) : errorText(t, m.error);
}

/**
 * Details and payment, for any flow (spec section 2): the customer's details and the terms, the order
 * type (members may reserve and pay at the box office), vouchers, the payment method with its dialogs,
 * and what is left to pay. `firstEventAt` dates the hold's deadline.
 */
export function CheckoutStep({
  checkout,
  firstEventAt,
}: {
  checkout: CheckoutStore;
  firstEventAt: string | null;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const locale = useLocale();
  const c = useSnapshot(checkout.state);
  const { customer } = useSnapshot(customerState);
  const { settings, host } = checkout;
  const [voucherOpen, setVoucherOpen] = useState(false);
  const [cardsOpen, setCardsOpen] = useState(false);
  const savedCards = customer?.MagCards ?? [];
  // A cart priced in another currency (a EUR membership) is paid whole by card: no vouchers, no instalments.
  const currency = host.currency?.() ?? null;
  const offered = offeredMethods(settings, savedCards.length).filter((m) => takesCurrency(m, currency));
  const due = checkout.due();
  // Read from the snapshot, so that leaving a field or trying to pay shows its messages at once.
  const shown = visibleProblems(checkout.problems(new Date()), c);
  const formErrors = { ...shown.form, ...c.serverErrors.form };
  // A refused form brings its first error into view, over the spec's 500 ms (src/ui/scroll.ts).
  const formRefused =
    c.payError !== null && 'key' in c.payError && /formValidation|terms_not/.test(c.payError.key);
  useEffect(() => {
    if (formRefused) scrollToFirstError();
  }, [formRefused, c.payError]);
  const cardErrs = { ...shown.card, ...c.serverErrors.card };
  // Offered only to whom the box office lets hold (a visitor not logged in is asked to log in first),
  // on the day the step opened (the box office decides again at the commit).
  const [openedAt] = useState(() => Date.now());
  const holdAllowed =
    settings.order.isHoldEnabled &&
    host.canHold &&
    (!customer || customerMayHold(customer, settings, openedAt));
  const deadline =
    firstEventAt !== null
      ? new Date(Date.parse(firstEventAt) - settings.order.holdMinutesBeforeEvent * 60_000).toISOString()
      : null;
  const poll = useCallback(() => checkout.poll(), [checkout]);
  const cancel = useCallback(() => checkout.cancelPayment(), [checkout]);
  const closeLogin = useCallback((ok: boolean) => checkout.closeHoldLogin(ok), [checkout]);
  const method = offered.includes(c.method) ? c.method : (offered[0] ?? 'card');

  return (
    <Stack gap="lg" data-testid="checkout">
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('order.yourDetails')}
        </Title>
        <CustomerForm
          block={host.block}
          value={c.customer}
          onChange={checkout.editCustomer}
          onBlur={checkout.touchField}
          errors={formErrors}
          terms={orderTermsFor(settings.order, locale)}
          disabled={c.paying}
        />
      </Stack>

      {host.needsDelivery() ? (
        <DeliveryAddress
          value={c.delivery}
          onChange={checkout.editDelivery}
          onBlur={checkout.touchField}
          errors={formErrors}
          disabled={c.paying}
        />
      ) : null}

      {holdAllowed ? (
        <Stack gap="xs">
          <Title order={3} fz="h4">
            {t('checkout.orderType')}
          </Title>
          <SegmentedControl
            value={c.isHold ? 'hold' : 'pay'}
            onChange={(v) => checkout.setHold(v === 'hold')}
            data={[
              { value: 'pay', label: t('checkout.payNow') },
              { value: 'hold', label: t('checkout.holdOrder') },
            ]}
            disabled={c.paying}
            data-testid="order-type"
            fullWidth
            // On a phone the two choices do not fit side by side ("Reserve, pay at the box office").
            orientation={phone ? 'vertical' : 'horizontal'}
          />
          {c.isHold ? (
            <Text size="sm" c="dimmed" data-testid="hold-explained">
              {t('checkout.holdExplained', {
                minutes: settings.order.holdMinutesBeforeEvent,
                deadline: deadline ? formatDateTime(deadline, locale) : '',
              })}
            </Text>
          ) : null}
          {c.premiumHoldRefused ? (
            <Alert color="orange" role="alert" data-testid="premium-hold-refused">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('errors.premiumWithHoldErrorMessage')}</Text>
                <Button size="xs" onClick={checkout.switchToNormalOrder} data-testid="switch-to-normal">
                  {t('checkout.switchToNormal')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
        </Stack>
      ) : null}

      {!c.isHold && host.block.isVoucherPaymentEnabled && !currency ? (
        <Stack gap="xs" data-testid="voucher-payments">
          <Title order={3} fz="h4">
            {t('checkout.vouchersTitle')}
          </Title>
          {c.vouchers.map((v) => (
            <Group key={v.reference} justify="space-between" data-testid="applied-voucher">
              <Text size="sm">
                {t('checkout.voucherApplied', {
                  name: pickText(v.name, locale),
                  reference: v.reference,
                  amount: formatPrice(v.amount, locale),
                })}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => checkout.removeVoucher(v.reference)}
              >
                {t('checkout.remove')}
              </Button>
            </Group>
          ))}
          {due > 0 ? (
            <Button
              variant="light"
              onClick={() => setVoucherOpen(true)}
              disabled={c.paying}
              data-testid="add-voucher"
              w="fit-content"
            >
              {t('checkout.addVoucher')}
            </Button>
          ) : null}
        </Stack>
      ) : null}

      {!c.isHold && due > 0 ? (
        <Stack gap="sm">
          <Title order={3} fz="h4">
            {t('checkout.paymentTitle')}
          </Title>
          <PaymentMethods
            offered={offered}
            value={method}
            onChange={checkout.chooseMethod}
            disabled={c.paying}
          />
          {method === 'card' ? (
            <>
              {settings.payment.stripe && settings.payment.cardFields === 'provider' ? (
                <StripeCardFields
                  publishableKey={settings.payment.stripe.publishableKey}
                  jsUrl={settings.payment.stripe.jsUrl}
                  amount={due}
                  currency={currency ?? settings.currency.code}
                  saveCard={Boolean(customer) && settings.payment.methods.savedCards && c.saveCard}
                />
              ) : (
                <CardForm
                  value={c.card}
                  onChange={checkout.editCard}
                  errors={cardErrs}
                  maxPayments={checkout.maxPayments()}
                  amount={due}
                  disabled={c.paying}
                />
              )}
              {customer && settings.payment.methods.savedCards ? (
                <Checkbox
                  label={t('checkout.saveCard')}
                  checked={c.saveCard}
                  onChange={(e) => checkout.setSaveCard(e.currentTarget.checked)}
                  data-testid="save-card"
                />
              ) : null}
            </>
          ) : null}
          {method === 'savedCard' ? (
            <Group justify="space-between" data-testid="chosen-saved-card">
              {(() => {
                const chosen = savedCards.find((k) => k.id === c.savedCardId);
                return chosen ? (
                  <CardLabel card={chosen} />
                ) : (
                  <Text c="dimmed">{t('checkout.noSavedCardChosen')}</Text>
                );
              })()}
              <Button
                size="xs"
                variant="light"
                onClick={() => setCardsOpen(true)}
                data-testid="open-saved-cards"
              >
                {t('checkout.chooseSavedCard')}
              </Button>
            </Group>
          ) : null}
          {method === 'blik' ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('checkout.blikCode')}
              </Text>
              <CodeInput
                length={6}
                oneTimeCode={false}
                value={c.blikCode}
                onChange={checkout.setBlikCode}
                disabled={c.paying}
                error={Boolean(formErrors.blikCode)}
                aria-label={t('checkout.blikCode')}
                data-testid="blik-code-input"
              />
              <Text size="xs" c={formErrors.blikCode ? 'red' : 'dimmed'}>
                {formErrors.blikCode ? t('errors.blik_code_invalid') : t('checkout.blikHint')}
              </Text>
            </Stack>
          ) : null}
          {method === 'paypal' || method === 'redirect' ? (
            <Text size="sm" c="dimmed">
              {t(`checkout.methodExplained.${method}`)}
            </Text>
          ) : null}
        </Stack>
      ) : null}

      {c.vouchers.length > 0 || c.isHold ? (
        <Text fw={600} data-testid="amount-due">
          {c.isHold
            ? t('checkout.holdNothingNow')
            : t('checkout.leftToPay', { amount: formatPrice(due, locale, currency) })}
        </Text>
      ) : null}

      {c.payError ? (
        <Alert color="red" role="alert" data-testid="payment-error">
          {messageOf(t, c.payError)}
        </Alert>
      ) : null}

      <VoucherPaymentDialog
        opened={voucherOpen}
        due={due}
        onApply={checkout.applyVoucher}
        onClose={() => setVoucherOpen(false)}
      />
      <SavedCardDialog
        key={String(cardsOpen)}
        opened={cardsOpen}
        cards={savedCards}
        selected={c.savedCardId}
        onSelect={checkout.chooseSavedCard}
        onDelete={checkout.deleteSavedCard}
        onClose={() => setCardsOpen(false)}
      />
      <SecurePaymentDialog
        action={c.action}
        redirecting={c.redirecting ? (c.method === 'paypal' ? 'paypal' : 'hosted') : null}
        showSandboxBank={settings.payment.provider === 'sandbox'}
        onPoll={poll}
        onCancel={cancel}
        currency={currency}
      />
      <HoldLoginDialog opened={c.holdLoginOpen} onClose={closeLogin} />
    </Stack>
  );
}

/** The pay button's words: reserve, confirm (nothing left to pay), or pay the amount due. */
export function payLabel(
  t: Parameters<typeof errorText>[0],
  checkout: CheckoutStore,
  isHold: boolean,
  locale: Parameters<typeof formatPrice>[1],
) {
  if (isHold) return t('checkout.reserve');
  const due = checkout.due();
  const total = formatPrice(due, locale, checkout.host.currency?.());
  return due > 0 ? t('order.pay', { total }) : t('checkout.confirmOrder');
}
