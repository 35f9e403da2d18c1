import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type AppError, tooManyAttempts } from '../../errors.ts';

/** The caps on live holds (config LIMIT_HELD_SEATS_PER_*) and the continued-hold rule (holds.ts). */
export interface HoldLimits {
  heldSeatsPerVisitor: number;
  heldSeatsPerAddress: number;
  heldSeatsPerAddressPerShowPercent: number;
  heldSeatsPerAddressPerShowMin: number;
  holdRetakeSeconds: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The most live holds one client address may have in a presentation of `seats` seats: the larger of a
 * share of the hall and a floor (issue 32: one address could take a 108-seat hall off sale).
 */
export function addressCapPerShow(limits: HoldLimits, seats: number): number {
  return Math.max(
    limits.heldSeatsPerAddressPerShowMin,
    Math.ceil((seats * limits.heldSeatsPerAddressPerShowPercent) / 100),
  );
}

/**
 * Refuses (429 too_many_attempts, Retry-After) when the visitor or the client address holds more live
 * seats than the caps allow: the visitor's and the address's across every presentation, and the
 * address's in each of `presentationIds` (the presentations just taken from) against its share of the
 * hall. Called after the new seats are taken, like the per-presentation cap of a visitor, so concurrent
 * calls (from one process or many) cannot all slip under it; the caller releases the seats. Seats being
 * paid for count too: a script must not park seats in payments it never finishes.
 */
export async function assertUnderHoldLimits(
  db: Db,
  visitor: string,
  address: string,
  now: number,
  limits: HoldLimits,
  presentationIds: readonly number[],
): Promise<void> {
  const live = (column: 'visitor' | 'holder_address', value: string) =>
    db
      .selectFrom('seat_holds')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('expires_at').as('first')])
      .where(column, '=', value)
      .where('state', '=', 'held')
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
  const mine = await live('visitor', visitor);
  if (Number(mine.n) > limits.heldSeatsPerVisitor)
    throw refusal(`a visitor may hold at most ${limits.heldSeatsPerVisitor} seats at once`, mine.first, now);
  const here = await live('holder_address', address);
  if (Number(here.n) > limits.heldSeatsPerAddress)
    throw refusal(
      `at most ${limits.heldSeatsPerAddress} seats may be held from one address at once`,
      here.first,
      now,
    );
  // Fewer live holds than the floor cannot be over any presentation's cap: no need to count per show.
  if (Number(here.n) <= limits.heldSeatsPerAddressPerShowMin || presentationIds.length === 0) return;
  const perShow = await db
    .selectFrom('seat_holds as h')
    .innerJoin('presentations as p', 'p.id', 'h.presentation_id')
    .innerJoin('seatplans as sp', 'sp.id', 'p.seatplan_id')
    .select((eb) => [
      'h.presentation_id',
      'sp.seat_count',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.min('h.expires_at').as('first'),
    ])
    .where('h.holder_address', '=', address)
    .where('h.state', '=', 'held')
    .where('h.expires_at', '>', now)
    .where('h.presentation_id', 'in', presentationIds)
    .groupBy(['h.presentation_id', 'sp.seat_count'])
    .execute();
  for (const show of perShow) {
    const cap = addressCapPerShow(limits, Number(show.seat_count));
    if (Number(show.n) > cap)
      throw refusal(
        `at most ${cap} seats of presentation ${show.presentation_id} may be held from one address at once`,
        show.first,
        now,
      );
  }
}

function refusal(message: string, firstExpiry: unknown, now: number): AppError {
  return tooManyAttempts(message, Number(firstExpiry ?? now) - now);
}
