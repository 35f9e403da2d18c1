import type { TicketGroup } from '../../api/contract/presentations.ts';
import type { CodeTicket, TicketCodeResult } from '../../api/contract/vouchers.ts';
import { defaultTicket, type RuleGroup } from '../../domain/order/tickets.ts';
import type { HeldSeat } from './model.ts';

/**
 * Ticket codes of the ticket step (spec section 5): what the applied codes add to the seats' ticket
 * choices, how many seats a voucher may pay, and the reference answers their tickets ask for. Pure
 * functions over the order's state; the box office checks all of it again on payment.
 */

/** At most this many codes at once (the query of GET /presentations/{id} takes five). */
export const MAX_CODES = 5;

/** What a customer types, as the box office keeps codes; null when it cannot be a code at all. */
export function normalizeCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return /^[A-Z0-9-]{3,40}$/.test(code) ? code : null;
}

/**
 * The ticket groups with the tickets the applied codes unlock added to their group (each ticket once:
 * two vouchers of one class unlock the same ticket). Hidden tickets are never in the groups the box
 * office lists, so these are the only way they reach the rules and the prices.
 */
export function withCodeTickets(
  groups: readonly TicketGroup[],
  codes: readonly TicketCodeResult[],
): TicketGroup[] {
  if (codes.length === 0) return groups as TicketGroup[];
  return groups.map((g) => {
    const extra: TicketGroup['tickets'] = [];
    for (const c of codes)
      for (const ct of c.tickets)
        if (
          ct.ticketGroupId === g.id &&
          !g.tickets.some((x) => x.id === ct.ticket.id) &&
          !extra.some((x) => x.id === ct.ticket.id)
        )
          extra.push(ct.ticket);
    return extra.length ? { ...g, tickets: [...g.tickets, ...extra] } : g;
  });
}

/** The unlocked ticket a seat takes through its code (undefined for a seat on a ticket of its group). */
export function codeTicketOf(
  codes: readonly TicketCodeResult[],
  seat: Pick<HeldSeat, 'ticketCode' | 'ticketGroup' | 'ticketId'>,
): CodeTicket | undefined {
  if (!seat.ticketCode) return undefined;
  return codes
    .find((c) => c.code === seat.ticketCode)
    ?.tickets.find((ct) => ct.ticketGroupId === seat.ticketGroup && ct.ticket.id === seat.ticketId);
}

/** A ticket choice as the select keeps it: the ticket, and the code it comes through. */
export function choiceValue(ticketId: number, code: string | null | undefined): string {
  return code ? `${ticketId}@${code}` : String(ticketId);
}

export function parseChoice(value: string): { ticketId: number; code: string | null } {
  const [id, code] = value.split('@');
  return { ticketId: Number(id), code: code ?? null };
}

/** Seats that take a ticket through `code`, other than the seat `exceptKey`. */
export function seatsUsing(seats: readonly HeldSeat[], code: string, exceptKey?: string): number {
  return seats.filter((s) => s.ticketCode === code && s.key !== exceptKey).length;
}

/** Whether the code can pay one more seat (the seat `key` asking): a voucher pays at most its uses. */
export function codeHasRoom(code: TicketCodeResult, seats: readonly HeldSeat[], key: string): boolean {
  return code.uses === null || seatsUsing(seats, code.code, key) < code.uses;
}

/** Code tickets a seat may choose: those of its group, from every code that still has room for it. */
export function seatCodeChoices(
  codes: readonly TicketCodeResult[],
  seats: readonly HeldSeat[],
  seat: HeldSeat,
): { code: TicketCodeResult; ticket: CodeTicket; full: boolean }[] {
  const out: { code: TicketCodeResult; ticket: CodeTicket; full: boolean }[] = [];
  for (const c of codes)
    for (const ct of c.tickets)
      if (ct.ticketGroupId === seat.ticketGroup && !ct.ticket.isMultiplyFactorSubTicket)
        out.push({ code: c, ticket: ct, full: !codeHasRoom(c, seats, seat.key) });
  return out;
}

