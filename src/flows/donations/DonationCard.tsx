import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DONATION_MAX_QUANTITY, type DonationFund } from '../../api/contract/donations.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import type { DonationLine } from '../../state/purchase.ts';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { ChipChoice, PurchaseCard, QuantityLine, useProblemText } from '../checkout/PurchaseCard.tsx';
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
  const problemText = useProblemText();
  const message = problem ? problemText(problem) : null;
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
      <ChipChoice
        label={t('donations.amount')}
        value={chip}
        onChange={(v) => (v === 'custom' ? store.chooseCustom(fund) : store.chooseAmount(fund, Number(v)))}
        chips={[
          ...fund.amounts.map((a) => ({
            value: String(a.id),
            label: formatPrice(a.amount, locale),
            testId: `donation-amount-${a.id}`,
          })),
          ...(fund.customAmount
            ? [{ value: 'custom', label: t('donations.otherAmount'), testId: `donation-custom-${fund.id}` }]
            : []),
        ]}
      />
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
      <QuantityLine
        label={t('donations.quantity')}
        name={name}
        max={DONATION_MAX_QUANTITY}
        quantity={line.quantity}
        onChange={(q) => store.setQuantity(fund, q)}
        testId={`donation-quantity-${fund.id}`}
        lineTotal={line.quantity > 0 && line.amount ? line.amount * line.quantity : null}
        lineTotalTestId={`donation-line-total-${fund.id}`}
      />
      {message && !line.custom ? (
        <Text size="sm" c="red" role="alert" data-testid={`donation-problem-${fund.id}`}>
          {message}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <PurchaseCard
      data-testid="donation-fund"
      data-fund-id={fund.id}
      layout={layout}
      info={info}
      controls={controls}
    />
  );
}
