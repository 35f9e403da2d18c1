import { useTranslation } from 'react-i18next';
import type { DerivedOrder } from './selectors.ts';
import { BackButton, FlowSummary, NextButton, StepLayout } from './StepLayout.tsx';
import type { OrderSnapshot, OrderStore } from './store.ts';
import { TicketStep } from './TicketStep.tsx';

/** Step 2: a ticket per seat; the way on opens when every seat has one and every ticket rule holds. */
export function TicketsStepView({ store, s, d }: { store: OrderStore; s: OrderSnapshot; d: DerivedOrder }) {
  const { t } = useTranslation();
  const p = store.presentation;
  return (
    <StepLayout
      summary={<FlowSummary presentation={p} s={s} d={d} />}
      nav={
        <>
          <BackButton store={store} to="seats" disabled={false} />
          <NextButton
            store={store}
            to="products"
            label={t('order.toProducts')}
            disabled={d.ticketProblems.length > 0 || d.chosen.length !== s.seats.length}
          />
        </>
      }
    >
      <TicketStep
        groups={s.groups}
        seats={s.seats}
        isReserved={p.isReserved}
        onChoose={(key, ticketId) => {
          store.chooseTicket(key, ticketId);
          // A new ticket starts from its own add-on default (the old ticket's choice may not apply).
          store.chooseAddons(key, undefined);
        }}
        onAddons={store.chooseAddons}
      />
    </StepLayout>
  );
}
