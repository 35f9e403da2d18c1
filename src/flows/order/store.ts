import { proxy } from 'valtio';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import type { DonationFund } from '../../api/contract/donations.ts';
import type { MemberState, MemberTicket } from '../../api/contract/memberTickets.ts';
import type { TicketCodeResult } from '../../api/contract/vouchers.ts';
import { api } from '../../api/endpoints.ts';
import { defaultTicket, ruleGroupsOf } from '../../domain/order/tickets.ts';
import {
  cart,
  completeOrder,
  removePresentation,
  selectPresentation,
  updateSeats,
} from '../../state/cart.ts';
import { customerState } from '../../state/customer.ts';
import { session } from '../../state/session.ts';
import { orderPath } from '../../routing/paths.ts';
import { detailsOfAccount } from '../checkout/request.ts';
import { type CheckoutHost, createCheckout } from '../checkout/store.ts';
import { createCodeIntents, groupsOf } from './codeIntents.ts';
import { donationLine, type OrderDonation } from './donation.ts';
import { createMemberIntents } from './memberTickets.ts';
import { type FlowMessage, type HeldSeat, type OrderStepId, lockSeatOf } from './model.ts';
import { deriveOrder, seatAddonIds } from './selectors.ts';
import { createWaiverDraft, draftProblems, waiverLine } from './waiver/draft.ts';
import { scrollPageTo } from '../../ui/scroll.ts';

/** The state of one order flow (one presentation, from the first seat to the confirmation). */
export interface OrderState {
  step: OrderStepId;
  /** The seats this visitor holds at the box office, each with its chosen ticket. */
  seats: HeldSeat[];
  /** Ticket groups with prices and quotas, fetched again on entering the ticket step. */
  groups: TicketGroup[];
  /** Product id → quantity. */
  products: Record<number, number>;
  /** Ticket codes applied on the ticket step, as the box office last answered them (spec section 5). */
  codes: TicketCodeResult[];
  /** The logged-in customer's members and their member tickets for this presentation (issue 16). */
  members: MemberState[];
  memberTickets: MemberTicket[];
  /** The donation added on the products step (settings.donations.isOfferedInOrder). */
  donation: OrderDonation | null;
  /** The donation funds, once the products step has loaded them (empty: none to offer). */
  donationFunds: DonationFund[] | null;
  /** The completed order, for the confirmation. */
  answer: CheckoutCompleted | null;
  notice: FlowMessage | null;
  /** A cart rule this presentation breaks, with the presentations in its way. */
  cartConflict: { code: string; ids: number[] } | null;
  /**
   * When the current step's clock started, and for which step; null while no seat is held or after
   * payment. The countdown itself (deadline, lock expiry, tick, time-up) is useStepTimer's.
   */
  stepClock: { step: OrderStepId; startedAt: number } | null;
  /** The step's time ran out (useStepTimer saw it): only extending or starting over is left. */
  timedOut: boolean;
  /** The one extension of a lapsed step has been used. */
  extended: boolean;
}

/** What components read: a frozen snapshot (valtio's), never written to. */
export type OrderSnapshot = Readonly<OrderState>;

export type OrderStore = ReturnType<typeof createOrderStore>;

/**
 * The order flow of spec section 2 as a store: one per flow instance, holding the state and the
 * customer's intents. Components read a snapshot and call intents; intents call the box office.
 * Seats are held at the box office from the first click (by the seat step, which then calls
 * `selectSeat`); each step counts down from the presentation's lock timer, and a lapsed step may be
 * extended once.
 */
