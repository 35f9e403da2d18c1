import { Badge, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VoucherOffer } from '../../api/contract/vouchers.ts';
import { addDaysIso } from '../../domain/venue.ts';
import { formatDate, formatLongDate, formatPrice, pickText, venueToday } from '../../i18n/format.ts';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { ChipChoice, PurchaseCard, QuantityLine, useProblemText } from '../checkout/PurchaseCard.tsx';
import type { LineProblem } from './rules.ts';
import type { VoucherStore } from './store.ts';
import type { VoucherLine } from '../../state/purchase.ts';

interface Props {
  store: VoucherStore;
  offer: VoucherOffer;
  line: VoucherLine;
  problem: LineProblem | null;
  max: number;
  layout: 'grid' | 'list';
  /** settings.vouchers.isNextButtonPerVoucher: the card has its own next button. */
  ownNext: boolean;
}

/**
 * One voucher for sale: its name, description, benefit and validity, then its price (one of its
 * prices, an amount the customer names within the bounds, or a date), the quantity, and, where the
 * venue wants it, its own next button.
 */
export function VoucherCard({ store, offer, line, problem, max, layout, ownNext }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const problemText = useProblemText();
  const id = offer.SystemVoucherId;
  const name = pickText(offer.name, locale);
  const message = problem ? problemText(problem) : null;
  // Where the problem shows: under the amount, under the date, or beneath the card's fields.
  const dateKeys = ['vouchers.chooseDate', 'errors.voucher_date_sold_out', 'vouchers.onlyLeft'];
  const at = !problem
    ? null
    : offer.kind === 'open' && problem.key !== 'errors.voucher_max_quantity'
      ? 'amount'
      : offer.kind === 'dated' && dateKeys.includes(problem.key)
        ? 'date'
        : 'card';
  const min = offer.minPrice ?? 0;
  const most = offer.maxPrice ?? 0;

  const price =
    offer.kind === 'open' ? (
      <AmountInput
        label={t('vouchers.amount')}
        description={t('vouchers.amountRange', {
          min: formatPrice(min, locale),
          max: formatPrice(most, locale),
        })}
        value={line.amount}
        onChange={(a) => store.setAmount(offer, a)}
        onBlur={() => store.touch(id)}
        error={at === 'amount' ? message : null}
        testId={`voucher-amount-${id}`}
      />
    ) : offer.Prices.length > 1 ? (
      <ChipChoice
        label={t('vouchers.price')}
        value={line.priceId === null ? null : String(line.priceId)}
        onChange={(v) => store.choosePrice(offer, Number(v))}
        chips={offer.Prices.map((p) => ({
          value: String(p.SystemVoucherPriceId),
          label: formatPrice(p.Price, locale),
          testId: `voucher-price-${p.SystemVoucherPriceId}`,
        }))}
      />
    ) : (
      <Text fw={700} size="lg" data-testid={`voucher-fixed-price-${id}`}>
        {formatPrice(offer.Prices[0]?.Price ?? 0, locale)}
      </Text>
    );

  const info = (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={3} fz="h4">
          {name}
        </Title>
        {offer.isStoredValue ? (
          <Badge variant="light" color="violet" flex="none">
            {t('vouchers.giftCard')}
          </Badge>
        ) : offer.uses > 0 ? (
          <Badge variant="light" color="teal" flex="none">
            {t('vouchers.uses', { count: offer.uses })}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm">{pickText(offer.description, locale)}</Text>
      {pickText(offer.benefit, locale) ? (
        <Text size="sm" fw={600}>
          {t('vouchers.benefit', { benefit: pickText(offer.benefit, locale) })}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {offer.kind === 'dated'
          ? t('vouchers.validOnDate')
          : t('vouchers.validIfToday', {
              date: formatDate(addDaysIso(venueToday(), offer.validityDays), locale),
            })}
      </Text>
    </Stack>
  );
  const controls = (
    <Stack gap="sm">
      {price}
      {offer.kind === 'dated' ? (
        <NativeSelect
          label={t('vouchers.date')}
          value={line.date ?? ''}
          onChange={(e) => store.chooseDate(offer, e.currentTarget.value)}
          data={[
            { value: '', label: t('vouchers.chooseDate'), disabled: true },
            ...offer.dates.map((d) => ({
              value: d.Date,
              label:
                d.Vouchers > 0
                  ? formatLongDate(d.Date, locale)
                  : t('vouchers.dateSoldOut', { date: formatLongDate(d.Date, locale) }),
              disabled: d.Vouchers === 0,
            })),
          ]}
          error={at === 'date' ? message : undefined}
          data-testid={`voucher-date-${id}`}
        />
      ) : null}
      <QuantityLine
        label={t('vouchers.quantity')}
        name={name}
        max={max}
        quantity={line.quantity}
        onChange={(q) => store.setQuantity(offer, q)}
        testId={`voucher-quantity-${id}`}
        lineTotal={line.quantity > 0 && line.unitPrice !== null ? line.unitPrice * line.quantity : null}
        lineTotalTestId={`voucher-line-total-${id}`}
        strict
      />
      {at === 'card' ? (
        <Text size="sm" c="red" role="alert" data-testid={`voucher-problem-${id}`}>
          {message}
        </Text>
      ) : null}
      {ownNext ? (
        <Button onClick={() => store.nextWith(offer)} data-testid={`voucher-next-${id}`}>
          {t('vouchers.buyThis')}
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <PurchaseCard
      data-testid="voucher-offer"
      data-offer-id={id}
      layout={layout}
      info={info}
      controls={controls}
      infoSpan={7}
    />
  );
}
