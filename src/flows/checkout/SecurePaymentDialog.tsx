import { Anchor, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutAction } from '../../api/contract/checkout.ts';
import { formatPrice } from '../../i18n/format.ts';
import { withQuery } from '../../routing/paths.ts';
import { useLocale } from '../../ui/useLocale.ts';

/** How often the shop asks where a payment in progress stands. */
export const PAYMENT_POLL_MS = 1000;

function useTicking(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The secure-payment dialog (spec section 2) while a payment waits for the customer: the card issuer's
 * 3-D Secure page in a frame, or the wait for a Blik confirmation in the banking app (with the time
 * left). The box office is asked every second; the dialog closes itself when the payment settles.
 */
export function SecurePaymentDialog({
  action,
  redirecting,
  showSandboxBank,
  onPoll,
  onCancel,
  currency,
}: {
  action: CheckoutAction | null;
  redirecting: 'paypal' | 'hosted' | null;
  /** Development aid: a link to the sandbox banking app. */
  showSandboxBank: boolean;
  onPoll: () => Promise<void>;
  onCancel: () => Promise<void>;
  /** The order's currency when not the venue's (a EUR membership). */
  currency?: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [cancelling, setCancelling] = useState(false);
  const open = action !== null || redirecting !== null;
  const now = useTicking(action?.action.type === 'blik');

  useEffect(() => {
    if (!action) return;
    let running = false;
    const timer = window.setInterval(() => {
      if (running) return;
      running = true;
      void onPoll().finally(() => (running = false));
    }, PAYMENT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [action, onPoll]);

  const cancel = async () => {
    setCancelling(true);
    try {
      await onCancel();
    } finally {
      setCancelling(false);
    }
  };

  const cancelButton = (
    <Button variant="default" onClick={() => void cancel()} loading={cancelling} data-testid="cancel-payment">
      {t('checkout.cancelPayment')}
    </Button>
  );
  const a = action?.action;
  const title = redirecting
    ? t(`checkout.redirecting.${redirecting}`)
    : a?.type === 'challenge'
      ? t('checkout.challengeTitle')
      : t('checkout.blikTitle');
  return (
    <Modal
      opened={open}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={title}
      centered
      size={a?.type === 'challenge' ? 'lg' : 'md'}
      data-testid="secure-payment"
    >
      {redirecting ? (
        <Group>
          <Loader size="sm" />
          <Text>{t('checkout.redirectingText')}</Text>
        </Group>
      ) : null}
      {action && a?.type === 'challenge' ? (
        <Stack>
          <Text size="sm">
            {t('checkout.challengeText', { amount: formatPrice(action.amount, locale, currency) })}
          </Text>
          <Box
            component="iframe"
            src={withQuery(a.url, { lang: locale })}
            title={t('checkout.challengeFrame')}
            data-testid="challenge-frame"
            style={{
              width: '100%',
              height: 420,
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 8,
            }}
          />
          <Group justify="space-between">
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('checkout.waitingForBank')}
              </Text>
            </Group>
            {cancelButton}
          </Group>
        </Stack>
      ) : null}
      {action && a?.type === 'blik' ? (
        <Stack>
          <Text>{t('checkout.blikText', { amount: formatPrice(action.amount, locale) })}</Text>
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" data-testid="blik-countdown">
              {t('checkout.blikTimeLeft', {
                seconds: Math.max(0, Math.ceil((Date.parse(a.expiresAt) - now) / 1000)),
              })}
            </Text>
          </Group>
          {showSandboxBank ? (
            <Anchor
              href={`/sandbox/blik?lang=${locale}`}
              target="_blank"
              rel="noopener"
              size="sm"
              data-testid="sandbox-bank-link"
            >
              {t('checkout.openSandboxBank')}
            </Anchor>
          ) : null}
          <Group justify="flex-end">{cancelButton}</Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
