import type { Settings } from '../../../src/api/contract/session.ts';
import { seatKey } from '../../../src/domain/seatKey.ts';
import { AppError } from '../../errors.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { seniorIdHash } from './idHash.ts';
import { assertLookupEnabled, normalizeIdNumber } from './lookup.ts';
import { claimSeniorUses } from './uses.ts';

/** How long the registry's answer about an ID number stands for the checkout: a visit, not forever. */
export const SENIOR_VERIFICATION_MS = 12 * 60 * 60_000;

/**
 * A seat on a senior ticket, re-checked at the checkout (a browser can be bypassed): the seat's code must be
 * a valid ID number (invalidSSN) that the senior registry confirmed as a senior citizen's in the last
 * SENIOR_VERIFICATION_MS (seniorBenefitError, reason notVerified: look it up again). Answers the ID's hash,
 * what the order keeps instead of the number; the per-ID limit is taken with the order (claimSeniorSeats).
 */
export async function checkSeniorSeat(
  trx: Transaction<Database>,
  ctx: { now: number; settings: Settings; authSecret?: Buffer | undefined },
  s: { si: number; x: number; y: number; ticketCode?: string | undefined },
): Promise<string> {
  assertLookupEnabled(ctx.settings);
  if (!s.ticketCode)
    throw new AppError('ticket_not_in_group', 'a senior ticket needs the ID number that unlocked it', {
      seat: seatKey(s.si, s.x, s.y),
    });
  const idNumber = normalizeIdNumber(s.ticketCode);
  if (!ctx.authSecret)
    throw new AppError('seniorBenefitError', 'no key for ID numbers', { reason: 'unavailable' });
  const idHash = seniorIdHash(ctx.authSecret, idNumber);
  const v = await trx
    .selectFrom('senior_verifications')
    .selectAll()
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  if (!v || v.is_senior !== 1 || ctx.now - v.verified_at > SENIOR_VERIFICATION_MS)
    throw new AppError('seniorBenefitError', 'the ID number is not a verified senior citizen', {
      reason: 'notVerified',
    });
  return idHash;
}

/**
 * The order takes its senior tickets from each ID number's limit at each presentation (main seats only:
 * the seats after a multi-seat ticket's first are part of it): seniorBenefitBalance when an ID has fewer
 * left, counting every pending, paid and held order, this one's other presentations apart.
 */
export async function claimSeniorSeats(
  trx: Transaction<Database>,
  ctx: { now: number; settings: Settings },
  order: { reservationIdentifier: string },
  seats: readonly { pi: number; seniorIdHash?: string | null; isSubTicket: boolean }[],
): Promise<void> {
  const counts = new Map<string, { presentationId: number; idHash: string; count: number }>();
  for (const s of seats) {
    if (!s.seniorIdHash || s.isSubTicket) continue;
    const key = `${s.pi}:${s.seniorIdHash}`;
    const c = counts.get(key) ?? { presentationId: s.pi, idHash: s.seniorIdHash, count: 0 };
    c.count++;
    counts.set(key, c);
  }
  const max = ctx.settings.seniorCitizen.maxTicketsPerId;
  // A fixed order (presentation, hash), so two orders of one ID at two presentations never wait on each other.
  for (const use of [...counts.values()].sort(
    (a, b) => a.presentationId - b.presentationId || a.idHash.localeCompare(b.idHash),
  ))
    if (!(await claimSeniorUses(trx, { ...use, max }, order, ctx.now)))
      throw new AppError('seniorBenefitBalance', 'this ID number has used its senior tickets here', { max });
}
