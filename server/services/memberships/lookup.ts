import type { Kysely } from 'kysely';
import { isValidIsraeliId } from '../../../src/domain/validation.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../customers/auth/context.ts';
import { mobileOrThrow } from '../customers/auth/smsCodes.ts';
import { assertUnderLimit, CODE_FAILS_PER_ADDRESS, countTry, type Limit } from '../customers/rateLimit.ts';
import { hmac } from '../customers/secrets.ts';

/**
 * Lookups of one ID number: 3 per 15 minutes, whoever it belongs to (issue 32). Together with the
 * address's SMS limit it is all a lookup is ever refused for, so a refusal tells nothing either.
 */
export const LOOKUPS_PER_ID: Limit = { bucket: 'member_lookup_id', max: 3, windowMs: 15 * 60_000 };

function validId(ssn: string): string {
  const id = ssn.trim();
  if (!isValidIsraeliId(id)) throw new AppError('invalidSSN', 'not a valid ID number');
  return id.padStart(9, '0');
}

/**
 * The mobile number of the member this ID number names: an account with a valid mobile and a member
 * (not cancelled) of a membership on sale. null for anyone else. Both ways run the same two reads.
 */
async function memberMobile(db: Kysely<Database>, id: string): Promise<string | null> {
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'mobile_number'])
    .where('ssn', 'in', [id, id.replace(/^0+/, '')])
    .where('is_account', '=', 1)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const member = await db
    .selectFrom('members as m')
    .innerJoin('memberships as s', 's.id', 'm.membership_id')
    .select('m.member_number')
    .where('m.customer_id', '=', customer?.id ?? '')
    .where('s.code', 'is not', null)
    .where('m.state', '=', 'active')
    .executeTakeFirst();
  if (!customer?.mobile_number || !member) return null;
  try {
    return mobileOrThrow(customer.mobile_number);
  } catch {
    return null;
  }
}

/**
 * POST /memberships/member-lookup. Answers the same for every valid ID number, so that it cannot tell a
 * stranger who is a customer (issue 32): each lookup counts against the ID number's and the address's
 * limits first, whether or not it names a member, and the caller learns nothing but "a code went to the
 * member's mobile, if there is one". Answers the member's mobile number for the caller to send the code
 * to (never to the client); null when no code is to go out. invalidSSN: not a valid ID number at all.
 */
export async function lookUpMember(ctx: AuthContext, ssn: string, address: string): Promise<string | null> {
  const id = validId(ssn);
  // Keyed by a keyed hash: the rate table need not hold ID numbers, and 10^9 of them are quickly
  // hashed, so a plain hash would hide nothing.
  const key = hmac(ctx.secret, `member-lookup:${id}`);
  await ctx.db.transaction().execute((trx) =>
    countTry(
      ctx.rateEvents,
      [
        [LOOKUPS_PER_ID, key],
        [ctx.smsLimits.perAddress, address],
      ],
      ctx.now,
      trx,
    ),
  );
  return memberMobile(ctx.db, id);
}

/**
 * POST /memberships/member-login: the mobile number whose code logs the member of this ID number in.
 * An ID number of no member throws what a number without a live code answers (validateSmsCode: the same
 * address limit, then INVALID_SMS_CODE), so guessing codes tells no more than the lookup.
 */
export async function memberLoginMobile(ctx: AuthContext, ssn: string, address: string): Promise<string> {
  const mobile = await memberMobile(ctx.db, validId(ssn));
  if (mobile) return mobile;
  await assertUnderLimit(ctx.rateEvents, CODE_FAILS_PER_ADDRESS, address, ctx.now);
  throw new AppError('INVALID_SMS_CODE', 'wrong or expired verification code');
}
