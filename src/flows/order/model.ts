import type { TFunction } from 'i18next';
import type { LockTimer, Presentation } from '../../api/contract/presentations.ts';
import type { LockSeat } from '../../api/contract/seats.ts';
import { errorText } from '../../ui/errorText.ts';

/** A seat this customer holds in the order, with the ticket chosen for it. */
export interface HeldSeat {
  key: string;
  sectionId: number;
  x: number;
  y: number;
  ticketGroup: number;
  section: string;
  row: string;
  seat: string;
  /** Lock lapse time (epoch ms) as the box office answered it. */
  expiresAt: number;
  ticketId: number | null;
  /**
   * Add-ons the customer chose for the seat (ids of its ticket's add-ons); absent until they choose:
   * then the ticket's default applies (its first add-on when it pre-selects it, the spec's
   * isFirstAddonSelected). See `seatAddonIds` in selectors.ts.
   */
  addons?: number[];
  /** The code (voucher, partner card, price code) whose ticket the seat takes; absent: a ticket of its group. */
  ticketCode?: string | undefined;
  /** Answers to the code ticket's reference prompts (a partner card's ID number, district…). */
  ref1?: string | undefined;
  ref2?: string | undefined;
  /** A member ticket: the member (of the logged-in customer) it is bought as (memberTickets.ts). */
  memberNumber?: string | undefined;
}

/** The steps of the order flow, in the order the customer meets them (spec section 2). */
export const orderSteps = ['seats', 'tickets', 'products', 'payment', 'confirmation'] as const;
export type OrderStepId = (typeof orderSteps)[number];

/** Seconds a step may take (spec section 3, lockTimer); the confirmation has no timer. */
export function stepSeconds(step: OrderStepId, timer: LockTimer): number | null {
  switch (step) {
    case 'seats':
      return timer.chooseSeatsInSeconds;
    case 'tickets':
      return timer.chooseTicketsInSeconds;
    case 'products':
      return timer.chooseProductsInSeconds;
    case 'payment':
      return timer.customerInfoInSeconds;
    default:
      return null;
  }
}

export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The box office's lock request for one of this presentation's seats (lock and unlock take the same). */
export function lockSeatOf(
  p: Presentation,
  s: { sectionId: number; ticketGroup: number; x: number; y: number },
) {
  return {
    PresentationId: p.id,
    VenueId: p.venueId,
    VenueSeatplanId: p.seatplanId,
    VenueSectionId: s.sectionId,
    TicketGroupId: s.ticketGroup,
    XCoordinate: s.x,
    YCoordinate: s.y,
  } satisfies LockSeat;
}

/**
 * A message the flow shows (a notice, a payment error): a text key, or the failure of a call. The
 * store keeps what happened; the view translates it, in the language of the moment.
 */
export type FlowMessage = { key: string } | { error: unknown };

export function messageText(t: TFunction, m: FlowMessage): string {
  return 'key' in m ? t(m.key) : errorText(t, m.error);
}
