import { ApiCallError } from '../../api/client.ts';
import type { Presentation } from '../../api/contract/presentations.ts';
import type { TicketCodeResult } from '../../api/contract/vouchers.ts';
import { api } from '../../api/endpoints.ts';
import { ruleGroupsOf } from '../../domain/order/tickets.ts';
import { voucherAmountFor } from '../../domain/payment/split.ts';
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
    const answer = await api.presentationWithCodes(p.id, [...state.codes.map((c) => c.code), code]);
    const results = answer.ticketCodes ?? [];
    const mine = results.find((c) => c.code === code);
    if (!mine) throw new ApiCallError('codeNotFound', 404, 'code not answered', { code });
    state.codes = results;
    state.seats = assignVoucher(state.seats, mine);
    return mine;
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

  return { applyCode, removeCode, chooseTicket, setRef, applyGiftCards };
}

/** The order's groups with the applied codes' tickets (what the rules, prices and summary read). */
export const groupsOf = (
  s: Pick<OrderState, 'groups' | 'codes'> & Partial<Pick<OrderState, 'memberTickets'>>,
) => withMemberTickets(withCodeTickets(s.groups, s.codes), s.memberTickets ?? []);
