import { Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreditCardInfo } from '../../api/contract/order.ts';
import { splitInstalments } from '../../domain/payment/split.ts';
import { isExpiryValid, isValidCardNumber, isValidCvv, isValidIsraeliId } from '../../domain/validation.ts';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';

export interface CardValue extends CreditCardInfo {
  numberOfPayments: number;
}

export const emptyCard: CardValue = { number: '', expiry: '', cvv: '', holderId: '', numberOfPayments: 1 };

export type CardErrors = Partial<Record<keyof CreditCardInfo, string>>;

/** The card checks of spec section 5, each with its own message. */
export function cardErrors(card: CreditCardInfo, now: Date): Partial<Record<keyof CreditCardInfo, string>> {
  const e: Partial<Record<keyof CreditCardInfo, string>> = {};
  if (!isValidCardNumber(card.number)) e.number = 'card_number_invalid';
  if (!isExpiryValid(card.expiry, now)) e.expiry = 'card_expiry_invalid';
  if (!isValidCvv(card.cvv)) e.cvv = 'card_cvv_invalid';
  if (!isValidIsraeliId(card.holderId)) e.holderId = 'invalid_ssn';
  return e;
}

function formatNumber(v: string) {
  return v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(v: string) {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

interface Props {
  value: CardValue;
  onChange: (value: CardValue) => void;
  /** Error codes per field (translated under errors.*). */
  errors: CardErrors;
  maxPayments: number;
  /** Agorot paid by this card: the instalments are shown split (first payment and the others). */
  amount: number;
  disabled?: boolean;
}

/**
 * The card entry (spec section 3: number, expiry, CVV, holder ID, number of payments). One isolated
 * component, so a provider's hosted fields can take its place; its values go only into the commit
 * call and are never stored by the shop.
 */
export function CardForm({ value, onChange, errors, maxPayments, amount, disabled }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const set = (patch: Partial<CardValue>) => onChange({ ...value, ...patch });
  const err = (k: keyof CreditCardInfo) => (errors[k] ? t(`errors.${errors[k]}`) : undefined);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="card-form">
      <TextInput
        label={t('payment.cardNumber')}
        value={value.number}
        onChange={(e) => set({ number: formatNumber(e.currentTarget.value) })}
        error={err('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        dir="ltr"
        required
        disabled={disabled}
        name="cardnumber"
      />
      <Group grow gap="sm" align="flex-start">
        <TextInput
          label={t('payment.expiry')}
          placeholder={t('payment.expiryPlaceholder')}
          value={value.expiry}
          onChange={(e) => set({ expiry: formatExpiry(e.currentTarget.value) })}
          error={err('expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          dir="ltr"
          required
          disabled={disabled}
          name="cc-exp"
        />
        <TextInput
          label={t('payment.cvv')}
          value={value.cvv}
          onChange={(e) => set({ cvv: e.currentTarget.value.replace(/\D/g, '').slice(0, 4) })}
          error={err('cvv')}
          inputMode="numeric"
          autoComplete="cc-csc"
          dir="ltr"
          required
          disabled={disabled}
          name="cvc"
        />
      </Group>
      <TextInput
        label={t('payment.holderId')}
        value={value.holderId}
        onChange={(e) => set({ holderId: e.currentTarget.value.replace(/\D/g, '').slice(0, 9) })}
        error={err('holderId')}
        inputMode="numeric"
        dir="ltr"
        required
        disabled={disabled}
      />
      <Select
        label={t('payment.numberOfPayments')}
        data={Array.from({ length: Math.max(1, maxPayments) }, (_, i) => ({
          value: String(i + 1),
          label: String(i + 1),
        }))}
        value={String(Math.min(value.numberOfPayments, Math.max(1, maxPayments)))}
        onChange={(v) => set({ numberOfPayments: Number(v ?? 1) })}
        allowDeselect={false}
        disabled={disabled || maxPayments <= 1}
      />
      <InstalmentsNote
        amount={amount}
        count={Math.min(value.numberOfPayments, Math.max(1, maxPayments))}
        locale={locale}
      />
    </SimpleGrid>
  );
}

/** "First payment ₪83.34, then 2 payments of ₪83.33" under the instalments choice. */
function InstalmentsNote({
  amount,
  count,
  locale,
}: {
  amount: number;
  count: number;
  locale: Parameters<typeof formatPrice>[1];
}) {
  const { t } = useTranslation();
  if (count <= 1 || amount <= 0) return null;
  const split = splitInstalments(amount, count);
  return (
    <Text size="sm" c="dimmed" data-testid="instalments-split" style={{ gridColumn: '1 / -1' }}>
      {t('payment.instalmentsSplit', {
        first: formatPrice(split.first, locale),
        count: split.count - 1,
        others: formatPrice(split.others, locale),
      })}
    </Text>
  );
}
