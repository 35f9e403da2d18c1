import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../../src/api/contract/common.ts';
import type { Settings } from '../../../src/api/contract/session.ts';
import { isValidEmail, normalizeIsraeliMobile } from '../../../src/domain/validation.ts';
import type { Dialect } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import {
  assertUnderLimit,
  CODE_FAILS_PER_ADDRESS,
  forgetEvent,
  lockKeys,
  LOGIN_FAILS_PER_ADDRESS,
  LOGIN_FAILS_PER_EMAIL,
  pruneEvents,
  recordEvent,
  SMS_PER_ADDRESS,
  SMS_PER_NUMBER,
} from './rateLimit.ts';
import { hmac, sameText, sha256, verifyPassword } from './secrets.ts';
import { SmsSendError, type SmsSender } from './sms.ts';

/** A code lives 5 minutes and dies after 5 wrong tries (issue 5). A login link lives an hour. */
export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_WRONG = 5;
export const LOGIN_LINK_TTL_MS = 60 * 60_000;

export interface AuthContext {
  db: Kysely<Database>;
  dialect: Dialect;
  secret: Buffer;
  settings: Settings;
  sms: SmsSender;
  now: number;
  /** Where the shop is reached, for login links. */
  publicUrl: string;
  sessionMinutes: number;
}

export interface NewSession {
  customerId: string;
  /** The cookie value (128 random bits); only its hash is stored. */
  sessionId: string;
  maxAgeSeconds: number;
}

type Trx = Transaction<Database>;

function mobileOrThrow(value: string): string {
  const mobile = normalizeIsraeliMobile(value);
  if (!mobile) throw new AppError('invalid_mobileNumber', 'enter an Israeli mobile number');
  return mobile;
}

const codeHash = (secret: Buffer, attemptId: string, mobile: string, code: string) =>
  hmac(secret, `${attemptId}:${mobile}:${code}`);

