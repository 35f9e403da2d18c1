import { randomBytes } from 'node:crypto';
import type { Kysely, OnConflictBuilder } from 'kysely';
import type { MessageChannel, MessageKind } from '../../db/messageTables.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

/** A claimed message is another process's for this long; a crash before it is marked sends it again. */
export const CLAIM_MS = 60_000;
/** Attempts before a message is given up, and the wait before each retry (doubling, at most an hour). */
export const MAX_ATTEMPTS = 8;
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Queues the messages an order owes its customer, in the transaction that changes the order: an
 * e-mail when it has an address, an SMS when it has a mobile number. Once per order and kind: queuing
 * again (a retried commit, a second confirmation path) adds nothing, except with `again` (a show moved
 * a second time): the message is queued anew, about `presentationId`. `to`: one message, on that
 * channel to that address, instead of the customer's (staff sending it again, to a corrected address).
 */
export async function queueOrderMessages(
  trx: Db,
  reservationIdentifier: string,
  kind: MessageKind,
  now: number,
  about?: {
    presentationId?: number;
    again?: boolean;
    to?: { channel: MessageChannel; address: string };
    /** The order's customer's address and mobile number, when the caller read them already. */
    customer?: { email: string | null; mobile_key: string | null };
  },
) {
  const c =
    about?.customer ??
    (await trx
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['c.email', 'c.mobile_key'])
      .where('o.reservation_identifier', '=', reservationIdentifier)
      .executeTakeFirst());
  if (!c) return;
  const rows = about?.to
    ? [{ channel: about.to.channel, to: about.to.address }]
    : [
        ...(c.email?.trim() ? [{ channel: 'email' as const, to: c.email.trim() }] : []),
        ...(c.mobile_key ? [{ channel: 'sms' as const, to: c.mobile_key }] : []),
      ];
  const row = (r: (typeof rows)[number]) => ({
    id: randomBytes(12).toString('base64url'),
    reservation_identifier: reservationIdentifier,
    kind,
    channel: r.channel,
    to_address: r.to,
    status: 'queued' as const,
    next_attempt_at: now,
    created_at: now,
    presentation_id: about?.presentationId ?? null,
  });
  const on = (oc: OnConflictBuilder<Database, 'order_messages'>) =>
    oc.columns(['reservation_identifier', 'kind', 'channel']);
  // Queued once: the e-mail and the SMS in one statement.
  if (!about?.again) {
    if (rows.length > 0)
      await trx
        .insertInto('order_messages')
        .values(rows.map(row))
        .onConflict((oc) => on(oc).doNothing())
        .execute();
    return;
  }
  for (const r of rows)
    await trx
      .insertInto('order_messages')
      .values(row(r))
      .onConflict((oc) =>
        on(oc).doUpdateSet({
          // A new id: the senders keep one copy per id, and this is a new message.
          id: randomBytes(12).toString('base64url'),
          status: 'queued',
          attempts: 0,
          next_attempt_at: now,
          sent_at: null,
          last_error: null,
          to_address: r.to,
          presentation_id: about.presentationId ?? null,
        }),
      )
      .execute();
}

/**
 * Claims up to `limit` messages that are due (queued, or claimed by a process that never finished):
 * each claim is a conditional update, so two processes never take the same message at once.
 */
export async function claimDue(db: Db, now: number, limit = 20) {
  const due = await db
    .selectFrom('order_messages')
    .selectAll()
    .where('status', 'in', ['queued', 'sending'])
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: typeof due = [];
  for (const m of due) {
    const res = await db
      .updateTable('order_messages')
      .set({ status: 'sending', next_attempt_at: now + CLAIM_MS, attempts: m.attempts + 1 })
      .where('id', '=', m.id)
      .where('status', '=', m.status)
      .where('attempts', '=', m.attempts)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) claimed.push({ ...m, attempts: m.attempts + 1 });
  }
  return claimed;
}

export async function markSent(db: Db, id: string, now: number) {
  await db
    .updateTable('order_messages')
    .set({ status: 'sent', sent_at: now, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: retried later, or given up after MAX_ATTEMPTS (kept, with its error, for staff). */
export async function markFailed(db: Db, id: string, attempts: number, error: string, now: number) {
  const giveUp = attempts >= MAX_ATTEMPTS;
  await db
    .updateTable('order_messages')
    .set({
      status: giveUp ? 'failed' : 'queued',
      next_attempt_at: giveUp ? now : now + retryDelayMs(attempts),
      last_error: error.slice(0, 500),
    })
    .where('id', '=', id)
    .execute();
}
