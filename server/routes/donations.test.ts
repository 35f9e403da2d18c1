import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { CancelAnswerSchema, CancellationQuoteSchema } from '../../src/api/contract/customer.ts';
import { type CommitBody, OrderDocumentSchema } from '../../src/api/contract/order.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { YOUNG_MUSICIANS_SCOPE } from '../seed/donationScopes.ts';
import { DONATION_FUND, VOUCHER_OFFER } from '../seed/vouchersForSale.ts';
import { quoteOf } from '../services/customers/area/cancellation.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import { approvedCharges, commit, customer, goodCard, seatShop, type SeatShop } from '../testing/checkout.ts';
import { area, expectError, loginByEmail, orderOf } from '../testing/checkoutScenarios.ts';
import { createTestApp, dialects, TEST_NOW, type TestApp, visitor } from '../testing/harness.ts';
import { buy, donationFunds, purchaseCart } from '../testing/purchases.ts';

const [DANA] = DEMO_CUSTOMERS;
const FUND = DONATION_FUND.youngMusicians;
type DonationLine = NonNullable<CommitBody['cart']['donations']>[number];
type VoucherLine = NonNullable<CommitBody['cart']['vouchers']>[number];

const fixed = (amountId: number, selectedQuantity = 1, amount = 0): DonationLine => ({
  id: FUND,
  donationDetails: { id: amountId, amount, selectedQuantity },
});
const custom = (amount: number, selectedQuantity = 1): DonationLine => ({
  id: FUND,
  donationDetails: { amount, customAmount: true, selectedQuantity },
});
const RECEIPT = /^D-2026-\d{6}$/;

