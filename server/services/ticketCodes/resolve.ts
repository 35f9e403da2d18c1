import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { TicketCodeResult } from '../../../src/api/contract/vouchers.ts';
import { AppError } from '../../errors.ts';
import { loadTickets } from '../catalogue/ticketGroups.ts';
import { type HiddenTicket, toCodeTicket } from './codeTickets.ts';
import {
  type CodeContext,
  type CodePresentation,
  findSystemVoucher,
  systemVoucherCode,
} from './voucherCodes.ts';

export type { CodeContext, CodePresentation } from './voucherCodes.ts';

/**
 * Ticket codes (spec sections 5 and 8): what a code typed on the ticket step unlocks at a presentation.
 * One resolution serves both the lookup (GET /presentations/{id}?ticketCodes=…) and the checkout, which
 * accepts a hidden ticket on a seat only when the seat's code unlocks it.
 *
 * A code is, first match wins (case-insensitive): a system voucher's reference (a ticket voucher unlocks
 * the tickets of its class, a gift card pays at the payment step), a hidden price's code, or a partner
 * program's card number (its pattern matches). Nothing: codeNotFound. A code that unlocks no ticket of
 * the presentation: ticketNotFound; one whose every ticket is sold out: getTicket. Errors carry {code}.
 */
export async function resolveTicketCode(
  ctx: CodeContext,
  p: CodePresentation,
  typed: string,
  hidden: readonly HiddenTicket[],
): Promise<TicketCodeResult> {
  const code = typed.trim().toUpperCase();
  const result = await resolveKind(ctx, p, code, hidden);
  const params = { code: result.code };
  if (result.kind === 'giftCard') return result;
  if (result.tickets.length === 0)
    throw new AppError('ticketNotFound', 'the code unlocks no ticket of this presentation', params);
  if (result.tickets.every((t) => t.ticket.remaining === 0))
    throw new AppError('getTicket', 'the tickets this code unlocks are sold out', params);
  return result;
}

/** Every code of a lookup, in the order typed; the first code that fails fails the lookup. */
export async function resolveTicketCodes(
  ctx: CodeContext,
  p: CodePresentation,
  codes: readonly string[],
): Promise<TicketCodeResult[]> {
  const hidden = await loadTickets(ctx.db, p.id, ctx.now, 'hidden');
  const out: TicketCodeResult[] = [];
  for (const code of codes) out.push(await resolveTicketCode(ctx, p, code, hidden));
  return out;
}

async function resolveKind(
  ctx: CodeContext,
  p: CodePresentation,
  code: string,
  hidden: readonly HiddenTicket[],
): Promise<TicketCodeResult> {
  const voucher = await findSystemVoucher(ctx.db, code);
  if (voucher) return systemVoucherCode(ctx, p, voucher, hidden);

  const priced = hidden.filter((h) => h.row.price_code?.toUpperCase() === code);
  if (priced.length > 0 || (await isPriceCode(ctx, code)))
    return {
      ...noBalance(code, 'priceCode'),
      name: priced[0] ? (JSON.parse(priced[0].row.name_json) as LocalizedText) : {},
      tickets: priced.map(toCodeTicket),
    };

  const program = await partnerProgramOf(ctx, code);
  if (program)
    return {
      ...noBalance(code, 'partnerCard'),
      name: JSON.parse(program.name_json) as LocalizedText,
      tickets: hidden.filter((h) => h.row.partner_program_id === program.id).map(toCodeTicket),
    };

  throw new AppError('codeNotFound', 'no voucher, partner card or price code has this code', { code });
}

const noBalance = (code: string, kind: 'priceCode' | 'partnerCard') => ({
  code,
  kind,
  uses: null,
  balance: null,
  endDate: null,
});

/** Whether some hidden price anywhere has this code (then it is known, only not at this presentation). */
async function isPriceCode(ctx: CodeContext, code: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('tickets')
    .select('id')
    .where((eb) => eb(eb.fn('upper', ['price_code']), '=', code))
    .executeTakeFirst();
  return row !== undefined;
}

/** The first partner program (by id) whose card-number pattern the code matches. */
async function partnerProgramOf(ctx: CodeContext, code: string) {
  const programs = await ctx.db.selectFrom('partner_programs').selectAll().orderBy('id').execute();
  return programs.find((pp) => {
    try {
      return new RegExp(pp.pattern).test(code);
    } catch {
      return false; // a program whose pattern cannot be read matches nothing
    }
  });
}
