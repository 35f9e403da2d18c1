import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type AppError, tooManyAttempts } from '../../errors.ts';

/** The caps on live holds across presentations (config LIMIT_HELD_SEATS_PER_*). */
export interface HoldLimits {
  heldSeatsPerVisitor: number;
  heldSeatsPerAddress: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Refuses (429 too_many_attempts, Retry-After) when the visitor or the client address holds more live
 * seats than the caps allow, across every presentation. Called after the new seat is taken, like the
 * per-presentation cap, so concurrent calls cannot all slip under it; the caller releases the seat.
 * Seats being paid for count too: a script must not park seats in payments it never finishes.
 */
export async function assertUnderHoldLimits(
  db: Db,
  visitor: string,
  address: string,
  now: number,
  limits: HoldLimits,
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
}

function refusal(message: string, firstExpiry: unknown, now: number): AppError {
  return tooManyAttempts(message, Number(firstExpiry ?? now) - now);
}
