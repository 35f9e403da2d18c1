import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '../../api/contract/order.ts';
import type { Settings } from '../../api/contract/session.ts';

/** The methods the venue switched on (saved cards only for a logged-in customer who has some). */
export function offeredMethods(settings: Settings, savedCards: number): PaymentMethod[] {
  const { methods, paypal } = settings.payment;
  const out: PaymentMethod[] = [];
  if (methods.card) out.push('card');
  if (methods.savedCards && savedCards > 0) out.push('savedCard');
  if (paypal.isActive) out.push('paypal');
  if (methods.blik) out.push('blik');
  if (methods.redirect) out.push('redirect');
  return out;
}

/** The payment-method chooser: one card per method, the chosen one marked. */
export function PaymentMethods({
  offered,
  value,
  onChange,
  disabled,
}: {
  offered: PaymentMethod[];
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (offered.length <= 1) return null;
  return (
    <Radio.Group
      value={value}
      onChange={(v) => onChange(v as PaymentMethod)}
      label={t('checkout.methodLabel')}
      data-testid="payment-methods"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {offered.map((m) => (
          <Radio.Card
            key={m}
            value={m}
            radius="md"
            p="sm"
            disabled={disabled}
            data-testid={`method-${m}`}
            aria-label={t(`checkout.methods.${m}`)}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {t(`checkout.methods.${m}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`checkout.methodHints.${m}`)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
