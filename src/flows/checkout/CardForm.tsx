import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreditCardInfo } from '../../api/contract/order.ts';
import { isExpiryValid, isValidCardNumber, isValidCvv, isValidIsraeliId } from '../../domain/validation.ts';

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
  disabled?: boolean;
}

/**
 * The card entry (spec section 3: number, expiry, CVV, holder ID, number of payments). One isolated
 * component, so a provider's hosted fields can take its place; its values go only into the commit
 * call and are never stored by the shop.
 */
export function CardForm({ value, onChange, errors, maxPayments, disabled }: Props) {
  const { t } = useTranslation();
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
    </SimpleGrid>
  );
}
