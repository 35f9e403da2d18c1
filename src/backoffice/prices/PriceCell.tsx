import { useTranslation } from 'react-i18next';
import { AmountField } from './AmountField.tsx';
import { pricesApi, type TicketType } from './api.ts';

/** A ticket type's price or handling fee, changed in place (new sales only). */
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
  return (
    <AmountField
      amount={ticket[field]}
      label={t(field === 'price' ? 'backoffice.prices.price' : 'backoffice.prices.serviceCharge')}
      testId={`ticket-${field}`}
      save={async (minor) => onSaved(await pricesApi.updateTicketType(ticket.id, { [field]: minor }))}
    />
  );
}
