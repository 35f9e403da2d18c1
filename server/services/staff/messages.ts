import type { Kysely, Selectable } from 'kysely';
import type { StaffOrderMessage } from '../../../src/api/contract/staff.ts';
import type { MessageStatus } from '../../db/messageTables.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';

type Db = Kysely<Database>;

/** The order confirmations and cancellations, newest first (of a status when given), for the staff area. */
export async function listOrderMessages(db: Db, status?: MessageStatus): Promise<StaffOrderMessage[]> {
  let q = db.selectFrom('order_messages').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(200);
  if (status) q = q.where('status', '=', status);
  return (await q.execute()).map(staffMessageOf);
}

/** A message row as the staff area shows it (this list, and an order's page). */
export function staffMessageOf(m: Selectable<Database['order_messages']>): StaffOrderMessage {
  return {
    id: m.id,
    reservationIdentifier: m.reservation_identifier,
    kind: m.kind,
    channel: m.channel,
    to: m.to_address,
    status: m.status,
    attempts: m.attempts,
    lastError: m.last_error,
    createdAt: new Date(Number(m.created_at)).toISOString(),
    sentAt: m.sent_at === null ? null : new Date(Number(m.sent_at)).toISOString(),
  };
}

/** Sends a message that was given up once more, now (its attempts start afresh). */
export async function retryOrderMessage(db: Db, id: string, now: number): Promise<void> {
  const res = await db
    .updateTable('order_messages')
    .set({ status: 'queued', attempts: 0, next_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0)
    throw new AppError('message_not_failed', 'only a failed message is sent again');
}
