import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IssuedVoucher } from '../../api/contract/vouchers.ts';
import { formatDate, formatPrice, pickText } from '../../i18n/format.ts';
import { Barcode } from '../../ui/Barcode.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { QrImage } from '../../ui/QrImage.tsx';

/**
 * One printable voucher: its name, what it is worth (a gift card's value, else its benefit and the
 * tickets it pays), its validity (a dated voucher's date), its code as text, QR code and Code 128
 * barcode, and its terms.
 */
export function VoucherDocument({ voucher: v }: { voucher: IssuedVoucher }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const terms = v.terms ? pickText(v.terms, locale) : '';
  return (
    <Card withBorder padding="md" className="eticket" data-testid="voucher-document">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Badge variant="light">{t(v.isStoredValue ? 'edocument.giftCard' : 'edocument.voucher')}</Badge>
            <Title order={2} fz="h4">
              {pickText(v.name, locale)}
            </Title>
            <Text fw={700} data-testid="voucher-worth">
              {v.isStoredValue
                ? t('edocument.value', { value: formatPrice(v.value, locale) })
                : pickText(v.benefit, locale)}
            </Text>
            {!v.isStoredValue && v.uses > 0 ? (
              <Text size="sm">{t('edocument.uses', { count: v.uses })}</Text>
            ) : null}
            <Text size="sm" data-testid="voucher-validity">
              {v.date
                ? t('edocument.validOn', { date: formatDate(v.date, locale) })
                : t('edocument.validFromTo', {
                    from: formatDate(v.startDate, locale),
                    to: formatDate(v.endDate, locale),
                  })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('edocument.paid', { price: formatPrice(v.price, locale) })}
            </Text>
          </Stack>
          <QrImage
            value={v.reference}
            label={t('edocument.voucherQrFor', { code: v.reference })}
            testId="voucher-qr"
          />
        </Group>
        <Stack gap={2} align="center">
          <Barcode
            value={v.reference}
            label={t('edocument.voucherBarcodeFor', { code: v.reference })}
            testId="voucher-barcode"
          />
          <Text ff="monospace" fw={700} fz="lg" dir="ltr" data-testid="voucher-reference">
            {v.reference}
          </Text>
        </Stack>
        {terms ? (
          <Text size="xs" c="dimmed" data-testid="voucher-terms">
            {t('edocument.terms', { terms })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
