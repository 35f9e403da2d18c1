import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { IntegrationAnswer, IntegrationQuery } from '../../../src/api/contract/partners.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';

/** How far a link's TS may be from the box office's clock, either way. */
export const INTEGRATION_SKEW_MS = 5 * 60_000;
/** How long an entry (its integrationId) lives. */
export const INTEGRATION_ENTRY_MS = 4 * 3_600_000;

/** The key a partner signs a link with: hex HMAC-SHA256 of the TS text with its secret. */
export function integrationKey(secret: string, ts: string): string {
  return createHmac('sha256', secret).update(ts).digest('hex');
}

const refuse = (why: string) => new AppError('integrationError', why);

/** The origin of an absolute http(s) URL without credentials; null for anything else. */
function originOf(ret: string): string | null {
  let url: URL;
  try {
    url = new URL(ret);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.origin;
}

/**
 * GET /integration (spec section 7): a partner's site sends its customer in with TS (Unix seconds), ret
 * (where to go back) and key = hex HMAC-SHA256(TS, secret). The key is compared, in constant time, with
 * each active partner's; TS must be within ±5 minutes of the box office clock (a copied link goes stale);
 * ret must be an absolute http(s) URL on that partner's return origin (no open redirect). Anything else:
 * integrationError. The answer is a new opaque integrationId that lives a few hours.
 */
export async function enterIntegration(
  db: Kysely<Database>,
  q: IntegrationQuery,
  now: number,
): Promise<IntegrationAnswer> {
  if (!/^\d{1,12}$/.test(q.TS)) throw refuse('TS is not a Unix time in seconds');
  if (Math.abs(Number(q.TS) * 1000 - now) > INTEGRATION_SKEW_MS) throw refuse('the link is stale');
  if (!/^[0-9a-fA-F]{64}$/.test(q.key)) throw refuse('the key is not a hex HMAC-SHA256');
  const given = Buffer.from(q.key.toLowerCase(), 'hex');
  const partners = await db
    .selectFrom('integration_partners')
    .select(['id', 'secret', 'return_origin'])
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  // Every partner is tried (no early exit) so the time taken does not tell which secret came close.
  let partner: (typeof partners)[number] | null = null;
  for (const p of partners) {
    const expected = Buffer.from(integrationKey(p.secret, q.TS), 'hex');
    if (timingSafeEqual(expected, given) && partner === null) partner = p;
  }
  if (!partner) throw refuse('the key matches no partner');
  const origin = originOf(q.ret);
  if (origin === null || origin !== originOf(partner.return_origin))
    throw refuse("ret is not on the partner's return origin");
  const id = randomBytes(24).toString('base64url');
  const expiresAt = now + INTEGRATION_ENTRY_MS;
  await db
    .insertInto('integration_entries')
    .values({ id, partner_id: partner.id, ret: q.ret, issued_at: now, expires_at: expiresAt })
    .execute();
  return { integrationId: id, expiresAt: new Date(expiresAt).toISOString(), ret: q.ret };
}
