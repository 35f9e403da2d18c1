import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { MembershipAnswerSchema, MembershipsAnswerSchema } from '../../src/api/contract/memberships.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import { membershipUnitPrice } from '../../src/domain/membershipRules.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { DEMO_CLUB_MEMBER, MEMBERSHIP, MEMBERSHIP_PRICE as P } from '../seed/membershipIds.ts';
import { cancelOrderInTransaction } from '../services/checkout/cancelOrder.ts';
import { errorOf, loginByEmail } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';
import { buy, purchaseCart } from '../testing/purchases.ts';

const [DANA, AVI] = DEMO_CUSTOMERS;
type Line = NonNullable<CommitBody['cart']['memberships']>[number];
const line = (id: number, priceId: number, over: Partial<Line> = {}): Line => ({
  id,
  priceId,
  termsAccepted: true,
  ...over,
});
const friends = (priceId: number, over: Partial<Line> = {}) => line(MEMBERSHIP.friends, priceId, over);
const young = (card = '1234567') =>
  friends(P.friendsYoung, { priceCode: 'YOUNG26', references: { studentCard: card } });

describe.each(dialects)('membership order on %s', (dialect) => {
  let t: TestApp;
  let dana: string;
  let avi: string;
  const order = (lines: Line[], cookie: string | null = dana, extra: Partial<CommitBody['cart']> = {}) =>
    buy(t.app, purchaseCart({ memberships: lines }, extra), cookie ?? undefined);
  async function bought(lines: Line[], cookie = dana) {
    const res = await order(lines, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return CheckoutCompletedSchema.parse(res.json());
  }
  const refused = async (lines: Line[], code: string, cookie: string | null = dana) =>
    expect(errorOf(await order(lines, cookie)).code).toBe(code);
  const member = (n: string) =>
    t.db.kysely.selectFrom('members').selectAll().where('member_number', '=', n).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dana = await loginByEmail(t.app, DANA);
    avi = await loginByEmail(t.app, AVI);
  });
  afterAll(async () => t?.close());

  it('lists the memberships for sale with their public prices only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/memberships' });
    expect(res.statusCode, res.body).toBe(200);
    const { memberships } = MembershipsAnswerSchema.parse(res.json());
    expect(memberships.map((m) => m.Code)).toEqual([
      'FRIENDS',
      'CINEMA10',
      'SERIES-CLASSICS',
      'SERIES-ROMANTIC',
      'SERIES-CHAMBER',
      'SEASON-2027',
      'SEASON-FLEX',
    ]);
    const f = memberships[0]!;
    expect(f.prices.every((p) => p.PriceCode === null)).toBe(true);
    expect(f.prices.map((p) => p.MembershipPriceId)).toEqual([
      P.friends,
      P.friendsWithVoucher,
      P.friendsRenewal,
    ]);
    expect(f.prices[0]).toMatchObject({
      Price: 45000,
      currency: { CurrencyCode: 'ILS', CurrencySymbol: '₪' },
    });
    expect(f.prices[1]!.SystemVoucherReference).toBe(1);
    expect(f.terms.map((x) => x.termsId)).toEqual([1]);
    expect(memberships.filter((m) => m.isEnrolment).map((m) => m.MembershipId)).toEqual([7, 8]);
    expect(memberships[2]).toMatchObject({ hasSeats: true, MembershipTypeId: 2 });
    expect(memberships[2]!.presentations.map((p) => p.id)).toEqual([8001, 8004, 8007]);
  });

  it('shows a hidden price to who has its code; an unknown code is priceNotFound', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const res = await get('/api/memberships/friends?priceCode=young26');
    expect(res.statusCode, res.body).toBe(200);
    const m = MembershipAnswerSchema.parse(res.json()).membership;
    const hidden = m.prices.find((p) => p.PriceCode === 'YOUNG26')!;
    expect(hidden.references).toEqual([
      expect.objectContaining({ id: 'studentCard', pattern: '^\\d{6,9}$' }),
    ]);
    const early = MembershipAnswerSchema.parse(
      (await get('/api/memberships/FRIENDS?priceCode=EARLY')).json(),
    );
    expect(early.membership.prices.find((p) => p.PriceCode === 'EARLY')!.discount).toMatchObject({
      percent: 15,
      amount: 6750,
    });
    expect(errorOf(await get('/api/memberships/FRIENDS?priceCode=NOPE')).code).toBe('priceNotFound');
    expect(errorOf(await get('/api/memberships/NOPE')).code).toBe('membership_not_for_sale');
  });

  it('sells a membership at its public price: a new member from today', async () => {
    const done = await bought([friends(P.friends)]);
    expect(done.payments).toMatchObject([{ method: 'card', amount: 45000 }]);
    const [m] = done.order.memberships!;
    expect(m).toMatchObject({ membershipId: 1, kind: 'new', total: 45000, startDate: '2026-11-22' });
    expect(m!.endDate).toBe('2027-11-22');
    expect(m!.memberNumber).toMatch(/^9\d{7}$/);
    expect(await member(m!.memberNumber!)).toMatchObject({
      state: 'active',
      customer_id: expect.any(String),
    });
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['memberships_total', 'total'])
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ memberships_total: 45000, total: 45000 });
  });

  it('sells two at once with different member numbers, and refuses a third', async () => {
    const done = await bought([young(), friends(P.friends)]);
    const numbers = done.order.memberships!.map((m) => m.memberNumber);
    expect(new Set(numbers).size).toBe(2);
    expect(done.payments[0]!.amount).toBe(25000 + 45000);
    await refused([friends(P.friends), friends(P.friends), friends(P.friends)], 'membership_max_quantity');
  });

  it('checks price codes, references and terms', async () => {
    await refused([friends(P.friendsYoung, { references: { studentCard: '1234567' } })], 'priceNotFound');
    await refused(
      [friends(P.friendsYoung, { priceCode: 'EARLY', references: { studentCard: '1234567' } })],
      'priceNotFound',
    );
    await refused([young(), young('7654321')], 'codeAlreadyEntered');
    const bad = await order([young('12ab')]);
    expect(errorOf(bad)).toMatchObject({ code: 'validateReferences', params: { reference: 'studentCard' } });
    await refused([friends(P.friends, { termsAccepted: false })], 'terms_not_approved');
    await refused([line(MEMBERSHIP.cinemaClub, P.friends)], 'membership_not_for_sale');
    await refused([line(MEMBERSHIP.season, P.friends)], 'membership_not_for_sale');
    await refused([line(MEMBERSHIP.hadarPoints, 301)], 'membership_not_for_sale');
  });

  it('refuses mixed currencies, a guest, a hold and a cart with anything else', async () => {
    await refused(
      [friends(P.friendsAbroad, { priceCode: 'ABROAD' }), line(2, P.cinemaClub)],
      'membership_mixed_currencies',
    );
    await refused([friends(P.friends)], 'not_logged_in', null);
    const res = await order([friends(P.friends)], dana, {
      donations: [{ id: 1, donationDetails: { id: 11, amount: 0, selectedQuantity: 1 } }],
    });
    expect(errorOf(res).code).toMatch(/membership_cart_exclusive|donation_not_for_sale/);
    const withVoucher = await order([friends(P.friends)], dana, {
      vouchers: [{ id: 1, priceId: 1, quantity: 1 }],
    });
    expect(errorOf(withVoucher).code).toMatch(/_cart_exclusive$/);
  });

  it('takes the early-bird discount off the price in whole agorot', async () => {
    const done = await bought([friends(P.friendsEarly, { priceCode: 'early' })]);
    expect(done.order.memberships![0]).toMatchObject({ unitPrice: 45000, discount: 6750, total: 38250 });
    expect(done.payments[0]!.amount).toBe(38250);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 100 }), (price, pct) => {
        const unit = membershipUnitPrice(price, pct);
        expect(Number.isInteger(unit) && unit >= 0 && unit <= price).toBe(true);
      }),
    );
  });

  it('issues the price’s voucher to the customer, and cancelling takes it back with the member', async () => {
    const done = await bought([friends(P.friendsWithVoucher)]);
    const [m] = done.order.memberships!;
    expect(m!.vouchers).toHaveLength(1);
    const voucher = await t.db.kysely
      .selectFrom('system_vouchers')
      .selectAll()
      .where('reference', '=', m!.vouchers[0]!)
      .executeTakeFirstOrThrow();
    expect(voucher).toMatchObject({ class_id: 1, state: 'active', price: 0 });
    await t.db.kysely.transaction().execute((trx) =>
      cancelOrderInTransaction(trx, done.reservationIdentifier, 0, t.clock.now(), {
        cancel_fee: 0,
        refund_amount: 0,
      }),
    );
    expect((await member(m!.memberNumber!)).state).toBe('cancelled');
    const after = await t.db.kysely
      .selectFrom('system_vouchers')
      .select('state')
      .where('reference', '=', m!.vouchers[0]!)
      .executeTakeFirstOrThrow();
    expect(after.state).toBe('cancelled');
  });

  it('renews an ending membership (a fresh balance, undone exactly by a cancellation) and tops up a running one', async () => {
    // Dana's Friends membership runs for months yet: not renewable now.
    await refused([friends(P.friendsRenewal, { kind: 'renewal', memberNumber: '7100' })], 'getPrice');
    // Avi's cinema pass ended 135 days ago: renewed from today, with 10 tickets left again.
    const before = await member('7103');
    const renewal = await bought(
      [line(MEMBERSHIP.cinemaClub, P.cinemaRenewal, { kind: 'renewal', memberNumber: '7103' })],
      avi,
    );
    expect(renewal.payments[0]!.amount).toBe(32000);
    const after = await member('7103');
    expect(after.end_date > before.end_date).toBe(true);
    expect(after.balance - after.used_balance).toBe(10);
    await t.db.kysely.transaction().execute((trx) =>
      cancelOrderInTransaction(trx, renewal.reservationIdentifier, 0, t.clock.now(), {
        cancel_fee: 0,
        refund_amount: 0,
      }),
    );
    const undone = await member('7103');
    expect({ end: undone.end_date, balance: undone.balance }).toEqual({
      end: before.end_date,
      balance: before.balance,
    });
    const club = await member(DEMO_CLUB_MEMBER);
    await bought(
      [line(MEMBERSHIP.cinemaClub, P.cinemaTopUp, { kind: 'topUp', memberNumber: DEMO_CLUB_MEMBER })],
      avi,
    );
    expect((await member(DEMO_CLUB_MEMBER)).balance).toBe(club.balance + 10);
    // Another's member, an expired one, a price of another kind.
    await refused(
      [line(2, P.cinemaTopUp, { kind: 'topUp', memberNumber: DEMO_CLUB_MEMBER })],
      'memberNotFound',
    );
    await refused([line(2, P.cinemaTopUp, { kind: 'topUp', memberNumber: '7103' })], 'memberExpired', avi);
    await refused(
      [line(2, P.cinemaTopUp, { memberNumber: DEMO_CLUB_MEMBER })],
      'membership_not_for_sale',
      avi,
    );
  });
});
