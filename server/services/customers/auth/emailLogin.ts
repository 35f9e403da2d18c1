import { isValidEmail } from '../../../../src/domain/validation.ts';
import { AppError } from '../../../errors.ts';
import { countTry, forgetEvent, LOGIN_FAILS_PER_ADDRESS, LOGIN_FAILS_PER_EMAIL } from '../rateLimit.ts';
import { verifyPassword } from '../secrets.ts';
import type { AuthContext } from './context.ts';
import { type NewSession, openSession } from './sessions.ts';

/** POST /customer/login: e-mail and password; one answer for an unknown e-mail and a wrong password. */
export async function emailLogin(
  ctx: AuthContext,
  body: { email: string; password: string },
  address: string,
): Promise<NewSession> {
  const email = body.email.trim().toLowerCase();
  if (!isValidEmail(email) || !body.password) throw new AppError('LOGIN_FAILED', 'wrong login details');
  const events = ctx.rateEvents;
  // The try counts as failed before the password is checked, in one step with the limit check, so
  // tries sent at once cannot all pass the limit; a right password takes its count back.
  await ctx.db.transaction().execute(async (trx) => {
    await countTry(
      events,
      [
        [LOGIN_FAILS_PER_EMAIL, email],
        [LOGIN_FAILS_PER_ADDRESS, address],
      ],
      ctx.now,
      trx,
    );
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
    await forgetEvent(events, LOGIN_FAILS_PER_EMAIL, email, ctx.now, trx);
    await forgetEvent(events, LOGIN_FAILS_PER_ADDRESS, address, ctx.now, trx);
    return openSession(trx, ctx, account.id);
  });
}