/** The account of a mobile number, or any customer who ordered with it (who may become one). */
async function customerOfMobile(db: Kysely<Database> | Trx, mobile: string) {
  const account = await db
    .selectFrom('customers')
    .select(['id', 'is_account'])
    .where('mobile_key', '=', mobile)
    .orderBy('is_account', 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return account ?? null;
}

const SMS_TEXT: Record<Locale, (code: string, link: string | null) => string> = {
  he: (c, l) => `קוד האימות שלך: ${c} (בתוקף 5 דקות).${l ? ` או היכנסו בקישור: ${l}` : ''}`,
  en: (c, l) =>
    `Your verification code: ${c} (valid for 5 minutes).${l ? ` Or log in with this link: ${l}` : ''}`,
  ru: (c, l) => `Ваш код подтверждения: ${c} (действует 5 минут).${l ? ` Или войдите по ссылке: ${l}` : ''}`,
  ar: (c, l) => `رمز التحقق الخاص بك: ${c} (صالح لمدة 5 دقائق).${l ? ` أو سجّل الدخول عبر الرابط: ${l}` : ''}`,
  pl: (c, l) => `Twój kod weryfikacyjny: ${c} (ważny 5 minut).${l ? ` Lub zaloguj się linkiem: ${l}` : ''}`,
};

/**
 * POST /customer/mobile-login. Answers the same whether or not the number belongs to a customer: a
 * code is sent only to a known number (or to any number when the shop asks to send regardless), but
 * an attempt is recorded either way so rate limits and timing look alike. A new attempt retires the
 * number's earlier codes.
 */
export async function requestSmsCode(
  ctx: AuthContext,
  body: { mobileNumber: string; sendSmsRegardlessOfCustomerExistence?: boolean | undefined },
  address: string,
  locale: Locale,
): Promise<void> {
  const mobile = mobileOrThrow(body.mobileNumber);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const attemptId = randomBytes(12).toString('base64url');
  const sendTo = await ctx.db.transaction().execute(async (trx) => {
    await lockKeys(trx, ctx.dialect, [
      `${SMS_PER_NUMBER.bucket}:${mobile}`,
      `${SMS_PER_ADDRESS.bucket}:${address}`,
    ]);
    await assertUnderLimit(trx, SMS_PER_NUMBER, mobile, ctx.now);
    await assertUnderLimit(trx, SMS_PER_ADDRESS, address, ctx.now);
    await recordEvent(trx, SMS_PER_NUMBER, mobile, ctx.now);
    await recordEvent(trx, SMS_PER_ADDRESS, address, ctx.now);
    if (randomInt(0, 50) === 0) await pruneEvents(trx, ctx.now);
    const customer = await customerOfMobile(trx, mobile);
    const send = customer !== null || body.sendSmsRegardlessOfCustomerExistence === true;
    await trx
      .updateTable('sms_codes')
      .set({ consumed_at: ctx.now })
      .where('mobile_key', '=', mobile)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('sms_codes')
      .values({
        id: attemptId,
        mobile_key: mobile,
        // Without an SMS the stored hash matches no code anyone could know.
        code_hash: send
          ? codeHash(ctx.secret, attemptId, mobile, code)
          : randomBytes(32).toString('base64url'),
        customer_id: customer?.id ?? null,
        create_account: send ? 1 : 0,
        created_at: ctx.now,
        expires_at: ctx.now + CODE_TTL_MS,
      })
      .execute();
    if (!send) return null;
    let link: string | null = null;
    if (customer?.is_account === 1) {
      const token = randomBytes(24).toString('base64url');
      await trx
        .insertInto('login_tokens')
        .values({
          token_hash: sha256(token),
          customer_id: customer.id,
          created_at: ctx.now,
          expires_at: ctx.now + LOGIN_LINK_TTL_MS,
          redeemed_at: null,
        })
        .execute();
      link = `${ctx.publicUrl}/customer-area/login/${token}?language=${locale}`;
    }
    return SMS_TEXT[locale](code, link);
  });
  if (sendTo === null) return;
  try {
    await ctx.sms.send(mobile, sendTo);
  } catch (err) {
    if (err instanceof SmsSendError) throw new AppError('SMS_FAILED', 'the SMS could not be sent; try again');
    throw err;
  }
}

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

async function openSession(trx: Trx, ctx: AuthContext, customerId: string): Promise<NewSession> {
  const sessionId = randomBytes(16).toString('base64url');
  await trx
    .insertInto('customer_sessions')
    .values({
      id_hash: sha256(sessionId),
      customer_id: customerId,
      created_at: ctx.now,
      expires_at: ctx.now + ctx.sessionMinutes * 60_000,
    })
    .execute();
  await trx.deleteFrom('customer_sessions').where('expires_at', '<', ctx.now).execute();
  return { customerId, sessionId, maxAgeSeconds: ctx.sessionMinutes * 60 };
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
  await assertUnderLimit(ctx.db, CODE_FAILS_PER_ADDRESS, address, ctx.now);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom('sms_codes')
      .selectAll()
      .where('mobile_key', '=', mobile)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1);
    if (ctx.dialect === 'postgres') q = q.forUpdate();
    const attempt = await q.executeTakeFirst();
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
      await recordEvent(trx, CODE_FAILS_PER_ADDRESS, address, ctx.now);
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

/** POST /customer/login: e-mail and password; one answer for an unknown e-mail and a wrong password. */
export async function emailLogin(
  ctx: AuthContext,
  body: { email: string; password: string },
  address: string,
): Promise<NewSession> {
  const email = body.email.trim().toLowerCase();
  if (!isValidEmail(email) || !body.password) throw new AppError('LOGIN_FAILED', 'wrong login details');
  // The try counts as failed before the password is checked, in one step with the limit check, so
  // tries sent at once cannot all pass the limit; a right password takes its count back.
  await ctx.db.transaction().execute(async (trx) => {
    await lockKeys(trx, ctx.dialect, [
      `${LOGIN_FAILS_PER_EMAIL.bucket}:${email}`,
      `${LOGIN_FAILS_PER_ADDRESS.bucket}:${address}`,
    ]);
    await assertUnderLimit(trx, LOGIN_FAILS_PER_EMAIL, email, ctx.now);
    await assertUnderLimit(trx, LOGIN_FAILS_PER_ADDRESS, address, ctx.now);
    await recordEvent(trx, LOGIN_FAILS_PER_EMAIL, email, ctx.now);
    await recordEvent(trx, LOGIN_FAILS_PER_ADDRESS, address, ctx.now);
  });
  const account = await ctx.db
    .selectFrom('customers')
    .select(['id', 'password_hash'])
    .where('email_key', '=', email)
    .where('is_account', '=', 1)
    .where('password_hash', 'is not', null)
    .orderBy('created_at')
    .executeTakeFirst();
  const ok = await verifyPassword(body.password, account?.password_hash ?? null);
  if (!ok || !account) throw new AppError('LOGIN_FAILED', 'wrong login details');
  return ctx.db.transaction().execute(async (trx) => {
    await forgetEvent(trx, ctx.dialect, LOGIN_FAILS_PER_EMAIL, email, ctx.now);
    await forgetEvent(trx, ctx.dialect, LOGIN_FAILS_PER_ADDRESS, address, ctx.now);
    return openSession(trx, ctx, account.id);
  });
}

/** POST /customer/token-login: a login link's token, usable once within its hour. */
export async function tokenLogin(ctx: AuthContext, token: string, address: string): Promise<NewSession> {
  await assertUnderLimit(ctx.db, CODE_FAILS_PER_ADDRESS, address, ctx.now);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('login_tokens').selectAll().where('token_hash', '=', sha256(token));
    if (ctx.dialect === 'postgres') q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) {
      await recordEvent(trx, CODE_FAILS_PER_ADDRESS, address, ctx.now);
      return {
        error: new AppError('CUSTOMER_TOKEN_ERROR', 'this login link is not valid; ask for a new one'),
      };
    }
    if (row.redeemed_at !== null) {
      const date = new Date(Number(row.redeemed_at)).toISOString();
      return {
        error: new AppError('CUSTOMER_TOKEN_REDEEMED', `this login link was used on ${date}`, { date }),
      };
    }
    if (Number(row.expires_at) <= ctx.now) {
      const date = new Date(Number(row.expires_at)).toISOString();
      return {
        error: new AppError('CUSTOMER_TOKEN_EXPIRED', `this login link expired on ${date}`, { date }),
      };
    }
    await trx
      .updateTable('login_tokens')
      .set({ redeemed_at: ctx.now })
      .where('token_hash', '=', row.token_hash)
      .execute();
    return { session: await openSession(trx, ctx, row.customer_id) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.session;
}

/** The customer of a session cookie, sliding its expiry forward; null when absent or expired. */
export async function customerOfSession(
  db: Kysely<Database>,
  sessionId: string | undefined,
  now: number,
  sessionMinutes: number,
): Promise<string | null> {
  if (!sessionId || sessionId.length > 64) return null;
  const idHash = sha256(sessionId);
  const row = await db
    .selectFrom('customer_sessions')
    .select(['customer_id', 'expires_at'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return null;
  const ttl = sessionMinutes * 60_000;
  if (Number(row.expires_at) - now < ttl / 2) {
    await db
      .updateTable('customer_sessions')
      .set({ expires_at: now + ttl })
      .where('id_hash', '=', idHash)
      .execute();
  }
  return row.customer_id;
}

export async function endSession(db: Kysely<Database>, sessionId: string | undefined): Promise<void> {
  if (!sessionId || sessionId.length > 64) return;
  await db.deleteFrom('customer_sessions').where('id_hash', '=', sha256(sessionId)).execute();
}
