import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import { currencySymbol } from '../i18n/format.ts';

/** Shekels as typed (a number, or a string while incomplete) → agorot; null for nothing or a negative amount. */
export function agorotOf(value: number | string): number | null {
  if (value === '') return null;
  const n = typeof value === 'number' ? value : Number(value.replace(',', '.'));
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

interface Props {
  label: string;
  /** Agorot; null while nothing is typed. */
  value: number | null;
  onChange: (agorot: number | null) => void;
  onBlur?: () => void;
  error?: string | null;
  description?: string;
  placeholder?: string;
  testId?: string;
}

/**
 * An amount the customer names in the venue's currency (shekels, up to 2 decimals), handed on in
 * agorot. What is typed stays as typed: only the amount it means goes up.
 */
export function AmountInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  description,
  placeholder,
  testId,
}: Props) {
  const [text, setText] = useState<number | string>(value === null ? '' : value / 100);
  return (
    <NumberInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={text}
      onChange={(v) => {
        setText(v);
        onChange(agorotOf(v));
      }}
      onBlur={onBlur}
      error={error ?? undefined}
      min={0}
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      leftSection={currencySymbol()}
      dir="ltr"
      data-testid={testId}
    />
  );
}
