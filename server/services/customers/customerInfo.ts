import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { CustomerInfo } from '../../../src/api/contract/order.ts';
import type { OrderCustomerInfoBlock, Settings } from '../../../src/api/contract/session.ts';
import { validateCustomerInfo } from '../../../src/domain/customer.ts';
import { type FieldProblem, fieldProblemParams } from '../../../src/domain/fieldRules.ts';
import { purchaseBlock, purchaseKindOf } from '../../../src/domain/purchaseBlock.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';

/** A refused form: 400 `formValidation`, every field's problem in the params (see `fieldProblemParams`). */
export function formValidationError(problems: readonly FieldProblem[], what: string): AppError {
  return new AppError(
    'formValidation',
    `${what}: ${problems.map((p) => `${p.field} ${p.code}`).join(', ')}`,
    fieldProblemParams(problems),
  );
}

/** Whether a branch id is one of the venue's (GET /customer/locations lists them). */
export async function isKnownLocation(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('venues').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** GET /customer/locations: the venue's branches. */
export async function listLocations(db: Kysely<Database>) {
  const rows = await db.selectFrom('venues').select(['id', 'name_json']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: JSON.parse(r.name_json) as LocalizedText }));
}

/**
 * The branch an order names: the cart's `locationId` (spec: Cart payload) or the customer form's. Both
 * may be sent (the shop sends both); when they differ the cart is refused rather than one picked.
 */
export function orderLocationId(cart: {
  locationId?: number | undefined;
  customerInfo: CustomerInfo;
}): number | undefined {
  return cart.locationId ?? cart.customerInfo.locationId;
}

/**
 * The customer-info block a commit cart follows: `orderSystemVouchers` for a voucher cart,
 * `orderDonations` for a cart of donations only, else `order` (see src/domain/purchaseBlock.ts).
 */
export function customerInfoBlockOf(
  settings: Settings,
  cart: Parameters<typeof purchaseKindOf>[0],
): OrderCustomerInfoBlock {
  return purchaseBlock(settings.customerInfo, purchaseKindOf(cart));
}

/**
 * The box office's check of the customer form at commit, with the shop's own pure function: every field
 * problem at once as one `formValidation` error, and a branch that is not the venue's on field `location`.
 */
export async function assertCustomerInfo(
  db: Kysely<Database>,
  block: OrderCustomerInfoBlock,
  cart: { locationId?: number | undefined; customerInfo: CustomerInfo },
): Promise<void> {
  const locationId = orderLocationId(cart);
  const info: CustomerInfo = {
    ...cart.customerInfo,
    ...(locationId !== undefined ? { locationId } : {}),
  };
  const problems = validateCustomerInfo(block, info);
  if (!problems.some((p) => p.field === 'location') && locationId !== undefined) {
    const differs =
      cart.locationId !== undefined &&
      cart.customerInfo.locationId !== undefined &&
      cart.locationId !== cart.customerInfo.locationId;
    if (differs || !(await isKnownLocation(db, locationId)))
      problems.push({ code: 'field_invalid', field: 'location' });
  }
  if (problems.length) throw formValidationError(problems, 'customer info');
}

/**
 * What the customer typed at checkout fills the blanks of their account: an account opened by a login
 * inside the flow (a gift card's SMS code) has only its mobile number until then, so the header and the
 * personal area would not know the name. Details the account already has are changed only in the
 * personal area (PUT /customer-area/details), never by an order (it may be typed for someone else).
 */
export async function fillAccountBlanks(
  db: Kysely<Database>,
  accountId: string,
  info: CustomerInfo,
): Promise<void> {
  const account = await db
    .selectFrom('customers')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) return;
  const typed = (v: string | undefined) => v?.trim() || null;
  const email = account.email?.trim() ? null : typed(info.email);
  const set = {
    ...(account.first_name?.trim() || !typed(info.firstName) ? {} : { first_name: typed(info.firstName) }),
    ...(account.last_name?.trim() || !typed(info.lastName) ? {} : { last_name: typed(info.lastName) }),
    ...(email ? { email, email_key: email.toLowerCase() } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('customers').set(set).where('id', '=', accountId).execute();
}
