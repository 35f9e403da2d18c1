import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import { currencySymbol } from '../../../i18n/format.ts';
import { touchInput } from '../../ui/touch.ts';

/** What was typed, in minor units (agorot); null while empty or not an amount. */
function toMinor(raw: number | string): number | null {
  if (raw === '') return null;
  const minor = Math.round(Number(raw) * 100);
  return Number.isSafeInteger(minor) && minor >= 0 ? minor : null;
}

/**
 * Money typed at the counter: in the currency's main unit (₪ 84.50), handed on in minor units. It follows
 * `value` when the caller changes it (an amount filled in with what is left to pay) and otherwise keeps
 * what is being typed. Enter runs `onEnter` (the clerk's keyboard: type the amount, press Enter).
 */
export function MoneyInput({
  value,
  onChange,
  label,
  testId,
  autoFocus,
  onEnter,
  w = 150,
}: {
  value: number | null;
  onChange(minor: number | null): void;
  label: string;
  testId: string;
  autoFocus?: boolean;
  onEnter?(): void;
  w?: number | string;
}) {
  const [raw, setRaw] = useState<number | string>(value === null ? '' : value / 100);
  // A change of `value` from outside resets what is typed (adjusted while rendering, as React advises).
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (toMinor(raw) !== value) setRaw(value === null ? '' : value / 100);
  }
  return (
    <NumberInput
      label={label}
      value={raw}
      onChange={(v) => {
        setRaw(v);
        onChange(toMinor(v));
      }}
      min={0}
      decimalScale={2}
      prefix={`${currencySymbol()} `}
      hideControls
      w={w}
      styles={touchInput}
      autoFocus={autoFocus}
      // In a dialog, its focus trap focuses the field as it opens (Mantine's data-autofocus).
      data-autofocus={autoFocus ? true : undefined}
      inputMode="decimal"
      onKeyDown={(e) => {
        if (e.key === 'Enter') onEnter?.();
      }}
      data-testid={testId}
    />
  );
}
