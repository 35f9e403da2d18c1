import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Settings } from '../../../../src/api/contract/session.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { assertUnderLimit, CODE_FAILS_PER_ADDRESS, recordEvent } from '../rateLimit.ts';
import { sameText } from '../secrets.ts';
import type { AuthContext } from './context.ts';
import { type NewSession, openSession } from './sessions.ts';
import { CODE_MAX_WRONG, codeHash, mobileOrThrow } from './smsCodes.ts';

type Trx = Transaction<Database>;

/** What the venue may ask with the code (spec section 2): an order, ID or member number. */
export interface ExtraLoginDetail {
  reservationIdentifier?: string | undefined;
  ssn?: string | undefined;
  memberNumber?: string | undefined;
}

async function extraDetailMatches(
  trx: Trx,
  field: Settings['customerArea']['extraLoginField'],
  customerId: string | null,
  mobile: string,
  given: ExtraLoginDetail,
): Promise<boolean> {
  if (field === 'none') return true;
  if (!customerId) return false;
  if (field === 'ssn') {
    const ssn = given.ssn?.trim();
    if (!ssn) return false;
    const hit = await trx
      .selectFrom('customers')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', customerId), eb('mobile_key', '=', mobile)]))
      .where('ssn', '=', ssn)
      .executeTakeFirst();
    return hit !== undefined;
  }
  if (field === 'memberNumber') {
    const number = given.memberNumber?.trim();
    if (!number) return false;
    const hit = await trx
      .selectFrom('members')
      .select('member_number')
      .where('customer_id', '=', customerId)
      .where('member_number', '=', number)
      .executeTakeFirst();
    return hit !== undefined;
  }
  const reservation = given.reservationIdentifier?.trim().toUpperCase();
  if (!reservation) return false;
  const hit = await trx
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select('o.reservation_identifier')
    .where('o.reservation_identifier', '=', reservation)
    .where((eb) => eb.or([eb('o.account_id', '=', customerId), eb('c.mobile_key', '=', mobile)]))
    .executeTakeFirst();
  return hit !== undefined;
}

/** The number's account; a customer who has only ordered gets one, with the details of their last order. */
async function accountForMobile(trx: Trx, mobile: string, now: number, mayCreate: boolean): Promise<string> {
  const account = await trx
    .selectFrom('customers')
    .select('id')
    .where('mobile_key', '=', mobile)
    .where('is_account', '=', 1)
    .executeTakeFirst();
  if (account) return account.id;
  const last = await trx
    .selectFrom('customers')
    .selectAll()
    .where('mobile_key', '=', mobile)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!last && !mayCreate) throw new AppError('CUSTOMER_NOT_FOUND', 'no customer has this mobile number');
  const id = `a_${randomBytes(12).toString('hex')}`;
  await trx
    .insertInto('customers')
    .values({
      id,
      first_name: last?.first_name ?? null,
      last_name: last?.last_name ?? null,
      email: last?.email ?? null,
      email_key: last?.email ? last.email.trim().toLowerCase() : null,
      mobile_number: mobile,
      mobile_key: mobile,
      ssn: last?.ssn ?? null,
      address1: last?.address1 ?? null,
      address2: last?.address2 ?? null,
      city: last?.city ?? null,
      postal_code: last?.postal_code ?? null,
      date_of_birth: last?.date_of_birth ?? null,
      location_id: last?.location_id ?? null,
      is_mailing_allowed: last?.is_mailing_allowed ?? 0,
      is_account: 1,
      password_hash: null,
      license_plate: null,
      created_at: now,
    })
    .execute();
  return id;
}

/**
 * POST /customer/mobile-login-validation-area. The code must be the number's latest, unexpired,
 * unused, with fewer than 5 wrong tries; a wrong code counts against it (and against the address),
 * a right one is spent and opens a session.
 */
export async function validateSmsCode(
  ctx: AuthContext,
  body: { smsCode: string; mobileNumber: string } & ExtraLoginDetail,
  address: string,
): Promise<NewSession> {
  const mobile = mobileOrThrow(body.mobileNumber);
  await assertUnderLimit(ctx.rateEvents, CODE_FAILS_PER_ADDRESS, address, ctx.now);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    // Locks the attempt's row until the transaction ends, so tries at once count one after another.
    const attempt = await trx
      .selectFrom('sms_codes')
      .selectAll()
      .where('mobile_key', '=', mobile)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    const alive =
      attempt &&
      attempt.consumed_at === null &&
      Number(attempt.expires_at) > ctx.now &&
      attempt.failed_attempts < CODE_MAX_WRONG;
    if (!attempt || !alive) return { error: 'INVALID_SMS_CODE' as const };
    const code = body.smsCode.trim();
    const right =
      /^\d{6}$/.test(code) && sameText(codeHash(ctx.secret, attempt.id, mobile, code), attempt.code_hash);
    const detailOk =
      right &&
      (await extraDetailMatches(
        trx,
        ctx.settings.customerArea.extraLoginField,
        attempt.customer_id,
        mobile,
        body,
      ));
    if (!right || !detailOk) {
      await trx
        .updateTable('sms_codes')
        .set({ failed_attempts: attempt.failed_attempts + 1 })
        .where('id', '=', attempt.id)
        .execute();
      await recordEvent(ctx.rateEvents, CODE_FAILS_PER_ADDRESS, address, ctx.now, trx);
      return { error: right ? ('LOGIN_FAILED' as const) : ('INVALID_SMS_CODE' as const) };
    }
    await trx.updateTable('sms_codes').set({ consumed_at: ctx.now }).where('id', '=', attempt.id).execute();
    const customerId = await accountForMobile(trx, mobile, ctx.now, attempt.create_account === 1);
    return { session: await openSession(trx, ctx, customerId) };
  });
  if ('error' in outcome) {
    throw outcome.error === 'LOGIN_FAILED'
      ? new AppError('LOGIN_FAILED', 'the login details do not match')
      : new AppError('INVALID_SMS_CODE', 'wrong or expired verification code');
  }
  return outcome.session;
}
