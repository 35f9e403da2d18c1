import { Card, Chip, Grid, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DONATION_MAX_QUANTITY, type DonationFund } from '../../api/contract/donations.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import type { DonationLine } from '../../state/purchase.ts';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import type { DonationProblem } from './rules.ts';
import type { DonationStore } from './store.ts';

interface Props {
  store: DonationStore;
  fund: DonationFund;
  line: DonationLine;
  problem: DonationProblem | null;
  layout: 'grid' | 'list';
}

/** One fund: its name and description, the fixed amounts as chips, another amount of the donor's, the quantity. */
export function DonationCard({ store, fund, line, problem, layout }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = pickText(fund.name, locale);
  const money = Object.fromEntries(
    Object.entries(problem?.money ?? {}).map(([k, v]) => [k, formatPrice(v, locale)]),
  );
  const message = problem ? t(problem.key, { ...problem.params, ...money }) : null;
  const chip = line.custom ? 'custom' : line.amountId !== null ? String(line.amountId) : null;

  const info = (
    <Stack gap="xs">
      <Title order={3} fz="h4">
        {name}
      </Title>
      <Text size="sm">{pickText(fund.description, locale)}</Text>
    </Stack>
  );
  const controls = (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('donations.amount')}
        </Text>
        <Chip.Group
          multiple={false}
          value={chip}
          onChange={(v) => (v === 'custom' ? store.chooseCustom(fund) : store.chooseAmount(fund, Number(v)))}
        >
          <Group gap="xs">
            {fund.amounts.map((a) => (
              <Chip
                key={a.id}
                value={String(a.id)}
                wrapperProps={{ 'data-testid': `donation-amount-${a.id}` }}
              >
                {formatPrice(a.amount, locale)}
              </Chip>
            ))}
            {fund.customAmount ? (
              <Chip value="custom" wrapperProps={{ 'data-testid': `donation-custom-${fund.id}` }}>
                {t('donations.otherAmount')}
              </Chip>
            ) : null}
          </Group>
        </Chip.Group>
      </Stack>
      {line.custom && fund.customAmount ? (
        <AmountInput
          label={t('donations.yourAmount')}
          description={t('donations.amountRange', {
            min: formatPrice(fund.customAmount.min, locale),
            max: formatPrice(fund.customAmount.max, locale),
          })}
          value={line.amount}
          onChange={(a) => store.setCustomAmount(fund, a)}
          onBlur={() => store.touch(fund.id)}
          error={message}
          testId={`donation-custom-amount-${fund.id}`}
        />
      ) : null}
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <NumberInput
          label={t('donations.quantity')}
          aria-label={t('order.quantityOf', { name })}
          min={0}
          max={DONATION_MAX_QUANTITY}
          w={110}
          allowDecimal={false}
          allowNegative={false}
          value={line.quantity}
          onChange={(v) =>
            store.setQuantity(
              fund,
              typeof v === 'number' ? Math.max(0, Math.min(DONATION_MAX_QUANTITY, v)) : 0,
            )
          }
          data-testid={`donation-quantity-${fund.id}`}
        />
        {line.quantity > 0 && line.amount ? (
          <Text size="sm" c="dimmed" data-testid={`donation-line-total-${fund.id}`}>
            {formatPrice(line.amount * line.quantity, locale)}
          </Text>
        ) : null}
      </Group>
      {message && !line.custom ? (
        <Text size="sm" c="red" role="alert" data-testid={`donation-problem-${fund.id}`}>
          {message}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <Card withBorder padding="md" radius="md" data-testid="donation-fund" data-fund-id={fund.id} h="100%">
      {layout === 'list' ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 6 }}>{info}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{controls}</Grid.Col>
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
