import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import {
  type ContinuedHold,
  continuedFrom,
  continuedHoldColumns,
  type Holder,
  type SeatAt,
} from './holds.ts';

type Db = Kysely<Database>;

/**
 * The presentation's tickets a customer may choose for a seat of the group: the group is one of the
 * presentation's and has a ticket that is not a multiply-factor sub-ticket (the SQL form of
 * `choosableTickets` in src/domain/order/tickets.ts, which the shop's ticket step offers).
 */
function pricePolicy(db: Db, presentationId: number, ticketGroupId: number) {
  return db
    .selectFrom('presentation_ticket_groups as ptg')
    .innerJoin('tickets as t', 't.ticket_group_id', 'ptg.ticket_group_id')
    .innerJoin('presentations as pl', 'pl.id', 'ptg.presentation_id')
    .whereRef('t.price_list_id', '=', 'pl.price_list_id')
    .select('t.id')
    .where('ptg.presentation_id', '=', presentationId)
    .where('ptg.ticket_group_id', '=', ticketGroupId)
    .where('t.is_sub_ticket', '=', 0);
}

/** Whether the presentation sells a ticket a customer may choose for a seat of the group (`pricePolicy`). */
export async function hasPricePolicy(
  db: Db,
  presentationId: number,
  ticketGroupId: number,
): Promise<boolean> {
  return (await pricePolicy(db, presentationId, ticketGroupId).limit(1).executeTakeFirst()) !== undefined;
}

/** A numbered seat as a lock finds it (`seatOnSale`). */
export interface SeatOnSale {
  ticketGroupId: number;
  isOnline: boolean;
  /** Whether the requested price level has a ticket for sale (`pricePolicy`). */
  priced: boolean;
  /** The taker's address's continued hold of the seat (holds.ts), when the rule applies. */
  continued: ContinuedHold | null;
  /**
   * Sold, or held by another visitor now, as this statement saw it: refused at once, without waiting on
   * the seat's row behind the others who try for it (issue 40's burst: seven buyers a seat queued there).
   * Only a refusal is decided here; a seat is taken only by the hold's own statement (holds.ts).
   */
  takenByOther: boolean;
}

/**
 * Everything a lock must know of a numbered seat before it takes it, in one statement (issue 40: these
 * were three): the seat on the plan with its price level and whether its allocation sells online,
 * whether the requested price level has a ticket for sale, the address's continued hold of it, and
 * whether someone else has it now.
 * Undefined: no such seat on the plan.
 */
export async function seatOnSale(
  db: Db,
  seat: SeatAt & { seatplanId: number },
  ticketGroupId: number,
  visitor: string,
  taker: Holder,
  now: number,
): Promise<SeatOnSale | undefined> {
  const continued = continuedHoldColumns(seat, taker, now);
  const row = await db
    .selectFrom('plan_seats as s')
    .innerJoin('allocations as a', 'a.id', 's.allocation_id')
    .leftJoin('seat_holds as h', (j) =>
      j
        .on('h.presentation_id', '=', seat.presentationId)
        .onRef('h.section_id', '=', 's.section_id')
        .onRef('h.x', '=', 's.x')
        .onRef('h.y', '=', 's.y'),
    )
    .select(['h.visitor as holder', 'h.state as hold_state', 'h.expires_at as hold_expires_at'])
    .select((eb) => [
      's.ticket_group_id',
      'a.is_online',
      eb
        .case()
        .when(eb.exists(pricePolicy(db, seat.presentationId, ticketGroupId)))
        .then(1)
        .else(0)
        .end()
        .as('priced'),
      ...(continued
        ? [continued.started.as('continued_started'), continued.ended.as('continued_ended')]
        : []),
    ])
    .where('s.seatplan_id', '=', seat.seatplanId)
    .where('s.section_id', '=', seat.sectionId)
    .where('s.x', '=', seat.x)
    .where('s.y', '=', seat.y)
    .executeTakeFirst();
  if (!row) return undefined;
  const r = row as typeof row & {
    continued_started?: number | string | null;
    continued_ended?: number | string | null;
  };
  const live = r.hold_state === 'sold' || (r.hold_state === 'held' && Number(r.hold_expires_at) > now);
  return {
    takenByOther: live && r.holder !== visitor,
    ticketGroupId: r.ticket_group_id,
    isOnline: r.is_online === 1,
    priced: Number(r.priced) === 1,
    continued: continuedFrom(r.continued_started, r.continued_ended),
  };
}
