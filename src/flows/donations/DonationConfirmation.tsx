import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import { formatDate, formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { PurchaseConfirmation } from '../checkout/PurchaseConfirmation.tsx';

/** Step 3: thanks, the donations and the receipt's number, and the receipt to print. */
export function DonationConfirmation({ answer }: { answer: CheckoutCompleted }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = answer;
  const receipt = order.donationReceipt;
  return (
    <PurchaseConfirmation
      answer={answer}
      title={t('donations.thankYou')}
      documentLabel={t('donations.openReceipt')}
      keepText={t('donations.keepReceipt')}
    >
      <Card withBorder padding="md">
        <Stack gap="xs">
          {order.donations.map((d) => (
            <Group key={d.fundId} justify="space-between" wrap="nowrap" data-testid="confirmation-donation">
              <Text size="sm">
                {d.quantity > 1 ? `${pickText(d.name, locale)} × ${d.quantity}` : pickText(d.name, locale)}
              </Text>
              <Text size="sm">{formatPrice(d.total, locale)}</Text>
            </Group>
          ))}
          <Group justify="space-between">
            <Text fw={700}>{t('order.total')}</Text>
            <Text fw={700} data-testid="confirmation-total">
              {formatPrice(order.totals.total, locale)}
            </Text>
          </Group>
          {receipt ? (
            <Text size="sm" c="dimmed" data-testid="receipt-number">
              {t('donations.receiptIs', { number: receipt.number, date: formatDate(receipt.date, locale) })}
            </Text>
          ) : null}
        </Stack>
      </Card>
    </PurchaseConfirmation>
  );
}