export function createOrderStore(
  presentation: Presentation,
  ticketGroups: TicketGroup[],
  settings: Settings,
) {
  const p = presentation;
  const state = proxy<OrderState>({
    step: 'seats',
    seats: [],
    // A copy: valtio proxies nested objects in place, and the page still owns what it fetched.
    groups: structuredClone(ticketGroups),
    products: {},
    codes: [],
    members: [],
    memberTickets: [],
    donation: null,
    donationFunds: null,
    answer: null,
    notice: null,
    cartConflict: null,
    stepClock: null,
    timedOut: false,
    extended: false,
  });
  const startClock = (step: OrderStepId) => {
    state.stepClock = { step, startedAt: Date.now() };
  };

  // A presentation with a liability waiver: the customer signs it on the payment step.
  const waiver = p.waiverId ? createWaiverDraft('') : null;

  /** The one checkout, fed with this flow's seats and products (and the signed waiver). */
  const host: CheckoutHost = {
    lines: () => ({
      authProfileId: p.authProfileId,
      businessId: p.businessId,
      seats: state.seats.map((s) => ({
        pi: p.id,
        si: s.sectionId,
        x: s.x,
        y: s.y,
        tg: s.ticketGroup,
        ticketId: s.ticketId!,
        addons: seatAddonIds(groupsOf(state), s),
        ...(s.ticketCode ? { ticketCode: s.ticketCode } : {}),
        ...(s.ref1?.trim() ? { ref1: s.ref1.trim() } : {}),
        ...(s.ref2?.trim() ? { ref2: s.ref2.trim() } : {}),
        ...(s.memberNumber !== undefined ? { memberNumber: s.memberNumber } : {}),
      })),
      products: deriveOrder(state, p, settings).productLines.map((l) => ({
        id: l.id,
        presentationId: p.id,
        selectedQuantity: l.quantity,
      })),
      donations: state.donation ? [donationLine(state.donation)] : [],
      ...(waiver ? { waiver: waiverLine(waiver, p, state.seats, session.locale) } : {}),
    }),
    blocked: () =>
      waiver && draftProblems(waiver, p, state.seats, state.groups).length > 0 ? 'waiver.fixProblems' : null,
    total: (isHold) => {
      const { pricing } = deriveOrder(state, p, settings);
      if (!pricing) return 0;
      return isHold ? pricing.total - pricing.serviceCharge : pricing.total;
    },
    canHold: true,
    block: settings.customerInfo.order,
    needsDelivery: () => deriveOrder(state, p, settings).productLines.some((l) => l.isDeliveryRequired),
    returnPath: () => `${orderPath(p.id)}?language=${session.locale}`,
    save: () => ({
      seats: state.seats,
      products: state.products,
      codes: state.codes,
      members: state.members,
      memberTickets: state.memberTickets,
      donation: state.donation,
    }),
    completed(answer) {
      state.answer = answer;
      completeOrder(p.id, answer.reservationIdentifier);
      state.seats = [];
      // The vouchers' uses are spent now: codes are typed again for another order.
      state.codes = [];
      state.donation = null;
      syncCart();
      state.stepClock = null;
      state.step = 'confirmation';
      window.scrollTo({ top: 0 });
    },
    seatsLost: () => startOver({ key: 'order.seatsLapsed' }),
    restart: (message) => startOver(message),
  };
  // A logged-in customer's details fill the form (they may still change them for this order).
  // The details of this session's last order (kept in the cart) come first: the customer typed them.
  const checkout = createCheckout(settings, host, {
    ...detailsOfAccount(customerState.customer),
    ...cart.customerInfo,
    termsAccepted: settings.customerInfo.order.isTermsConfirmed,
    isMailingAllowed: settings.customerInfo.order.isDefaultMailingAllowed,
  });

  /** The cart mirrors the seats of this flow (and the box office keeps the cart, POST /cart). */
  const syncCart = () =>
    updateSeats(
      p.id,
      state.seats.map((s) => ({ sectionId: s.sectionId, x: s.x, y: s.y })),
    );

  /** The presentation joins the cart (spec section 4 cart rules), or the rule it breaks shows. */
  async function joinCart() {
    const conflict = await selectPresentation({
      presentationId: p.id,
      venueTypeId: p.venueTypeId,
      authProfileId: p.authProfileId,
      businessId: p.businessId,
      venueId: p.venueId,
      seatplanId: p.seatplanId,
      title: p.title,
      dateTime: p.dateTime,
    });
    if (conflict)
      state.cartConflict = { code: conflict.error, ids: conflict.conflicting.map((e) => e.presentationId) };
  }

  /**
   * On mount: join the cart; the cart's seats for it follow this flow's (none until the map restores
   * them). Back from PayPal or a payment page, the flow comes back where it was and the checkout learns
   * the payment's outcome.
   */
  function start() {
    void joinCart();
    const params = new URLSearchParams(window.location.search);
    const saved = checkout.savedFlow(params) as Pick<
      OrderState,
      'seats' | 'products' | 'codes' | 'donation' | 'members' | 'memberTickets'
    > | null;
    if (saved) {
      state.seats = saved.seats;
      state.products = saved.products;
      state.codes = saved.codes ?? [];
      state.members = saved.members ?? [];
      state.memberTickets = saved.memberTickets ?? [];
      state.donation = saved.donation ?? null;
      state.step = 'payment';
      startClock('payment');
    }
    syncCart();
    if (params.get('checkout')) {
      window.history.replaceState(window.history.state, '', `${orderPath(p.id)}?language=${session.locale}`);
      if (saved) void checkout.resume(params);
    }
  }

  /** Removes the presentations in the cart's way (releasing their seats) and joins again. */
  async function resolveCartConflict() {
    const ids = state.cartConflict?.ids ?? [];
    await Promise.all(ids.map((id) => removePresentation(id)));
    state.cartConflict = null;
    await joinCart();
  }

  /** Seats just locked at the box office join the order, each with its group's default ticket. */
  function selectSeat(added: HeldSeat[]) {
    state.notice = null;
    const keys = new Set(state.seats.map((s) => s.key));
    const rules = ruleGroupsOf(state.groups);
    const fresh = added
      .filter((s) => !keys.has(s.key))
      .map((s) => ({ ...s, ticketId: defaultTicket(rules.find((g) => g.id === s.ticketGroup))?.id ?? null }));
    state.seats = [...state.seats, ...fresh];
    syncCart();
    if (state.stepClock === null) startClock('seats');
  }

  /** Seats released at the box office (or found lapsed) leave the order; with none left the clock stops. */
  function releaseSeat(keys: string[]) {
    state.seats = state.seats.filter((s) => !keys.includes(s.key));
    syncCart();
    if (state.seats.length === 0) state.stepClock = null;
  }

  const codeIntents = createCodeIntents(state, p, checkout);
  const memberIntents = createMemberIntents(state, p.id);

  /** The add-ons of a seat: those ticked, or undefined for its ticket's default (after a ticket change). */
  function chooseAddons(key: string, addons: number[] | undefined) {
    state.seats = state.seats.map((s) => (s.key === key ? { ...s, addons } : s));
  }

  function setProductQuantity(productId: number, quantity: number) {
    state.products[productId] = quantity;
  }

  /** The donation funds for the products step's offer (once; none offered when the call fails). */
  async function loadDonations() {
    if (!settings.donations.isOfferedInOrder || state.donationFunds !== null) return;
    state.donationFunds = await api
      .donations()
      .then((r) => r.donations)
      .catch(() => []);
  }

  function setDonation(d: OrderDonation | null) {
    state.donation = d;
  }

  function dismissNotice() {
    state.notice = null;
  }

  /** The step's countdown reached zero (called by useStepTimer's tick). */
  function timeUp() {
    state.timedOut = true;
  }

  /** Moves to a step; its clock starts afresh. */
  async function goTo(next: OrderStepId) {
    checkout.state.payError = null;
    if (next === 'tickets') {
      // Quotas and prices may have changed while seats were chosen: fetch them again.
      const [fresh] = await Promise.all([
        api.ticketGroups(p.id).catch(() => null),
        memberIntents.loadMemberTickets(),
      ]);
      if (fresh) state.groups = fresh.ticketGroups;
    }
    state.step = next;
    if (next !== 'confirmation') startClock(next);
    void scrollPageTo(0);
  }

  /** Releases every seat and returns to the first step, saying why. */
  async function startOver(reason: FlowMessage) {
    await Promise.allSettled(state.seats.map((s) => api.unlockSeat(lockSeatOf(p, s))));
    state.seats = [];
    syncCart();
    state.products = {};
    state.donation = null;
    state.stepClock = null;
    state.timedOut = false;
    state.extended = false;
    state.step = 'seats';
    state.notice = reason;
  }

  /** The one extension of a lapsed step (PUT /seats/extend-lock); a refusal starts over. */
  async function extendHold() {
    if (state.extended) return;
    try {
      const r = await api.extendLock(p.id);
      const until = Date.parse(r.expiresAt);
      // The step restarts, and the seats' new expiry bounds it (useStepTimer takes the earlier).
      state.seats = state.seats.map((s) => ({ ...s, expiresAt: until }));
      startClock(state.step);
      state.extended = true;
      state.timedOut = false;
    } catch (err) {
      await startOver({ error: err });
    }
  }

  return {
    state,
    presentation,
    settings,
    start,
    resolveCartConflict,
    selectSeat,
    releaseSeat,
    ...codeIntents,
    ...memberIntents,
    chooseAddons,
    setProductQuantity,
    loadDonations,
    setDonation,
    checkout,
    waiver,
    dismissNotice,
    timeUp,
    goTo,
    startOver,
    extendHold,
    /** Pays for the order: the checkout commits this flow's seats and products. */
    pay: () => checkout.pay(),
  };
}
