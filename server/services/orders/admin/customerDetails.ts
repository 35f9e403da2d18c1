import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { OrderCustomer, OrderCustomerBody } from '../../../../src/api/contract/ordersAdmin.ts';
import { customerFieldRules } from '../../../../src/domain/customer.ts';
import { checkRules, type FieldProblem } from '../../../../src/domain/fieldRules.ts';
import { normalizeIsraeliMobile } from '../../../../src/domain/validation.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { formValidationError } from '../../customers/customerInfo.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type CustomerRow = Selectable<Database['customers']>;
const FIELDS = ['firstName', 'lastName', 'email', 'mobileNumber'] as const;

/**
 * The fields given, each checked with the checkout's own rule table (customerFieldRules: letters and
 * lengths for names, an e-mail, an Israeli mobile number); a field given empty is field_required (a
 * correction replaces a detail, it does not remove one). Every problem at once, as formValidation.
 */
function checked(body: OrderCustomerBody): Partial<Record<(typeof FIELDS)[number], string>> {
  const problems: FieldProblem[] = [];
  const out: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const field of FIELDS) {
    const value = body[field]?.trim();
    if (value === undefined) continue;
    const broken = value ? checkRules(value, customerFieldRules[field]) : { code: 'field_required' as const };
    if (broken) problems.push({ field, ...broken });
    else out[field] = value;
  }
  if (problems.length) throw formValidationError(problems, 'customer details');
  return out;
}

/** The details a correction changes, as the audit entry keeps them. */
const detailsOf = (c: Pick<CustomerRow, 'first_name' | 'last_name' | 'email' | 'mobile_number'>) => ({
  firstName: c.first_name,
  lastName: c.last_name,
  email: c.email,
  mobileNumber: c.mobile_number,
});

/** Whether the customer row is more than this order's: an account, or the customer of another order too. */
async function isShared(trx: Trx, c: CustomerRow, rid: string): Promise<boolean> {
  if (c.is_account === 1) return true;
  const other = await trx
    .selectFrom('orders')
    .select('reservation_identifier')
    .where((eb) => eb.or([eb('customer_id', '=', c.id), eb('account_id', '=', c.id)]))
    .where('reservation_identifier', '!=', rid)
    .limit(1)
    .executeTakeFirst();
  return other !== undefined;
}

/**
 * PATCH /api/admin/orders/:reservationIdentifier/customer: corrects the name, e-mail or mobile number the
 * order was placed with (a typo at the counter, a customer's new address), with the keys the box office
 * finds customers by (`email_key`, `mobile_key`: the personal area then finds the order by the corrected
 * number). Each order keeps a customer row of its own; a row shared with an account or another order
 * (the seed's walk-in buyers) is copied first, so that the correction changes this order only. In one
 * transaction with its audit entry (before and after).
 */
export async function correctOrderCustomer(
  db: Db,
  actor: Actor,
  reservationIdentifier: string,
  body: OrderCustomerBody,
  now: number,
): Promise<OrderCustomer> {
  const given = checked(body);
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['reservation_identifier', 'customer_id', 'account_id'])
      .where('reservation_identifier', '=', reservationIdentifier)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new AppError('order_not_found', 'no order has this reservation number');
    const rid = order.reservation_identifier;
    const c = await trx
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', order.customer_id)
      .executeTakeFirstOrThrow();
    const email = given.email?.toLowerCase();
    const set = {
      ...(given.firstName !== undefined ? { first_name: given.firstName } : {}),
      ...(given.lastName !== undefined ? { last_name: given.lastName } : {}),
      ...(email !== undefined ? { email, email_key: email } : {}),
      ...(given.mobileNumber !== undefined
        ? { mobile_number: given.mobileNumber, mobile_key: normalizeIsraeliMobile(given.mobileNumber) }
        : {}),
    };
    const after = { ...c, ...set };
    const before = detailsOf(c);
    const corrected = detailsOf(after);
    if (FIELDS.every((f) => before[f] === corrected[f])) return { ...before, accountId: order.account_id };

    if (await isShared(trx, c, rid)) {
      const id = `c_${randomBytes(12).toString('hex')}`;
      await trx
        .insertInto('customers')
        .values({ ...after, id, is_account: 0, password_hash: null, created_at: now })
        .execute();
      await trx
        .updateTable('orders')
        .set({ customer_id: id })
        .where('reservation_identifier', '=', rid)
        .execute();
    } else await trx.updateTable('customers').set(set).where('id', '=', c.id).execute();

    await audit(
      trx,
      actor,
      { action: 'order.customer_update', objectType: 'order', objectId: rid, before, after: corrected },
      now,
    );
    return { ...corrected, accountId: order.account_id };
  });
}
