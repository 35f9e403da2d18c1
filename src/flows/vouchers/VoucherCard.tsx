import {
  Badge,
  Button,
  Card,
  Chip,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VoucherOffer } from '../../api/contract/vouchers.ts';
import { addDaysIso } from '../../domain/venue.ts';
import { formatDate, formatLongDate, formatPrice, pickText, venueToday } from '../../i18n/format.ts';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { useLocale } from '../../ui/useLocale.ts';
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

export function useProblemText() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (p: LineProblem) =>
    t(p.key, {
      ...p.params,
      ...Object.fromEntries(Object.entries(p.money ?? {}).map(([k, v]) => [k, formatPrice(v, locale)])),
    });
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
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('vouchers.price')}
        </Text>
        <Chip.Group
          multiple={false}
          value={line.priceId === null ? null : String(line.priceId)}
          onChange={(v) => store.choosePrice(offer, Number(v))}
        >
          <Group gap="xs">
            {offer.Prices.map((p) => (
              <Chip
                key={p.SystemVoucherPriceId}
                value={String(p.SystemVoucherPriceId)}
                wrapperProps={{ 'data-testid': `voucher-price-${p.SystemVoucherPriceId}` }}
              >
                {formatPrice(p.Price, locale)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
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
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <NumberInput
          label={t('vouchers.quantity')}
          aria-label={t('order.quantityOf', { name })}
          min={0}
          max={max}
          w={110}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          value={line.quantity}
          onChange={(v) =>
            store.setQuantity(offer, typeof v === 'number' ? Math.max(0, Math.min(max, v)) : 0)
          }
          data-testid={`voucher-quantity-${id}`}
        />
        {line.quantity > 0 && line.unitPrice !== null ? (
          <Text size="sm" c="dimmed" data-testid={`voucher-line-total-${id}`}>
            {formatPrice(line.unitPrice * line.quantity, locale)}
          </Text>
        ) : null}
      </Group>
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
    <Card withBorder padding="md" radius="md" data-testid="voucher-offer" data-offer-id={id} h="100%">
      {layout === 'list' ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 7 }}>{info}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>{controls}</Grid.Col>
        </Grid>
      ) : (
        <Stack gap="md" h="100%" justify="space-between">
          {info}
          {controls}
        </Stack>
      )}
    </Card>
  );
}