describe.each(dialects)('donations on %s', (dialect) => {
  let t: TestApp;
  let dana: string;
  let shop: SeatShop;
  const donate = (...lines: DonationLine[]) => purchaseCart({ donations: lines });
  async function given(body: CommitBody, cookie?: string) {
    const res = await buy(t.app, body, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return CheckoutCompletedSchema.parse(res.json());
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dana = await loginByEmail(t.app, DANA);
    shop = await seatShop(t);
  });
  afterAll(async () => t?.close());

  it('lists the funds with their fixed amounts and the custom amount’s bounds', async () => {
    expect((await donationFunds(t.app)).donations).toEqual([
      expect.objectContaining({
        id: FUND,
        Code: 'YOUNG-MUSICIANS',
        amounts: [
          { id: 11, amount: 1800 },
          { id: 12, amount: 3600 },
          { id: 13, amount: 10_000 },
        ],
        customAmount: { min: 1000, max: 1_000_000 },
        // The orchestra's fund goes with the orchestra's shows (issue 35).
        scope: YOUNG_MUSICIANS_SCOPE,
      }),
    ]);
  });

  it('takes fixed amounts at the box office’s price, with a receipt numbered in sequence', async () => {
    const first = await given(donate(fixed(12, 2, 1), fixed(11)));
    expect(first.order.totals).toMatchObject({ donations: 2 * 3600 + 1800, tickets: 0, total: 9000 });
    expect(first.payments).toMatchObject([{ method: 'card', amount: 9000 }]);
    expect((await approvedCharges(t)).at(-1)!.amount).toBe(9000);
    expect(first.order.donations).toEqual([
      expect.objectContaining({ fundId: FUND, amount: 3600, quantity: 2, total: 7200 }),
      expect.objectContaining({ fundId: FUND, amount: 1800, quantity: 1, total: 1800 }),
    ]);
    const receipt = first.order.donationReceipt!;
    expect(receipt).toEqual({
      number: expect.stringMatching(RECEIPT),
      donorName: 'Dana Levi',
      date: new Date(TEST_NOW).toISOString(),
      total: 9000,
    });
    expect((await orderOf(t, first.reservationIdentifier)).donations_total).toBe(9000);
    const second = await given(donate(fixed(13)));
    const n = (r: string) => Number(r.slice(-6));
    expect(n(second.order.donationReceipt!.number)).toBe(n(receipt.number) + 1);
    const doc = await t.app.inject({ method: 'GET', url: `/api/edocument/${first.documentKey}` });
    expect(doc.statusCode, doc.body).toBe(200);
    expect(OrderDocumentSchema.parse(doc.json()).donationReceipt).toEqual(receipt);
  });

  it('numbers receipts of orders paid together one after the other, never twice', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => given(donate(fixed(11)))));
    const numbers = answers
      .map((a) => Number(a.order.donationReceipt!.number.slice(-6)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual([0, 1, 2, 3].map((i) => numbers[0]! + i));
  });

  it('takes a custom amount within the fund’s bounds, the bounds included', async () => {
    const done = await given(donate(custom(1000), custom(1_000_000), custom(2550, 3)));
    expect(done.order.totals.donations).toBe(1000 + 1_000_000 + 3 * 2550);
    for (const amount of [999, 1_000_001])
      expect(
        expectError(await buy(t.app, donate(custom(amount))), 400, 'donation_amount_out_of_range'),
      ).toMatchObject({ min: 1000, max: 1_000_000 });
  });

  it('takes quantities up to 10 a line, and refuses funds and amounts not for sale', async () => {
    expect((await given(donate(fixed(11, 10), fixed(11, 10)))).order.totals.total).toBe(20 * 1800);
    expectError(await buy(t.app, donate(fixed(11, 11))), 400, 'formValidation');
    await t.db.kysely
      .insertInto('donation_funds')
      .values({ id: 77, code: 'CLOSED', name_json: '{"en":"Closed"}', description_json: '{}', sort: 9 })
      .execute();
    await t.db.kysely
      .insertInto('donation_funds')
      .values({ id: 78, code: 'OLD', name_json: '{}', description_json: '{}', sort: 9, is_active: 0 })
      .execute();
    await t.db.kysely
      .insertInto('donation_amounts')
      .values({ id: 781, fund_id: 78, amount: 500, sort: 1 })
      .execute();
    expect((await donationFunds(t.app)).donations.map((d) => d.id)).toEqual([FUND]);
    const refused: DonationLine[] = [
      { id: 999, donationDetails: { id: 11, amount: 1800, selectedQuantity: 1 } },
      { id: 78, donationDetails: { id: 781, amount: 500, selectedQuantity: 1 } },
      { id: 77, donationDetails: { amount: 5000, customAmount: true, selectedQuantity: 1 } },
      fixed(781),
      { id: FUND, donationDetails: { amount: 1800, selectedQuantity: 1 } },
    ];
    for (const line of refused) expectError(await buy(t.app, donate(line)), 409, 'donation_not_for_sale');
  });

  it('takes a fund in a seat order only where its scope reaches, and on its own anywhere', async () => {
    // The seat shop sells a cinema show; the orchestra's fund is not offered with it.
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const body = shop.cart(seats, { donations: [fixed(11)] });
    expect(
      expectError(await commit(t.app, me, crypto.randomUUID(), body), 409, 'donation_not_for_sale'),
    ).toMatchObject({ id: FUND });
    expect(await shop.sold(seats[0]!, me)).toBe(false);
    // The same fund on its own is open to everyone.
    await given(donate(fixed(11)));
    // Offered with films too: the cinema's order takes it (as the seat-order tests below need).
    const scope = { ...YOUNG_MUSICIANS_SCOPE, categories: ['orchestra', 'movie'] };
    await t.db.kysely
      .updateTable('donation_funds')
      .set({ scope_json: JSON.stringify(scope) })
      .where('id', '=', FUND)
      .execute();
    const res = await commit(t.app, me, crypto.randomUUID(), body);
    expect(res.statusCode, res.body).toBe(200);
    expect(CheckoutCompletedSchema.parse(res.json()).order.totals.donations).toBe(1800);
  });

  it('follows the donation block alone, and the order block in a seat cart', async () => {
    const { mobileNumber: _m, ...noMobile } = customer;
    await given(purchaseCart({ donations: [fixed(11)] }, { customerInfo: noMobile }));
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const body = shop.cart(seats, { donations: [fixed(11)], customerInfo: noMobile });
    expectError(await commit(t.app, me, crypto.randomUUID(), body), 400, 'formValidation');
  });

  it('adds a donation to a seat order as one more line', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 2);
    const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats, { donations: [fixed(12)] }));
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    const total = 2 * shop.seatPrice + 3600;
    expect(done.order.totals).toMatchObject({ donations: 3600, total });
    expect(done.order.tickets).toHaveLength(2);
    expect(done.order.tickets.every((x) => x.ticketCode === null)).toBe(true);
    expect(done.payments).toMatchObject([{ method: 'card', amount: total }]);
    expect(done.order.donationReceipt?.number).toMatch(RECEIPT);
    expect(await shop.sold(seats[0]!, me)).toBe(true);
  });

  it('gives no receipt when the card is declined', async () => {
    const me = visitor();
    const declined = purchaseCart(
      { donations: [fixed(11)] },
      { creditcardInfo: { ...goodCard, number: SANDBOX_CARDS.decline } },
    );
    expectError(await commit(t.app, me, crypto.randomUUID(), declined), 402, 'errorResponse');
    const order = await t.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('visitor', '=', me)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ state: 'failed', receipt_number: null });
  });

  it('refunds the donation with the seats when the customer cancels the order', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const body = shop.cart(seats, { donations: [fixed(13)] });
    const res = await commit(t.app, me, crypto.randomUUID(), body, dana);
    expect(res.statusCode, res.body).toBe(200);
    const rid = CheckoutCompletedSchema.parse(res.json()).reservationIdentifier;
    const order = await orderOf(t, rid);
    const url = `/api/customer-area/reservations/${rid}/cancellation`;
    const quote = CancellationQuoteSchema.parse((await area(t.app, 'GET', url, dana)).json());
    const withoutDonation = quoteOf(t.app.deps.settings, { ...order, donations_total: 0 }, 1, 'card');
    expect(quote.refund).toBe(withoutDonation.refund + 10_000);
    const cancelled = await area(t.app, 'POST', `/api/reservations/${rid}/cancel`, dana);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(CancelAnswerSchema.parse(cancelled.json()).refund).toBe(quote.refund);
  });
});

