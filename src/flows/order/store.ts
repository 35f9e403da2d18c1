import { proxy } from 'valtio';
import { ApiCallError } from '../../api/client.ts';
import type { CustomerAccount } from '../../api/contract/customer.ts';
import type { CommitAnswer, CustomerInfo } from '../../api/contract/order.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { api } from '../../api/endpoints.ts';
import { defaultTicket, ruleGroupsOf } from '../../domain/order/tickets.ts';
import { completeOrder, removePresentation, selectPresentation, updateSeats } from '../../state/cart.ts';
import { customerState } from '../../state/customer.ts';
import { session } from '../../state/session.ts';
import { type CardErrors, type CardValue, emptyCard } from '../checkout/CardForm.tsx';
import { type FlowMessage, type HeldSeat, type OrderStepId, lockSeatOf } from './model.ts';
import { deriveOrder, formProblems } from './selectors.ts';

/** The state of one order flow (one presentation, from the first seat to the confirmation). */
export interface OrderState {
  step: OrderStepId;
  /** The seats this visitor holds at the box office, each with its chosen ticket. */
  seats: HeldSeat[];
  /** Ticket groups with prices and quotas, fetched again on entering the ticket step. */
  groups: TicketGroup[];
  /** Product id → quantity. */
  products: Record<number, number>;
  customer: CustomerInfo;
  card: CardValue;
  /** Whether the customer has tried to pay: field messages show from then on. */
  submitted: boolean;
  /** The box office's field error from the last attempt to pay, until the customer edits that form. */
  serverErrors: { form: Record<string, string>; card: CardErrors };
  paying: boolean;
  payError: FlowMessage | null;
  answer: CommitAnswer | null;
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
    // A logged-in customer's details fill the form (they may still change them for this order).
    customer: {
      ...detailsOf(customerState.customer),
      termsAccepted: settings.customerInfo.order.isTermsConfirmed,
      isMailingAllowed: settings.customerInfo.order.isDefaultMailingAllowed,
    },
    card: { ...emptyCard },
    submitted: false,
    serverErrors: { form: {}, card: {} },
    paying: false,
    payError: null,
    answer: null,
    notice: null,
    cartConflict: null,
    stepClock: null,
    timedOut: false,
    extended: false,
  });
  // One key per attempt to pay: a retried request (network) reuses it, a new attempt gets a new one.
  let attemptKey: string | null = null;

  const startClock = (step: OrderStepId) => {
    state.stepClock = { step, startedAt: Date.now() };
  };

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

  /** On mount: join the cart; the cart's seats for it follow this flow's (none until the map restores them). */
  function start() {
    void joinCart();
    syncCart();
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

  function chooseTicket(key: string, ticketId: number) {
    state.seats = state.seats.map((s) => (s.key === key ? { ...s, ticketId } : s));
  }

  function setProductQuantity(productId: number, quantity: number) {
    state.products[productId] = quantity;
  }

  function editCustomer(customer: CustomerInfo) {
    state.customer = customer;
    state.payError = null;
    state.serverErrors = { form: {}, card: state.serverErrors.card };
  }

  function editCard(card: CardValue) {
    state.card = card;
    state.payError = null;
    state.serverErrors = { form: state.serverErrors.form, card: {} };
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
    state.payError = null;
    if (next === 'tickets') {
      // Quotas and prices may have changed while seats were chosen: fetch them again.
      const fresh = await api.ticketGroups(p.id).catch(() => null);
      if (fresh) state.groups = fresh.ticketGroups;
    }
    state.step = next;
    if (next !== 'confirmation') startClock(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  /** Releases every seat and returns to the first step, saying why. */
  async function startOver(reason: FlowMessage) {
    await Promise.allSettled(state.seats.map((s) => api.unlockSeat(lockSeatOf(p, s))));
    state.seats = [];
    syncCart();
    state.products = {};
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

  /** Checks the form, then commits the order with the card (the box office prices it again). */
  async function pay() {
    const { total, maxPayments, productLines } = deriveOrder(state, p, settings);
    const { fe, ce } = formProblems(state, settings, total, new Date());
    state.submitted = true;
    state.serverErrors = { form: {}, card: {} };
    if (Object.keys(fe).length || Object.keys(ce).length) {
      state.payError = {
        key:
          fe.termsAccepted && Object.keys(fe).length === 1
            ? 'errors.terms_not_approved'
            : 'errors.formValidation',
      };
      return;
    }
    state.paying = true;
    state.payError = null;
    attemptKey ??= crypto.randomUUID();
    const card = state.card;
    try {
      const result = await api.commit(
        {
          cart: {
            customerInfo: { ...state.customer },
            ...(total > 0
              ? {
                  creditcardInfo: {
                    number: card.number.replace(/\s/g, ''),
                    expiry: card.expiry,
                    cvv: card.cvv,
                    holderId: card.holderId,
                  },
                }
              : {}),
            numberOfPayments: Math.min(card.numberOfPayments, maxPayments),
            authProfileId: p.authProfileId,
            businessId: p.businessId,
            seats: state.seats.map((s) => ({
              pi: p.id,
              si: s.sectionId,
              x: s.x,
              y: s.y,
              tg: s.ticketGroup,
              ticketId: s.ticketId!,
            })),
            products: productLines.map((l) => ({
              id: l.id,
              presentationId: p.id,
              selectedQuantity: l.quantity,
            })),
          },
          locale: session.locale,
        },
        attemptKey,
      );
      attemptKey = null;
      state.card = { ...emptyCard };
      state.answer = result;
      completeOrder(p.id, result.reservationIdentifier);
      state.seats = [];
      syncCart();
      state.stepClock = null;
      state.step = 'confirmation';
      window.scrollTo({ top: 0 });
    } catch (err) {
      const code = err instanceof ApiCallError ? err.code : '';
      if (code !== 'fetch_data_error') attemptKey = null;
      if (code === 'lock_seat_error') {
        await startOver({ key: 'order.seatsLapsed' });
      } else {
        state.payError = { error: err };
        if (err instanceof ApiCallError && typeof err.params?.field === 'string') {
          const field = err.params.field;
          if (['number', 'expiry', 'cvv', 'holderId'].includes(field))
            state.serverErrors = { form: {}, card: { [field]: code } };
          else state.serverErrors = { form: { [field]: code }, card: {} };
        }
      }
    } finally {
      state.paying = false;
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
    chooseTicket,
    setProductQuantity,
    editCustomer,
    editCard,
    dismissNotice,
    timeUp,
    goTo,
    startOver,
    extendHold,
    pay,
  };
}

/** The order form's fields from the logged-in customer's account (empty when nobody is logged in). */
function detailsOf(c: CustomerAccount | null): CustomerInfo {
  if (!c) return {};
  const out: CustomerInfo = {};
  if (c.FirstName) out.firstName = c.FirstName;
  if (c.LastName) out.lastName = c.LastName;
  if (c.EmailAddress1) out.email = c.EmailAddress1;
  if (c.MobileNumber1) out.mobileNumber = c.MobileNumber1;
  if (c.SSN) out.ssn = c.SSN;
  if (c.Address1) out.address1 = c.Address1;
  if (c.City) out.city = c.City;
  if (c.PostalCode) out.postalCode = c.PostalCode;
  return out;
}
