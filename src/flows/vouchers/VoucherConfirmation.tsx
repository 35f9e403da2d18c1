import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { IssuedVoucher } from '../../api/contract/vouchers.ts';
import { formatDate, formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { PurchaseConfirmation } from '../checkout/PurchaseConfirmation.tsx';
import type { SentGift } from './gift.ts';

/** What a voucher is worth in words: a gift card's value, else its benefit (and the tickets it pays). */
export function useVoucherWorth() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (v: IssuedVoucher) =>
    v.isStoredValue
      ? t('vouchers.worth', { value: formatPrice(v.value, locale) })
      : pickText(v.benefit, locale);
}

/**
 * Step 5: each voucher's code, worth and validity, the products, how it was paid, and the printable
 * vouchers; sent as a gift, to whom and when the e-mail goes.
 */
export function VoucherConfirmation({ answer, gift }: { answer: CheckoutCompleted; gift: SentGift | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const worth = useVoucherWorth();
  const { order } = answer;
  return (
    <PurchaseConfirmation
      answer={answer}
      title={t('vouchers.thankYou')}
      documentLabel={t('vouchers.openDocument')}
      keepText={t('vouchers.keepCodes')}
    >
      {gift ? (
        <Alert color="teal" data-testid="gift-sent">
          {gift.today
            ? t('vouchers.gift.sentToday', { name: gift.recipientName, email: gift.recipientEmail })
            : t('vouchers.gift.sentOn', {
                name: gift.recipientName,
                email: gift.recipientEmail,
                date: formatDate(gift.deliverOn, locale),
              })}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {order.vouchers.map((v) => (
          <Card key={v.reference} withBorder padding="md" data-testid="issued-voucher">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={3} fz="h5">
                  {pickText(v.name, locale)}
                </Title>
                <Badge variant="light">{formatPrice(v.price, locale)}</Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {t('vouchers.code')}
              </Text>
              <Text fw={700} fz="xl" ff="monospace">
                {/* The code reads left to right in any language, aligned with the card's text. */}
                <bdi dir="ltr" data-testid="voucher-code">
                  {v.reference}
                </bdi>
              </Text>
              <Text size="sm">{worth(v)}</Text>
              <Text size="sm" c="dimmed" data-testid="voucher-validity">
                {v.date
                  ? t('vouchers.validOn', { date: formatDate(v.date, locale) })
                  : t('vouchers.validUntil', { date: formatDate(v.endDate, locale) })}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {order.products.length ? (
        <Card withBorder padding="md">
          <Stack gap={4}>
            {order.products.map((p) => (
              <Group key={p.id} justify="space-between">
                <Text size="sm">{`${pickText(p.name, locale)} × ${p.quantity}`}</Text>
                <Text size="sm">{formatPrice(p.total, locale)}</Text>
              </Group>
            ))}
          </Stack>
        </Card>
      ) : null}
      <Text fw={700} data-testid="confirmation-total">
        {t('edocument.total', { total: formatPrice(order.totals.total, locale) })}
      </Text>
    </PurchaseConfirmation>
  );
}
