import type { Selectable } from 'kysely';
import type { TicketCodeResult } from '../../../../src/api/contract/vouchers.ts';
import { seatKey } from '../../../../src/domain/seatKey.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { loadTickets } from '../../catalogue/ticketGroups.ts';
import type { HiddenTicket } from '../../ticketCodes/codeTickets.ts';
import { assertPartnerTicket } from '../../partners/checkout.ts';
import { isPartnerTicket } from '../../partners/context.ts';
import { checkRefs } from '../../ticketCodes/refs.ts';
import { resolveTicketCode } from '../../ticketCodes/resolve.ts';
import { checkSeniorSeat } from '../../seniors/checkout.ts';
import type { Cart, CheckoutContext, Trx } from './types.ts';
import type { VoucherUse } from './voucherTickets.ts';

type CartSeat = Cart['seats'][number];

/** What a seat's ticket was unlocked with and the references it keeps. */
export interface SeatCode {
  ticketCode: string | null;
  ref1: string | null;
  ref2: string | null;
  /** The ticket voucher that pays the seat's ticket, if one does. */
  voucher: string | null;
  /** A senior ticket: the HMAC of the ID number it is bought with (the number itself is never kept). */
  seniorIdHash?: string | null;
}

/**
 * The codes and references of one presentation's seats (issue 15), re-checked like everything else in the
 * cart: a hidden ticket needs the code that unlocks it for the seat's price level (without one, or with a
 * code that unlocks something else: ticket_not_in_group), resolved as the ticket step resolved it (the
 * code's own errors otherwise); a ticket a voucher pays is not for a hold order; every reference prompt
 * is answered (refs.ts). A code sent with a ticket everyone may choose is not needed and not kept.
 * The seats' tickets and groups are already checked (an unknown ticket is checkTickets' to name).
 */
export async function checkSeatCodes(
  trx: Trx,
  ctx: CheckoutContext,
  p: { id: number; business_date: string },
  seats: readonly CartSeat[],
  /** The cart's tickets, as the checkout read them once. */
  rows: ReadonlyMap<number, Selectable<Database['tickets']>>,
): Promise<SeatCode[]> {
  let hidden: HiddenTicket[] | undefined;
  const resolved = new Map<string, TicketCodeResult>();
  const out: SeatCode[] = [];
  for (const s of seats) {
    const row = rows.get(s.ticketId);
    let ticketCode: string | null = null;
    let voucher: string | null = null;
    let seniorIdHash: string | null = null;
    // A partner's price is unlocked by the order's context (its mini-site or integration), not by a code.
    if (row && isPartnerTicket(row)) assertPartnerTicket(ctx.partner, row, seatKey(s.si, s.x, s.y));
    // A senior price is unlocked by an ID number the senior registry confirmed (issue 20).
    else if (row?.is_senior === 1) seniorIdHash = await checkSeniorSeat(trx, ctx, s);
    else if (row?.is_hidden === 1) {
      const key = seatKey(s.si, s.x, s.y);
      const notUnlocked = () =>
        new AppError('ticket_not_in_group', `ticket ${row.id} needs the code that unlocks it`, { seat: key });
      if (!s.ticketCode) throw notUnlocked();
      let code = resolved.get(s.ticketCode);
      if (!code) {
        hidden ??= await loadTickets(trx, p.id, ctx.now, 'hidden');
        code = await resolveTicketCode(
          { db: trx, now: ctx.now, settings: ctx.settings },
          { id: p.id, businessDate: p.business_date },
          s.ticketCode,
          hidden,
        );
        resolved.set(s.ticketCode, code);
      }
      if (!code.tickets.some((t) => t.ticket.id === row.id && t.ticketGroupId === s.tg)) throw notUnlocked();
      ticketCode = code.code;
      if (code.kind === 'voucher') {
        if (ctx.isHold)
          throw new AppError('voucher_ticket_not_on_hold', 'tickets paid by a voucher cannot be held', {
            code: code.code,
          });
        voucher = code.code;
      }
    }
    out.push({
      ticketCode,
      voucher,
      seniorIdHash,
      ...(row ? checkRefs(row, s) : { ref1: null, ref2: null }),
    });
  }
  return out;
}

/** The uses each voucher pays for: one per ticket (the seats after a multi-seat ticket's first are free). */
export function voucherUses(
  seats: readonly { voucher: string | null; isSubTicket: boolean }[],
): VoucherUse[] {
  const uses = new Map<string, number>();
  for (const s of seats)
    if (s.voucher !== null && !s.isSubTicket) uses.set(s.voucher, (uses.get(s.voucher) ?? 0) + 1);
  return [...uses].map(([reference, n]) => ({ reference, uses: n }));
}
