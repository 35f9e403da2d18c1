import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DerivedOrder } from './selectors.ts';
import { BackButton, FlowSummary, NextButton, StepLayout } from './StepLayout.tsx';
import type { OrderSnapshot, OrderStore } from './store.ts';
import { TicketCodes } from './TicketCodes.tsx';
import { TicketStep } from './TicketStep.tsx';

/**
 * Step 2: a ticket per seat, and the ticket codes that add tickets to choose; the way on opens when every
 * seat has a ticket, every ticket rule holds and every code ticket has what it asks for.
 */
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
            disabled={
              d.ticketProblems.length > 0 || d.codeProblems.length > 0 || d.chosen.length !== s.seats.length
            }
          />
        </>
      }
    >
      <Stack gap="md">
        <TicketStep
          groups={d.groups}
          seats={s.seats}
          codes={s.codes}
          codeProblems={d.codeProblems}
          isReserved={p.isReserved}
          onChoose={(key, ticketId, code) => {
            store.chooseTicket(key, ticketId, code);
            // A new ticket starts from its own add-on default (the old ticket's choice may not apply).
            store.chooseAddons(key, undefined);
          }}
          onRef={store.setRef}
          onAddons={store.chooseAddons}
        />
        <TicketCodes
          buttons={store.settings.vouchers.byCodeButtons}
          codes={s.codes}
          seats={s.seats}
          onApply={store.applyCode}
          onRemove={store.removeCode}
        />
      </Stack>
    </StepLayout>
  );
}
