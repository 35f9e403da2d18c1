import { proxy } from 'valtio';
import type { Presentation, Ticket, TicketGroup } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { allInPrice } from '../../domain/order/fees.ts';
import { vodPath } from '../../routing/paths.ts';
import { cart, completeOrder, selectPresentation } from '../../state/cart.ts';
import { createPurchaseFlow } from '../checkout/purchase.ts';

/** The steps of a video's order: its ticket type (no seats), details and payment, confirmation. */
export const videoSteps = ['choose', 'payment', 'confirmation'] as const;
export type VideoStepId = (typeof videoSteps)[number];
export type VideoStore = ReturnType<typeof createVideoStore>;

export interface VideoTicket extends Ticket {
  groupId: number;
}

/**
 * A video on demand's order (spec sections 3 and 4) through the one checkout: choose a ticket type,
 * then pay. The video joins the presentation cart, which empties the rest of it (a video is bought on
 * its own); the box office prices and checks the line again.
 */
export function createVideoStore(
  settings: Settings,
  presentation: Presentation,
  groups: readonly TicketGroup[],
) {
  const tickets: VideoTicket[] = groups.flatMap((g) => g.tickets.map((t) => ({ ...t, groupId: g.id })));
  const local = proxy<{ ticketId: number | null; cleared: boolean }>({
    ticketId: tickets.length === 1 ? tickets[0]!.id : null,
    cleared: false,
  });
  const ticket = () => tickets.find((t) => t.id === local.ticketId) ?? null;
  /** A ticket as the box office charges it: its price and its handling fee (the checkout's fee rule). */
  const allIn = (t: Ticket) => allInPrice(t, presentation.serviceCharge.amount);
  const serviceCharge = () => {
    const t = ticket();
    return t ? allIn(t).serviceCharge : 0;
  };
  const total = () => {
    const t = ticket();
    return t ? allIn(t).total : 0;
  };

  const flow = createPurchaseFlow<VideoStepId, { ticketId: number | null }>(settings, {
    kind: 'video',
    path: vodPath(presentation.id),
    lines: () => {
      const t = ticket();
      return {
        videos: t ? [{ presentationId: presentation.id, ticketId: t.id }] : [],
        authProfileId: presentation.authProfileId,
        businessId: presentation.businessId,
      };
    },
    total,
    needsDelivery: () => false,
    save: () => ({ ticketId: local.ticketId }),
    restore(saved) {
      local.ticketId = saved.ticketId;
    },
    completed(answer) {
      completeOrder(presentation.id, answer.reservationIdentifier);
    },
  });

  /** The video joins the cart: every other presentation leaves it, its seats released (spec section 4). */
  async function joinCart() {
    local.cleared = cart.presentations.some(
      (e) => e.presentationId !== presentation.id && e.seats.length > 0,
    );
    await selectPresentation({
      presentationId: presentation.id,
      venueTypeId: presentation.venueTypeId,
      authProfileId: presentation.authProfileId,
      businessId: presentation.businessId,
      venueId: presentation.venueId,
      seatplanId: presentation.seatplanId,
      title: presentation.title,
      dateTime: presentation.dateTime,
    });
  }

  return {
    state: flow.state,
    local,
    presentation,
    tickets,
    ticket,
    allIn,
    serviceCharge,
    total,
    checkout: flow.checkout,
    choose(ticketId: number) {
      local.ticketId = ticketId;
      flow.state.notice = null;
    },
    next: () =>
      flow.next(() => ({ mustSelect: ticket() === null, problems: {} }), 'video.mustSelectTicket', 'payment'),
    back: () => flow.goTo('choose'),
    dismissNotice: flow.dismissNotice,
    start() {
      void joinCart();
      flow.start();
    },
  };
}
