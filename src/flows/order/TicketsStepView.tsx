import { Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { codeButtonsThatApply, ticketStepBlocks } from '../../domain/order/whatApplies.ts';
import { customerState } from '../../state/customer.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { MemberTicketsPanel } from './MemberTicketsPanel.tsx';
import { memberTicketIds, seatMemberOptions } from './memberTickets.ts';
import type { DerivedOrder } from './selectors.ts';
import { BackButton, FlowSummary, NextButton, StepLayout } from './StepLayout.tsx';
import type { OrderSnapshot, OrderStore } from './store.ts';
import { TicketCodes } from './TicketCodes.tsx';
import { TicketStep } from './TicketStep.tsx';
import { JumperAge, useJumperMisfit } from './waiver/JumperAge.tsx';

/**
 * Step 2: a ticket per seat, and the ticket codes that add tickets to choose; the way on opens when every
 * seat has a ticket, every ticket rule holds and every code ticket has what it asks for.
 */
export function TicketsStepView({ store, s, d }: { store: OrderStore; s: OrderSnapshot; d: DerivedOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const p = store.presentation;
  // Only the ways in that can apply here: a trampoline session has no partner, voucher or senior price.
  const blocks = ticketStepBlocks(p.ticketAudiences, {
    isSeniorLookupEnabled: store.settings.seniorCitizen.isLookupEnabled,
  });
  const buttons = codeButtonsThatApply(store.settings.vouchers.byCodeButtons, blocks);
  const withCodeBlock = blocks.codes || blocks.senior || s.codes.length > 0;
  // Logging in or out on the way (the header's login) changes whose member tickets these are.
  const customerId = useSnapshot(customerState).customer?.CustomerId ?? null;
  const seen = useRef(customerId);
  const misfit = useJumperMisfit(store, s);
  useEffect(() => {
    if (seen.current === customerId) return;
    seen.current = customerId;
    void store.loadMemberTickets();
  }, [customerId, store]);
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
              d.ticketProblems.length > 0 ||
              d.codeProblems.length > 0 ||
              d.memberProblems.length > 0 ||
              misfit ||
              d.chosen.length !== s.seats.length
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
          memberOptions={(seat) => seatMemberOptions(t, locale, s, seat)}
          memberTicketIds={memberTicketIds(s.memberTickets)}
          onChooseMember={(key, ticketId, memberNumber) => {
            store.chooseMemberTicket(key, ticketId, memberNumber);
            store.chooseAddons(key, undefined);
          }}
          jumper={
            store.waiver
              ? (seat, index) => <JumperAge store={store} index={index} ticketId={seat.ticketId} />
              : undefined
          }
        />
        <MemberTicketsPanel state={s} problems={d.memberProblems} />
        {withCodeBlock ? (
          <TicketCodes
            buttons={buttons}
            withCodes={blocks.codes}
            codes={s.codes}
            seats={s.seats}
            onApply={store.applyCode}
            onRemove={store.removeCode}
            onApplySenior={blocks.senior ? store.applySenior : undefined}
          />
        ) : null}
      </Stack>
    </StepLayout>
  );
}
