import { ApiCallError } from '../../api/client.ts';
import type { Presentation } from '../../api/contract/presentations.ts';
import type { TicketCodeResult } from '../../api/contract/vouchers.ts';
import { api } from '../../api/endpoints.ts';
import { ruleGroupsOf } from '../../domain/order/tickets.ts';
import { voucherAmountFor } from '../../domain/payment/split.ts';
import { isValidIsraeliId } from '../../domain/validation.ts';
import type { CheckoutStore } from '../checkout/store.ts';
import { withMemberTickets } from './memberTickets.ts';
import type { OrderState } from './store.ts';
import {
  assignVoucher,
  dropCode,
  MAX_CODES,
  normalizeCode,
  type RefKey,
  withCodeTickets,
} from './ticketCodes.ts';

/**
 * The customer's intents about ticket codes (spec section 5), on the order flow's state: apply a code
 * (the box office answers what every applied code unlocks), remove one, choose a seat's ticket with its
 * code, answer a ticket's reference prompts, and let gift cards pay at the payment step.
 */
export function createCodeIntents(state: OrderState, p: Presentation, checkout: CheckoutStore) {
  /**
   * Applies a code with those applied before (the box office checks them all again). Answers the code's
   * result; throws the box office's error (its params name the failing code) or a local one.
   */
  async function applyCode(raw: string): Promise<TicketCodeResult> {
    const code = normalizeCode(raw);
    if (!code) throw new ApiCallError('codeNotFound', 404, 'not a code', { code: raw.trim() });
    const known = state.codes.find((c) => c.code === code);
    if (known) return known;
    if (state.codes.length >= MAX_CODES)
      throw new ApiCallError('ticketCodesMax', 400, 'too many codes', { max: MAX_CODES });
    // Senior IDs are not codes of the lookup: they are kept as they are (applySenior).
    const seniors = state.codes.filter((c) => c.kind === 'senior');
    const others = state.codes.filter((c) => c.kind !== 'senior').map((c) => c.code);
    const answer = await api.presentationWithCodes(p.id, [...others, code]);
    const results = answer.ticketCodes ?? [];
    const mine = results.find((c) => c.code === code);
    if (!mine) throw new ApiCallError('codeNotFound', 404, 'code not answered', { code });
    state.codes = [...results, ...seniors];
    state.seats = assignVoucher(state.seats, mine);
    return mine;
  }

  /**
   * A senior citizen's ID number (issue 20): the box office asks the senior registry and answers the senior
   * tickets it unlocks, as a code of kind senior whose code is the ID (the seats carry it to the checkout).
   * Throws invalidSSN here for a number whose check digit is wrong, the box office's error otherwise.
   */
  async function applySenior(raw: string): Promise<TicketCodeResult> {
    const digits = raw.replace(/[\s-]/g, '');
    if (!isValidIsraeliId(digits)) throw new ApiCallError('invalidSSN', 400, 'not a valid ID number');
    const known = state.codes.find((c) => c.kind === 'senior' && c.code === digits.padStart(9, '0'));
    if (known) return known;
    const result = await api.seniorLookup(p.id, digits);
    state.codes = [...state.codes.filter((c) => c.code !== result.code), result];
    return result;
  }

  /** The code no longer applies: its seats go back to their default ticket, a gift card stops paying. */
  function removeCode(code: string) {
    state.codes = state.codes.filter((c) => c.code !== code);
    state.seats = dropCode(state.seats, code, ruleGroupsOf(state.groups));
    if (checkout.state.vouchers.some((v) => v.reference === code)) checkout.removeVoucher(code);
  }

  /** A seat's ticket, from its group or through a code; a new ticket starts without references. */
  function chooseTicket(key: string, ticketId: number, code: string | null = null) {
    state.seats = state.seats.map((s) =>
      s.key === key
        ? {
            ...s,
            ticketId,
            ticketCode: code ?? undefined,
            memberNumber: undefined,
            ...(s.ticketId !== ticketId || (s.ticketCode ?? null) !== code
              ? { ref1: undefined, ref2: undefined }
              : {}),
          }
        : s,
    );
  }

  function setRef(key: string, ref: RefKey, value: string) {
    state.seats = state.seats.map((s) => (s.key === key ? { ...s, [ref]: value } : s));
  }

  /**
   * Gift cards typed on the ticket step pay at the payment step, each up to its balance and to what is
   * still due (applied again on each visit: the total may have changed). Not for a hold, nor where the
   * order form takes no voucher payments (the box office refused such a code already).
   */
  function applyGiftCards() {
    if (checkout.state.isHold || !checkout.host.block.isVoucherPaymentEnabled) return;
    for (const c of state.codes) {
      if (c.kind !== 'giftCard') continue;
      if (checkout.state.vouchers.some((v) => v.reference === c.code)) checkout.removeVoucher(c.code);
      const amount = voucherAmountFor(c.balance ?? 0, checkout.due());
      if (amount > 0)
        checkout.applyVoucher({ reference: c.code, name: c.name, balance: c.balance ?? 0, amount });
    }
  }

  return { applyCode, applySenior, removeCode, chooseTicket, setRef, applyGiftCards };
}

/** The order's groups with the applied codes' tickets (what the rules, prices and summary read). */
export const groupsOf = (
  s: Pick<OrderState, 'groups' | 'codes'> & Partial<Pick<OrderState, 'memberTickets'>>,
) => withMemberTickets(withCodeTickets(s.groups, s.codes), s.memberTickets ?? []);
