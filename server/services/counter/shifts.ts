import { randomBytes } from 'node:crypto';
import type { Trx } from '../checkout/lines/types.ts';

/** The clerk taking money at the counter: the staff user (API tokens have no drawer). */
export interface Clerk {
  id: string;
  username: string;
  displayName: string;
}

/**
 * The clerk's open shift, opened now (with an empty drawer) when they have none: every payment taken and
 * every refund given at the counter belongs to a shift, so the cash-up can count it. Locked for the rest
 * of the transaction, so a shift being closed never misses a payment written beside it.
 */
export async function currentShift(trx: Trx, clerk: Clerk, now: number): Promise<string> {
  const open = () =>
    trx
      .selectFrom('counter_shifts')
      .select('id')
      .where('staff_id', '=', clerk.id)
      .where('closed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  const found = await open();
  if (found) return found.id;
  // Two payments of the clerk's at the same moment both open it: the index keeps one; the other reads it.
  await trx
    .insertInto('counter_shifts')
    .values({
      id: `sh_${randomBytes(9).toString('base64url')}`,
      staff_id: clerk.id,
      staff_name: clerk.username,
      opened_at: now,
      closed_at: null,
      counted_cash: null,
      closing_note: null,
    })
    .onConflict((oc) => oc.column('staff_id').where('closed_at', 'is', null).doNothing())
    .execute();
  const made = await open();
  if (!made) throw new Error(`no open shift for ${clerk.username}`);
  return made.id;
}