describe.each(dialects)('pricing vouchers and donations on %s', (dialect) => {
  let t: TestApp;
  let dana: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    dana = await loginByEmail(t.app, DANA);
    // Every run may take dated vouchers: the dates never run out here.
    await t.db.kysely.updateTable('voucher_offer_dates').set({ capacity: 10_000 }).execute();
  });
  afterAll(async () => t?.close());

  /** What a line costs by the catalogue: fixed prices from the seed, an open price or custom amount as named. */
  const PRICE: Record<number, number> = { 11: 5000, 12: 10_000, 13: 20_000, 31: 7000, 41: 18_000 };
  const DONATION: Record<number, number> = { 11: 1800, 12: 3600, 13: 10_000 };
  const quantity = fc.integer({ min: 1, max: 3 });
  const voucherLine: fc.Arbitrary<VoucherLine> = fc.oneof(
    fc.record({
      id: fc.constant<number>(VOUCHER_OFFER.giftCard),
      priceId: fc.constantFrom(11, 12, 13),
      quantity,
    }),
    fc.record({
      id: fc.constant<number>(VOUCHER_OFFER.openGiftCard),
      amount: fc.integer({ min: 3000, max: 100_000 }),
      quantity,
    }),
    fc.record({ id: fc.constant<number>(VOUCHER_OFFER.twoMovies), priceId: fc.constant(31), quantity }),
    fc.record({
      id: fc.constant<number>(VOUCHER_OFFER.newYearConcert),
      priceId: fc.constant(41),
      date: fc.constantFrom('2026-12-31', '2027-01-01'),
      quantity: fc.constant(1),
    }),
  );
  const donationLine: fc.Arbitrary<DonationLine> = fc.oneof(
    fc.record({
      id: fc.constant(FUND),
      donationDetails: fc.record({
        id: fc.constantFrom(11, 12, 13),
        amount: fc.nat(),
        selectedQuantity: fc.integer({ min: 1, max: 10 }),
      }),
    }),
    fc.record({
      id: fc.constant(FUND),
      donationDetails: fc.record({
        amount: fc.integer({ min: 1000, max: 1_000_000 }),
        customAmount: fc.constant(true),
        selectedQuantity: fc.integer({ min: 1, max: 10 }),
      }),
    }),
  );
  const linePrice = (l: VoucherLine) => (l.amount ?? PRICE[l.priceId as number]!) * l.quantity;
  const donationPrice = (d: DonationLine) =>
    (d.donationDetails.customAmount ? d.donationDetails.amount : DONATION[d.donationDetails.id as number]!) *
    d.donationDetails.selectedQuantity;

  it('charges exactly the sum of the lines’ prices, and issues every voucher paid for', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .array(voucherLine, { minLength: 1, maxLength: 3 })
            .map((vouchers) => ({ vouchers, donations: [] })),
          fc
            .array(donationLine, { minLength: 1, maxLength: 3 })
            .map((donations) => ({ vouchers: [], donations })),
        ),
        async ({ vouchers, donations }) => {
          const before = (await approvedCharges(t)).length;
          const res = await buy(t.app, purchaseCart({ vouchers, donations }), dana);
          expect(res.statusCode, res.body).toBe(200);
          const done = CheckoutCompletedSchema.parse(res.json());
          const expectedVouchers = vouchers.reduce((a, l) => a + linePrice(l), 0);
          const expectedDonations = donations.reduce((a, d) => a + donationPrice(d), 0);
          const { totals } = done.order;
          expect(totals).toMatchObject({ vouchers: expectedVouchers, donations: expectedDonations });
          expect(totals.total).toBe(expectedVouchers + expectedDonations);
          expect(totals.total).toBe(
            totals.tickets +
              totals.addons +
              totals.serviceCharge +
              totals.products +
              totals.vouchers +
              totals.donations,
          );
          expect(done.payments.reduce((a, p) => a + p.amount, 0)).toBe(totals.total);
          const charges = await approvedCharges(t);
          expect(charges).toHaveLength(before + 1);
          expect(charges.at(-1)!.amount).toBe(totals.total);
          expect(done.order.vouchers).toHaveLength(vouchers.reduce((a, l) => a + l.quantity, 0));
          expect(done.order.vouchers.reduce((a, v) => a + v.price, 0)).toBe(expectedVouchers);
          expect(done.order.donations.reduce((a, d) => a + d.total, 0)).toBe(expectedDonations);
        },
      ),
      { numRuns: dialect === 'postgres' ? 12 : 25 },
    );
  });
});
