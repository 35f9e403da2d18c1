import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { Settings } from '../../../src/api/contract/session.ts';
import type { TicketCodeResult } from '../../../src/api/contract/vouchers.ts';
import { isValidIsraeliId } from '../../../src/domain/validation.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { loadTickets } from '../catalogue/ticketGroups.ts';
import { toCodeTicket } from '../ticketCodes/codeTickets.ts';
import { seniorIdHash } from './idHash.ts';
import type { SeniorRecord, SeniorRegistry } from './registry.ts';
import { SeniorRegistryError } from './registry.ts';
import { seniorUsesTaken } from './uses.ts';

export interface SeniorContext {
  db: Kysely<Database>;
  now: number;
  settings: Settings;
  /** The server's secret: ID numbers are kept only as an HMAC with it. */
  secret: Buffer;
  registry: SeniorRegistry;
}

/** What an applied senior ID is called on the ticket step and in the summary. */
export const SENIOR_NAME: LocalizedText = {
  he: 'אזרח ותיק',
  en: 'Senior citizen',
  ru: 'Пенсионер',
  ar: 'مواطن مسن',
  pl: 'Senior',
};

/** An ID number as typed (spaces and dashes allowed), as 9 digits; invalidSSN when it is not a valid one. */
export function normalizeIdNumber(typed: string): string {
  const digits = typed.replace(/[\s-]/g, '');
  if (!isValidIsraeliId(digits)) throw new AppError('invalidSSN', 'not a valid ID number');
  return digits.padStart(9, '0');
}

export function assertLookupEnabled(settings: Settings): void {
  if (!settings.seniorCitizen.isLookupEnabled)
    throw new AppError('seniorLookupDisabled', 'senior-citizen prices are not offered online');
}

/**
 * The senior lookup of the ticket step (issue 20): an ID number that the senior registry confirms unlocks
 * the presentation's senior tickets, as a ticket code of kind `senior` whose code is the ID number (the
 * seats carry it to the checkout, which checks it again) and whose `uses` are the senior tickets the ID
 * may still buy here. Errors: seniorLookupDisabled, invalidSSN, seniorBenefitTicketNotFound (no senior
 * price here), seniorBenefitError (params.reason: notFound, notSenior, unavailable), seniorBenefitBalance
 * (params.max), getTicket (the senior tickets are sold out). The registry's answer is kept by the hash.
 */
export async function lookupSenior(
  ctx: SeniorContext,
  p: { id: number; businessDate: string },
  typed: string,
): Promise<TicketCodeResult> {
  assertLookupEnabled(ctx.settings);
  const idNumber = normalizeIdNumber(typed);
  const tickets = (await loadTickets(ctx.db, p.id, ctx.now, 'hidden')).filter((h) => h.row.is_senior === 1);
  if (tickets.length === 0)
    throw new AppError('seniorBenefitTicketNotFound', 'this presentation has no senior-citizen price');

  const { minimumAge, maxTicketsPerId } = ctx.settings.seniorCitizen;
  let record: SeniorRecord | null;
  try {
    record = await ctx.registry.lookup(idNumber, { minimumAge, on: p.businessDate });
  } catch (err) {
    if (!(err instanceof SeniorRegistryError)) throw err;
    throw new AppError('seniorBenefitError', 'the senior registry did not answer', { reason: 'unavailable' });
  }
  const idHash = seniorIdHash(ctx.secret, idNumber);
  const isSenior = record?.isSenior === true;
  await ctx.db
    .insertInto('senior_verifications')
    .values({ id_hash: idHash, is_senior: isSenior ? 1 : 0, verified_at: ctx.now })
    .onConflict((oc) =>
      oc.column('id_hash').doUpdateSet({ is_senior: isSenior ? 1 : 0, verified_at: ctx.now }),
    )
    .execute();
  if (!isSenior)
    throw new AppError('seniorBenefitError', 'not a registered senior citizen', {
      reason: record ? 'notSenior' : 'notFound',
    });

  const left = maxTicketsPerId - (await seniorUsesTaken(ctx.db, p.id, idHash));
  if (left <= 0)
    throw new AppError('seniorBenefitBalance', 'this ID number has used its senior tickets here', {
      max: maxTicketsPerId,
    });
  if (tickets.every((t) => t.ticket.remaining === 0))
    throw new AppError('getTicket', 'the senior tickets are sold out');
  return {
    code: idNumber,
    kind: 'senior',
    name: SENIOR_NAME,
    uses: left,
    balance: null,
    endDate: null,
    tickets: tickets.map(toCodeTicket),
  };
}
