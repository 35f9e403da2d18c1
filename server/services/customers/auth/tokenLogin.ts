import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Locale } from '../../../../src/api/contract/common.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { assertUnderLimit, CODE_FAILS_PER_ADDRESS, recordEvent } from '../rateLimit.ts';
import { sha256 } from '../secrets.ts';
import type { AuthContext } from './context.ts';
import { type NewSession, openSession } from './sessions.ts';

/** A login link lives an hour. */
export const LOGIN_LINK_TTL_MS = 60 * 60_000;

/** A new login link for an account (sent with its SMS code); only the token's hash is stored. */
export async function issueLoginLink(
  trx: Transaction<Database>,
  ctx: Pick<AuthContext, 'now' | 'publicUrl'>,
  customerId: string,
  locale: Locale,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await trx
    .insertInto('login_tokens')
    .values({
      token_hash: sha256(token),
      customer_id: customerId,
      created_at: ctx.now,
      expires_at: ctx.now + LOGIN_LINK_TTL_MS,
      redeemed_at: null,
    })
    .execute();
  return `${ctx.publicUrl}/customer-area/login/${token}?language=${locale}`;
}

/** POST /customer/token-login: a login link's token, usable once within its hour. */
export async function tokenLogin(ctx: AuthContext, token: string, address: string): Promise<NewSession> {
  await assertUnderLimit(ctx.rateEvents, CODE_FAILS_PER_ADDRESS, address, ctx.now);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    // Locks the token's row until the transaction ends, so one link opens one session.
    const row = await trx
      .selectFrom('login_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) {
      await recordEvent(ctx.rateEvents, CODE_FAILS_PER_ADDRESS, address, ctx.now, trx);
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
