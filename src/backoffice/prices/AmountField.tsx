import { ActionIcon, Group, NumberInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';

/**
 * An amount changed in place (a ticket type's price or fee, a product's price): typed in the currency's
 * main unit, kept in minor units, saved with its button or Enter. A refusal shows under the field.
 */
export function AmountField({
  amount,
  label,
  testId,
  save,
}: {
  amount: number;
  label: string;
  testId: string;
  save(minor: number): Promise<void>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(amount / 100);
  const { busy, error, run } = useAction();
  const minor = Math.round(Number(value) * 100);
  const changed = value !== '' && Number.isFinite(minor) && minor >= 0 && minor !== amount;
  const submit = () => void run(() => save(minor));
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        aria-label={label}
        value={value}
        onChange={setValue}
        min={0}
        decimalScale={2}
        fixedDecimalScale
        prefix={`${currencySymbol()} `}
        hideControls
        w={130}
        styles={touchInput}
        error={error ? errorText(t, error) : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && changed) submit();
        }}
        data-testid={testId}
      />
      <Tooltip label={t('backoffice.prices.save')}>
        <ActionIcon
          size={TOUCH_PX}
          variant={changed ? 'filled' : 'subtle'}
          disabled={!changed}
          loading={busy}
          onClick={submit}
          aria-label={`${t('backoffice.prices.save')}: ${label}`}
          data-testid={`${testId}-save`}
        >
          ✓
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
