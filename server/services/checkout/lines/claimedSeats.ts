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
 * The payment is approved: the order's claimed seats are sold and its pending seat tickets become
 * valid, only if nobody took a seat over meanwhile (a takeover clears the claim): CannotFulfil
 * otherwise. Answers the presentations of the seats sold (none when the order had none pending).
 */
export async function sellClaimedSeats(trx: Trx, order: OrderRef, what: string): Promise<number[]> {
  const pending = await trx
    .selectFrom('order_tickets')
    .select('presentation_id')
    .where('reservation_identifier', '=', order.reservationIdentifier)
    .where('kind', '=', 'seat')
    .where('state', '=', 'pending')
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
  await trx
    .updateTable('order_tickets')
    .set({ state: 'valid' })
    .where('reservation_identifier', '=', order.reservationIdentifier)
    .where('kind', '=', 'seat')
    .where('state', '=', 'pending')
    .execute();
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
