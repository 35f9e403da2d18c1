import { ActionIcon, Group, NumberInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { pricesApi, type TicketType } from './api.ts';

/**
 * One amount of a ticket type (its price or handling fee) changed in place: typed in the currency's
 * main unit, kept in minor units, saved with its button or Enter. A refusal shows under the field.
 */
export function PriceCell({
  ticket,
  field,
  onSaved,
}: {
  ticket: TicketType;
  field: 'price' | 'serviceCharge';
  onSaved(t: TicketType): void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(ticket[field] / 100);
  const { busy, error, run } = useAction();
  const minor = Math.round(Number(value) * 100);
  const changed = value !== '' && Number.isFinite(minor) && minor >= 0 && minor !== ticket[field];
  const label = t(field === 'price' ? 'backoffice.prices.price' : 'backoffice.prices.serviceCharge');
  const save = () =>
    void run(async () => {
      onSaved(await pricesApi.updateTicketType(ticket.id, { [field]: minor }));
    });
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
          if (e.key === 'Enter' && changed) save();
        }}
        data-testid={`ticket-${field}`}
      />
      <Tooltip label={t('backoffice.prices.save')}>
        <ActionIcon
          size={TOUCH_PX}
          variant={changed ? 'filled' : 'subtle'}
          disabled={!changed}
          loading={busy}
          onClick={save}
          aria-label={`${t('backoffice.prices.save')}: ${label}`}
          data-testid={`ticket-${field}-save`}
        >
          ✓
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