/**
 * A voucher just applied takes the seats it can (its tickets, up to its uses) among the seats on a
 * ticket of their group: a customer who types a voucher means to use it. Partner cards and price codes
 * only add choices (their prices are per person: the customer picks the seats).
 */
export function assignVoucher(seats: readonly HeldSeat[], code: TicketCodeResult): HeldSeat[] {
  if (code.kind !== 'voucher') return seats as HeldSeat[];
  let room = (code.uses ?? 0) - seatsUsing(seats, code.code);
  return seats.map((s) => {
    if (room <= 0 || s.ticketCode) return s;
    const ct = code.tickets.find((x) => x.ticketGroupId === s.ticketGroup);
    if (!ct) return s;
    room--;
    return {
      ...s,
      ticketId: ct.ticket.id,
      ticketCode: code.code,
      ref1: undefined,
      ref2: undefined,
      addons: undefined,
    };
  });
}

/** Seats on a code's tickets go back to their group's default ticket (the code was removed). */
export function dropCode(seats: readonly HeldSeat[], code: string, rules: readonly RuleGroup[]): HeldSeat[] {
  return seats.map((s) =>
    s.ticketCode === code
      ? {
          ...s,
          ticketId: defaultTicket(rules.find((g) => g.id === s.ticketGroup))?.id ?? null,
          ticketCode: undefined,
          ref1: undefined,
          ref2: undefined,
          addons: undefined,
        }
      : s,
  );
}

export type RefKey = 'ref1' | 'ref2';
export type RefProblem = 'required' | 'notAnOption' | 'pattern';

/** What is wrong with a reference answer (null: it will do). */
export function refProblem(prompt: CodeTicket['ref1'], value: string | undefined): RefProblem | null {
  if (!prompt) return null;
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (prompt.options?.length) return prompt.options.includes(v) ? null : 'notAnOption';
  if (prompt.pattern) {
    try {
      if (!new RegExp(prompt.pattern).test(v)) return 'pattern';
    } catch {
      // A pattern this browser cannot read is left to the box office.
    }
  }
  return null;
}

export interface SeatCodeProblem {
  key: string;
  problem: 'voucherBalance' | RefProblem;
  ref?: RefKey;
}

/**
 * What keeps the seats' code tickets from going on: a voucher on more seats than its uses, a code no
 * longer applied, or a reference answer missing or wrong.
 */
export function seatCodeProblems(
  seats: readonly HeldSeat[],
  codes: readonly TicketCodeResult[],
): SeatCodeProblem[] {
  const out: SeatCodeProblem[] = [];
  const counted = new Map<string, number>();
  for (const s of seats) {
    if (!s.ticketCode) continue;
    const code = codes.find((c) => c.code === s.ticketCode);
    const ct = codeTicketOf(codes, s);
    const n = (counted.get(s.ticketCode) ?? 0) + 1;
    counted.set(s.ticketCode, n);
    if (!code || !ct || (code.uses !== null && n > code.uses)) {
      out.push({ key: s.key, problem: 'voucherBalance' });
      continue;
    }
    for (const ref of ['ref1', 'ref2'] as const) {
      const problem = refProblem(ct[ref], s[ref]);
      if (problem) out.push({ key: s.key, problem, ref });
    }
  }
  return out;
}

/**
 * A code as the shop shows it: a partner card or a senior's ID number by its last four digits only (the
 * member's card number, a person's ID), any other code in full; isolated left to right, so that a right-to-left line keeps it whole.
 */
export function shownCode(code: Pick<TicketCodeResult, 'code' | 'kind'>): string {
  const shown =
    (code.kind === 'partnerCard' || code.kind === 'senior') && code.code.length > 4
      ? `•••• ${code.code.slice(-4)}`
      : code.code;
  return `\u2066${shown}\u2069`;
}

/** Seats whose ticket a ticket voucher pays (a hold order may not have them, spec section 4). */
export function hasVoucherSeats(seats: readonly HeldSeat[], codes: readonly TicketCodeResult[]): boolean {
  return seats.some((s) => codes.find((c) => c.code === s.ticketCode)?.kind === 'voucher');
}
