import { proxy } from 'valtio';
import { ApiCallError } from '../../api/client.ts';
import {
  MEMBERSHIP_MAX_QUANTITY,
  type MembershipForSale,
  type MembershipPrice,
  type MembershipSeat,
} from '../../api/contract/memberships.ts';
import type { Settings } from '../../api/contract/session.ts';
import { foreignCurrency } from '../../domain/currency.ts';
import { customerState } from '../../state/customer.ts';
import { samePriceCode } from '../../domain/membershipRules.ts';
import { type MembershipLine, purchase, startPurchase } from '../../state/purchase.ts';
import { createPurchaseFlow } from '../checkout/purchase.ts';
import { membershipApi, type PickedSeat } from './api.ts';
import { cannotAdd, cartMembership, checkLines, lineAmount, needsSeat } from './rules.ts';

/** The steps of the membership order (spec section 2), in the order the customer meets them. */
export const membershipSteps = ['choose', 'seats', 'auth', 'payment', 'confirmation'] as const;
export type MembershipStepId = (typeof membershipSteps)[number];
export type MembershipStore = ReturnType<typeof createMembershipStore>;

/** The venue's "next button per membership" (spec section 9: default true). */
export function nextPerMembership(settings: Settings): boolean {
  return settings.memberships.isNextButtonPerMembership;
}

/**
 * The membership order as a store: choose memberships (prices, a price code, references, terms; at
 * most 2, one currency) → seats for the memberships that carry one (next and previous through them) →
 * log in → details and payment → confirmation with the member numbers. The choice lives in the purchase
 * cart (`purchase.memberships`), which the header's cart shows.
 */
