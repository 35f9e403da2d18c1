import { Box, Card, Chip, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationFund } from '../../api/contract/donations.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { customDonation, fixedDonation, type OrderDonation } from './donation.ts';

/**
 * The products step's donation (settings.donations.isOfferedInOrder): none, one of the fund's amounts,
 * or an amount the donor names within the fund's bounds; it joins the seat order as one more line.
 */
export function DonationOffer({
  fund,
  value,
  onChange,
}: {
  fund: DonationFund;
  value: OrderDonation | null;
  onChange: (d: OrderDonation | null) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [choice, setChoice] = useState<string>(
    value === null ? 'none' : value.amountId === null ? 'custom' : `a${value.amountId}`,
  );
  const [custom, setCustom] = useState<number | null>(value?.amountId === null ? value.amount : null);
  const bounds = fund.customAmount;
  const customWrong = choice === 'custom' && custom !== null && customDonation(fund, custom) === null;

  const choose = (v: string) => {
    setChoice(v);
    if (v === 'none') onChange(null);
    else if (v === 'custom') onChange(custom === null ? null : customDonation(fund, custom));
    else onChange(fixedDonation(fund, Number(v.slice(1))));
  };

  return (
    <Card withBorder padding="md" data-testid="donation-offer">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="h5">
            {t('order.donationTitle', { fund: pickText(fund.name, locale) })}
          </Title>
          <Text size="sm" c="dimmed">
            {pickText(fund.description, locale)}
          </Text>
        </Stack>
        <Chip.Group multiple={false} value={choice} onChange={choose}>
          <Group gap="xs" role="radiogroup" aria-label={t('order.donationAmount')}>
            <Chip value="none" variant="outline" wrapperProps={{ 'data-testid': 'donation-none' }}>
              {t('order.donationNone')}
            </Chip>
            {fund.amounts.map((a) => (
              <Chip
                key={a.id}
                value={`a${a.id}`}
                variant="outline"
                wrapperProps={{ 'data-testid': 'donation-amount' }}
              >
                {formatPrice(a.amount, locale)}
              </Chip>
            ))}
            {bounds ? (
              <Chip value="custom" variant="outline" wrapperProps={{ 'data-testid': 'donation-custom' }}>
                {t('order.donationOther')}
              </Chip>
            ) : null}
          </Group>
        </Chip.Group>
        {choice === 'custom' && bounds ? (
          <Box maw={280}>
            <AmountInput
              label={t('order.donationCustom')}
              description={t('order.donationBounds', {
                min: formatPrice(bounds.min, locale),
                max: formatPrice(bounds.max, locale),
              })}
              value={custom}
              onChange={(agorot) => {
                setCustom(agorot);
                onChange(agorot === null ? null : customDonation(fund, agorot));
              }}
              error={
                customWrong
                  ? t('errors.donation_amount_out_of_range', {
                      min: formatPrice(bounds.min, locale),
                      max: formatPrice(bounds.max, locale),
                    })
                  : null
              }
              testId="donation-custom-amount"
            />
          </Box>
        ) : null}
      </Stack>
    </Card>
  );
}
