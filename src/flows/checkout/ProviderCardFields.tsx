import { Alert, Box, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../ui/useLocale.ts';
import {
  loadStripeJs,
  registerProviderCardFields,
  type StripeElements,
  type StripePaymentElement,
} from './providerCard.ts';

/** The Payment Element's frame height: reserved before it loads, so nothing below it moves. */
const FIELDS_HEIGHT = 180;

interface Props {
  publishableKey: string;
  jsUrl: string;
  /** What this card pays, in minor units, and its currency: Stripe's fields show what suits them. */
  amount: number;
  currency: string;
  /** The customer asked to keep the card: the token is made for that (Stripe's setup_future_usage). */
  saveCard: boolean;
}

/**
 * The card form with Stripe (issue 38): Stripe's Payment Element, mounted from Stripe.js into the
 * checkout, cards only, in the shop's language. The card is typed into Stripe's own frame; the pay step
 * gets a ConfirmationToken from it (providerCard.ts) and sends only that to the box office.
 */
export function StripeCardFields({ publishableKey, jsUrl, amount, currency, saveCard }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const host = useRef<HTMLDivElement>(null);
  const elementsRef = useRef<StripeElements | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const first = useRef({ amount, saveCard });

  useEffect(() => {
    let element: StripePaymentElement | null = null;
    let unregister = () => {};
    let gone = false;
    loadStripeJs(jsUrl)
      .then((Stripe) => {
        if (gone || !host.current) return;
        const stripe = Stripe(publishableKey, { locale });
        const elements = stripe.elements({
          mode: 'payment',
          amount: first.current.amount,
          currency: currency.toLowerCase(),
          paymentMethodTypes: ['card'],
          setupFutureUsage: first.current.saveCard ? 'on_session' : null,
        });
        elementsRef.current = elements;
        element = elements.create('payment', {
          layout: 'tabs',
          wallets: { applePay: 'never', googlePay: 'never' },
        });
        element.on('ready', () => setState('ready'));
        element.mount(host.current);
        unregister = registerProviderCardFields({
          async tokenize() {
            const checked = await elements.submit();
            if (checked.error) return { error: checked.error.message ?? null };
            const made = await stripe.createConfirmationToken({ elements });
            if (made.error || !made.confirmationToken) return { error: made.error?.message ?? null };
            return { token: made.confirmationToken.id };
          },
        });
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      unregister();
      element?.destroy();
      elementsRef.current = null;
    };
  }, [jsUrl, publishableKey, locale, currency]);

  useEffect(() => {
    elementsRef.current?.update({ amount, setupFutureUsage: saveCard ? 'on_session' : null });
  }, [amount, saveCard]);

  if (state === 'failed')
    return (
      <Alert color="red" data-testid="card-fields-failed">
        {t('checkout.cardFieldsUnavailable')}
      </Alert>
    );
  return (
    <Box
      pos="relative"
      mih={FIELDS_HEIGHT}
      data-testid="provider-card-fields"
      aria-busy={state === 'loading'}
    >
      {state === 'loading' ? (
        <Loader size="sm" pos="absolute" top={8} aria-label={t('checkout.cardFieldsLoading')} />
      ) : null}
      <div ref={host} />
    </Box>
  );
}