export function createMembershipStore(
  settings: Settings,
  membership: MembershipForSale,
  catalogue: readonly MembershipForSale[],
  path: string,
) {
  const extra = proxy({
    /** Hidden prices shown by a code (the page's or one typed), and the codes entered. */
    found: [] as MembershipPrice[],
    codes: [] as string[],
    codeError: null as string | null,
    codeBusy: false,
    /** The seats step: which of the memberships that carry seats is shown. */
    seatIndex: 0,
    seatError: null as string | null,
    locking: false,
    /** Bumped after every lock: the seat map reads the status again. */
    statusVersion: 0,
  });
  const all = () => [membership, ...catalogue.filter((m) => m.MembershipId !== membership.MembershipId)];
  const membershipOf = (id: number) => all().find((m) => m.MembershipId === id);
  const priceOf = (l: MembershipLine) =>
    [...(membershipOf(l.membershipId)?.prices ?? []), ...extra.found].find(
      (p) => p.MembershipPriceId === l.priceId,
    );
  const lines = () => (purchase.kind === 'memberships' ? purchase.memberships : []);
  const total = () => lines().reduce((a, l) => a + lineAmount(priceOf(l), l.price), 0);
  /** The selection's currency (one for all, checked) when it is not the venue's: the order is paid in it. */
  const currency = () => foreignCurrency(lines()[0]?.currencyCode, settings.currency.code);
  const check = () => checkLines(lines(), priceOf);
  const seated = () => lines().filter((l) => needsSeat(membershipOf(l.membershipId), l));
  // The steps are fixed when the flow starts, so that "step 2 of 4" never becomes "of 5" (issue 35):
  // a seats step where this membership (or one already chosen) carries a seat, a login step only for a
  // customer not logged in yet. The page waits for the login check before it makes the store.
  const fixedSteps: readonly MembershipStepId[] = membershipSteps.filter(
    (s) =>
      (s !== 'seats' || membership.hasSeats || seated().length > 0) &&
      (s !== 'auth' || customerState.customer === null),
  );
  const steps = () => fixedSteps;
  /** A step of the list the customer has nothing to do at now: no seat to choose, already logged in. */
  const passes = (s: MembershipStepId) =>
    (s === 'seats' && seated().length === 0) || (s === 'auth' && customerState.customer !== null);

  const flow = createPurchaseFlow<MembershipStepId, { memberships: MembershipLine[] }>(settings, {
    kind: 'memberships',
    path,
    lines: () => ({ memberships: lines().map(cartMembership) }),
    total,
    currency,
    needsDelivery: () => false,
    save: () => ({ memberships: purchase.memberships }),
    restore(saved) {
      startPurchase('memberships');
      purchase.memberships = saved.memberships;
    },
  });
  const { state } = flow;
  const after = (s: MembershipStepId): MembershipStepId => {
    const next = fixedSteps[fixedSteps.indexOf(s) + 1] ?? 'confirmation';
    return next !== 'confirmation' && passes(next) ? after(next) : next;
  };
  const before = (s: MembershipStepId): MembershipStepId => {
    const previous = fixedSteps[Math.max(0, fixedSteps.indexOf(s) - 1)] ?? 'choose';
    return previous !== 'choose' && passes(previous) ? before(previous) : previous;
  };

  for (const p of membership.prices) if (p.PriceCode) extra.codes.push(p.PriceCode.toUpperCase());

  /** Adds a membership at this price (at most 2 in all, one currency); answers the problem, if any. */
  function add(m: MembershipForSale, price: MembershipPrice, opts: { memberNumber?: string } = {}) {
    startPurchase('memberships');
    const refused = cannotAdd(purchase.memberships, price);
    if (refused) {
      state.notice = { error: new ApiCallError(refused, 409, refused, { max: MEMBERSHIP_MAX_QUANTITY }) };
      return false;
    }
    purchase.memberships.push({
      membershipId: m.MembershipId,
      code: m.Code,
      name: m.Name,
      priceId: price.MembershipPriceId,
      priceCode: price.PriceCode,
      priceName: price.name,
      price: price.Price - (price.discount?.amount ?? 0),
      currencyCode: price.currency.CurrencyCode,
      kind: price.kind,
      memberNumber: opts.memberNumber ?? null,
      references: {},
      termsAccepted: false,
      seat: null,
    });
    state.notice = null;
    return true;
  }

  /** A price code typed on the page: once each (codeAlreadyEntered); unknown ones are priceNotFound. */
  async function enterCode(raw: string) {
    const code = raw.trim().toUpperCase();
    extra.codeError = null;
    if (!code) return;
    if (extra.codes.includes(code)) {
      extra.codeError = 'errors.codeAlreadyEntered';
      return;
    }
    extra.codeBusy = true;
    try {
      const { membership: m } = await membershipApi.one(membership.Code, code);
      const hidden = m.prices.filter((p) => samePriceCode(p.PriceCode, code));
      if (hidden.length === 0) extra.codeError = 'errors.priceNotFound';
      else {
        extra.codes.push(code);
        extra.found.push(...hidden);
      }
    } catch (e) {
      extra.codeError = e instanceof ApiCallError ? `errors.${e.code}` : 'errors.getPrice';
    } finally {
      extra.codeBusy = false;
    }
  }

  /** Takes a line out of the cart; a seat it held is let go. */
  function remove(index: number) {
    const l = purchase.memberships[index];
    if (!l) return;
    const m = membershipOf(l.membershipId);
    if (l.seat && m) void membershipApi.unlock(m, l.seat).catch(() => undefined);
    purchase.memberships.splice(index, 1);
  }

  /** The seats step: a seat picked on the map is held in every presentation (a swap for a second pick). */
  async function pickSeat(s: PickedSeat & { label: string }) {
    const l = seated()[extra.seatIndex];
    const m = l && membershipOf(l.membershipId);
    if (!l || !m || extra.locking) return;
    extra.locking = true;
    extra.seatError = null;
    try {
      const before: MembershipSeat[] = l.seat
        ? [{ si: l.seat.si, x: l.seat.x, y: l.seat.y, tg: l.seat.tg }]
        : [];
      const { selections } = await membershipApi.lock(m, s, before);
      const got = selections[0];
      l.seat = got ? { ...got, label: s.label } : null;
      extra.statusVersion += 1;
    } catch (e) {
      extra.seatError = e instanceof ApiCallError ? `errors.${e.code}` : 'errors.lock_seat_error';
      extra.statusVersion += 1;
    } finally {
      extra.locking = false;
    }
  }

  function seatsNext() {
    const list = seated();
    if (!list[extra.seatIndex]?.seat) {
      extra.seatError = 'errors.membership_seat_required';
      return;
    }
    extra.seatError = null;
    if (extra.seatIndex < list.length - 1) extra.seatIndex += 1;
    else flow.goTo(after('seats'));
  }

  function seatsBack() {
    extra.seatError = null;
    if (extra.seatIndex > 0) extra.seatIndex -= 1;
    else flow.goTo('choose');
  }

  return {
    state,
    extra,
    settings,
    membership,
    host: () => flow.host,
    checkout: flow.checkout,
    steps,
    lines,
    total,
    currency,
    priceOf,
    membershipOf,
    seated,
    prices: () => [
      ...membership.prices.filter((p) => p.kind === 'new'),
      ...extra.found.filter(
        (p) => !membership.prices.some((x) => x.MembershipPriceId === p.MembershipPriceId),
      ),
    ],
    problemOf: (index: number) => flow.problemOf(index, check),
    add,
    remove,
    enterCode,
    /**
     * A price's one join button (issue 35): adds it (unless the cart has it) and goes on at once when
     * nothing more is asked; a price that asks for references or its terms waits for them on its line,
     * whose own join button goes on.
     */
    join(m: MembershipForSale, price: MembershipPrice) {
      const fresh = !lines().some((l) => l.priceId === price.MembershipPriceId);
      if (fresh && !add(m, price)) return;
      if (fresh && Object.keys(check().problems).length) return;
      extra.seatIndex = 0;
      flow.next(check, 'errors.mustSelectMemberships', after('choose'));
    },
    setReference(index: number, id: string, value: string) {
      const l = purchase.memberships[index];
      if (l) l.references = { ...l.references, [id]: value };
    },
    setTerms(index: number, accepted: boolean) {
      const l = purchase.memberships[index];
      if (l) l.termsAccepted = accepted;
    },
    touch: flow.touch,
    next: () => {
      extra.seatIndex = 0;
      flow.next(check, 'errors.mustSelectMemberships', after('choose'));
    },
    pickSeat,
    seatsNext,
    seatsBack,
    forward: (from: MembershipStepId) => flow.goTo(after(from)),
    back: (from: MembershipStepId) => flow.goTo(before(from)),
    dismissNotice: flow.dismissNotice,
    start: flow.start,
  };
}
