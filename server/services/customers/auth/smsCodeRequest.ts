import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../../../src/api/contract/common.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { countTry, pruneEvents } from '../rateLimit.ts';
import { SmsSendError } from '../sms.ts';
import type { AuthContext } from './context.ts';
import { CODE_TTL_MS, codeHash, mobileOrThrow } from './smsCodes.ts';
import { issueLoginLink } from './tokenLogin.ts';

/** The account of a mobile number, or any customer who ordered with it (who may become one). */
async function customerOfMobile(db: Kysely<Database> | Transaction<Database>, mobile: string) {
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
 * number's earlier codes. `address` null: the caller counted the try against its address already (the
 * member lookup counts every lookup alike, a member's or not).
 */
export async function requestSmsCode(
  ctx: AuthContext,
  body: { mobileNumber: string; sendSmsRegardlessOfCustomerExistence?: boolean | undefined },
  address: string | null,
  locale: Locale,
): Promise<void> {
  const mobile = mobileOrThrow(body.mobileNumber);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const attemptId = randomBytes(12).toString('base64url');
  const events = ctx.rateEvents;
  const sendTo = await ctx.db.transaction().execute(async (trx) => {
    await countTry(
      events,
      address === null
        ? [[ctx.smsLimits.perNumber, mobile]]
        : [
            [ctx.smsLimits.perNumber, mobile],
            [ctx.smsLimits.perAddress, address],
          ],
      ctx.now,
      trx,
    );
    if (randomInt(0, 50) === 0) await pruneEvents(events, ctx.now, trx);
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
    const link = customer?.is_account === 1 ? await issueLoginLink(trx, ctx, customer.id, locale) : null;
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
