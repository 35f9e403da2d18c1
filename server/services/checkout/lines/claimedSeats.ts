import { sql } from 'kysely';
import { seatKey } from '../../../../src/domain/seatKey.ts';
import { AppError } from '../../../errors.ts';
import { CannotFulfil, type CheckoutContext, type OrderRef, type Trx } from './types.ts';

/** A sold seat's hold never lapses. */
export const SOLD_FOREVER = 8_640_000_000_000_000;

/** A seat of one presentation. */
export interface ClaimSeat {
  pi: number;
  si: number;
  x: number;
  y: number;
}

/**
 * How long a claimed seat stays held while its order is paid: at most the payment window, never past the
 * hold's own lifetime (`holdCap`), and a hold order's seats until its deadline.
 */
export function claimExpiry(
  ctx: Pick<CheckoutContext, 'now' | 'paymentWindowMs'>,
  order: OrderRef,
  hold: { expires_at: number },
  holdCap: number,
): number {
  if (order.isHold && order.holdDeadline !== null) return order.holdDeadline;
  return Math.min(
    Math.max(hold.expires_at, ctx.now + ctx.paymentWindowMs),
    Math.max(holdCap, hold.expires_at),
  );
}

/**
 * The order claims a seat the visitor holds (seat tickets, a series membership's seats, a season
 * enrolment's): from then on the visitor cannot release it and no other checkout can claim it. Refused
 * with `code` (lock_seat_error by default) when the seat is no longer the visitor's, unclaimed.
 */
export async function claimSeat(
  trx: Trx,
  order: OrderRef,
  s: ClaimSeat,
  expiresAt: number,
  refusal: () => AppError = () =>
    new AppError('lock_seat_error', 'the seat is no longer available', { seat: seatKey(s.si, s.x, s.y) }),
): Promise<void> {
  const claimed = await trx
    .updateTable('seat_holds')
    .set({ claimed_by: order.reservationIdentifier, expires_at: expiresAt })
    .where('presentation_id', '=', s.pi)
    .where('section_id', '=', s.si)
    .where('x', '=', s.x)
    .where('y', '=', s.y)
    .where('visitor', '=', order.visitor)
    .where('state', '=', 'held')
    .where('claimed_by', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw refusal();
}

/**
 * `claimSeat` for several seats in one statement (issue 40: a statement a seat), each with its own expiry.
 * When one of them is no longer the visitor's, unclaimed, the first such is refused (lock_seat_error),
 * and the transaction rolls the others' claims back.
 */
export async function claimSeats(
  trx: Trx,
  order: OrderRef,
  seats: readonly (ClaimSeat & { expiresAt: number })[],
): Promise<void> {
  if (seats.length === 0) return;
  const at = (s: ClaimSeat) =>
    sql`presentation_id = ${s.pi} AND section_id = ${s.si} AND x = ${s.x} AND y = ${s.y}`;
  // (Cast: PostgreSQL takes a parameter in a CASE for text.)
  const expiresAt = sql<number>`CASE ${sql.join(
    seats.map((s) => sql`WHEN ${at(s)} THEN CAST(${s.expiresAt} AS BIGINT)`),
    sql` `,
  )} END`;
  const claimed = await trx
    .updateTable('seat_holds')
    .set({ claimed_by: order.reservationIdentifier, expires_at: expiresAt })
    .where(
      sql<boolean>`(${sql.join(
        seats.map((s) => sql`(${at(s)})`),
        sql` OR `,
      )})`,
    )
    .where('visitor', '=', order.visitor)
    .where('state', '=', 'held')
    .where('claimed_by', 'is', null)
    .returning(['presentation_id', 'section_id', 'x', 'y'])
    .execute();
  if (claimed.length === seats.length) return;
  const got = new Set(claimed.map((c) => `${c.presentation_id}:${seatKey(c.section_id, c.x, c.y)}`));
  const lost = seats.find((s) => !got.has(`${s.pi}:${seatKey(s.si, s.x, s.y)}`))!;
  throw new AppError('lock_seat_error', 'the seat is no longer available', {
    seat: seatKey(lost.si, lost.x, lost.y),
  });
}

/**
 * The payment is approved: the order's claimed seats are sold and its pending seat tickets become
 * valid, only if nobody took a seat over meanwhile (a takeover clears the claim): CannotFulfil
 * otherwise, and the transaction undoes both. Answers the presentations of the seats sold (none when the
 * order had none pending).
 */
export async function sellClaimedSeats(trx: Trx, order: OrderRef, what: string): Promise<number[]> {
  const pending = await trx
    .updateTable('order_tickets')
    .set({ state: 'valid' })
    .where('reservation_identifier', '=', order.reservationIdentifier)
    .where('kind', '=', 'seat')
    .where('state', '=', 'pending')
    .returning('presentation_id')
    .execute();
  if (pending.length === 0) return [];
  const sold = await trx
    .updateTable('seat_holds')
    .set({ state: 'sold', expires_at: SOLD_FOREVER })
    .where('claimed_by', '=', order.reservationIdentifier)
    .where('visitor', '=', order.visitor)
    .where('state', '=', 'held')
    .executeTakeFirst();
  if (Number(sold.numUpdatedRows) !== pending.length)
    throw new CannotFulfil(`a seat of the ${what} is no longer held for it`);
  return [...new Set(pending.map((t) => t.presentation_id))];
}

/** The payment failed or was given up: the seats stay held for the visitor, the tickets are void. */
export async function releaseClaimedSeats(trx: Trx, order: OrderRef): Promise<void> {
  await trx
    .updateTable('seat_holds')
    .set({ claimed_by: null })
    .where('claimed_by', '=', order.reservationIdentifier)
    .where('state', '=', 'held')
    .execute();
  await trx
    .updateTable('order_tickets')
    .set({ state: 'void' })
    .where('reservation_identifier', '=', order.reservationIdentifier)
    .where('kind', '=', 'seat')
    .where('state', 'in', ['pending', 'valid'])
    .execute();
}

/** The customer cancels a paid or held order: its seats are free again, its tickets cancelled. */
export async function cancelClaimedSeats(trx: Trx, order: OrderRef): Promise<void> {
  // Sold seats keep their order's claim (older sales were given theirs by migration 004).
  await trx.deleteFrom('seat_holds').where('claimed_by', '=', order.reservationIdentifier).execute();
  await trx
    .updateTable('order_tickets')
    .set({ state: 'cancelled' })
    .where('reservation_identifier', '=', order.reservationIdentifier)
    .where('kind', '=', 'seat')
    .execute();
}
