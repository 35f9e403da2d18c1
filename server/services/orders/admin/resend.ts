import type { Kysely } from 'kysely';
import type { OrderResendBody } from '../../../../src/api/contract/ordersAdmin.ts';
import type { StaffOrderMessage } from '../../../../src/api/contract/staff.ts';
import { isValidEmail, normalizeIsraeliMobile } from '../../../../src/domain/validation.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { formValidationError } from '../../customers/customerInfo.ts';
import { queueOrderMessages } from '../../messages/queue.ts';
import { staffMessageOf } from '../../staff/messages.ts';

type Db = Kysely<Database>;

/**
 * The address a confirmation goes to: the corrected one typed by the clerk, else the order's own; an
 * e-mail that is one, a mobile number normalised as the checkout keeps it (`mobile_key`). Refused with
 * formValidation on field `to` (field_required when the order has none on that channel).
 */
function addressOf(body: OrderResendBody, own: { email: string | null; mobile_key: string | null }): string {
  const typed = body.to?.trim() || null;
  const to = typed ?? (body.channel === 'email' ? own.email?.trim() || null : own.mobile_key);
  if (!to) throw formValidationError([{ field: 'to', code: 'field_required' }], 'resend');
  if (body.channel === 'email') {
    if (!isValidEmail(to)) throw formValidationError([{ field: 'to', code: 'field_email' }], 'resend');
    return to;
  }
  const mobile = normalizeIsraeliMobile(to);
  if (!mobile) throw formValidationError([{ field: 'to', code: 'field_invalid' }], 'resend');
  return mobile;
}

/**
 * POST /api/admin/orders/:reservationIdentifier/resend: the order's confirmation (its e-ticket link and
 * calendar file) queued again on one channel, to the order's address or a corrected one for this
 * message only (correcting the customer's details is its own call). The order's one confirmation on that
 * channel is queued anew (a new message id, attempts from nought: the dispatcher sends it outside any
 * transaction); the audit entry keeps what it replaced. A paid or held order only: order_cancelled for
 * a cancelled one, order_not_confirmed while the payment is under way or after it failed.
 */
export async function resendConfirmation(
  db: Db,
  actor: Actor,
  reservationIdentifier: string,
  body: OrderResendBody,
  now: number,
): Promise<StaffOrderMessage> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.reservation_identifier', 'o.state', 'c.email', 'c.mobile_key'])
      .where('o.reservation_identifier', '=', reservationIdentifier)
      .forUpdate('o')
      .executeTakeFirst();
    if (!order) throw new AppError('order_not_found', 'no order has this reservation number');
    if (order.state === 'cancelled') throw new AppError('order_cancelled', 'the order was cancelled');
    if (order.state !== 'paid' && order.state !== 'held')
      throw new AppError('order_not_confirmed', 'the order is not paid or held');
    const rid = order.reservation_identifier;
    const to = addressOf(body, order);
    const existing = () =>
      trx
        .selectFrom('order_messages')
        .selectAll()
        .where('reservation_identifier', '=', rid)
        .where('kind', '=', 'confirmation')
        .where('channel', '=', body.channel)
        .executeTakeFirst();
    const before = await existing();
    await queueOrderMessages(trx, rid, 'confirmation', now, {
      again: true,
      to: { channel: body.channel, address: to },
    });
    await audit(
      trx,
      actor,
      {
        action: 'order.resend',
        objectType: 'order',
        objectId: rid,
        before: before
          ? {
              channel: before.channel,
              to: before.to_address,
              status: before.status,
              attempts: before.attempts,
            }
          : undefined,
        after: { channel: body.channel, to, status: 'queued', attempts: 0 },
      },
      now,
    );
    const queued = await existing();
    if (!queued) throw new Error('the confirmation was not queued');
    return staffMessageOf(queued);
  });
}
