import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { type CommitBody, OrderDocumentSchema } from '../../src/api/contract/order.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { SHOP_PRODUCT, VOUCHER_OFFER } from '../seed/vouchersForSale.ts';
import { cancelOrderInTransaction } from '../services/checkout/cancelOrder.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import { approvedCharges, commit, customer, goodCard, seatShop, type SeatShop } from '../testing/checkout.ts';
import { expectError, loginByEmail, orderOf, rowCount } from '../testing/checkoutScenarios.ts';
import { createTestApp, dialects, TEST_NOW, type TestApp, visitor } from '../testing/harness.ts';
import {
  areaVouchers,
  buy,
  issuedVouchers,
  purchaseCart,
  VOUCHER_CODE,
  vouchersForSale,
} from '../testing/purchases.ts';

const [DANA, AVI] = DEMO_CUSTOMERS;
const DAY = 86_400_000;
type VoucherLine = NonNullable<CommitBody['cart']['vouchers']>[number];
const GIFT = VOUCHER_OFFER.giftCard;
const OPEN = VOUCHER_OFFER.openGiftCard;
const MOVIES = VOUCHER_OFFER.twoMovies;
const NEW_YEAR = VOUCHER_OFFER.newYearConcert;

describe.each(dialects)('selling system vouchers on %s', (dialect) => {
  let t: TestApp;
  let dana: string;
  let avi: string;
  let shop: SeatShop;

  const vouchers = (...lines: VoucherLine[]) => purchaseCart({ vouchers: lines });
  async function bought(body: ReturnType<typeof purchaseCart>, cookie = dana) {
    const res = await buy(t.app, body, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return CheckoutCompletedSchema.parse(res.json());
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dana = await loginByEmail(t.app, DANA);
    avi = await loginByEmail(t.app, AVI);
    shop = await seatShop(t);
  });
  afterAll(async () => t?.close());

  it('lists the vouchers for sale with prices, bounds, dates left and the shop’s products', async () => {
    const { answer, headers } = await vouchersForSale(t.app);
    expect(headers['cache-control']).toBe('no-store');
    expect(answer.vouchers.map((v) => [v.SystemVoucherId, v.kind])).toEqual([
      [GIFT, 'fixed'],
      [OPEN, 'open'],
      [MOVIES, 'fixed'],
      [NEW_YEAR, 'dated'],
    ]);
    const [gift, open, movies, newYear] = answer.vouchers;
    expect(gift).toMatchObject({
      isStoredValue: true,
      uses: 0,
      validityDays: 365,
      maxQuantity: 10,
      minPrice: null,
      dates: [],
      terms: expect.objectContaining({ en: expect.stringContaining('Not exchangeable') }),
    });
    expect(gift!.Prices.map((p) => [p.SystemVoucherPriceId, p.Price, p.redemptionData.price])).toEqual([
      [11, 5000, 5000],
      [12, 10_000, 10_000],
      [13, 20_000, 20_000],
    ]);
    expect(open).toMatchObject({ minPrice: 3000, maxPrice: 100_000, Prices: [] });
    expect(movies).toMatchObject({ isStoredValue: false, uses: 2, validityDays: 180 });
    expect(newYear!.dates).toEqual([
      { Date: '2026-12-31', Vouchers: 40 },
      { Date: '2027-01-01', Vouchers: 40 },
    ]);
    expect(answer.products).toEqual([
      expect.objectContaining({ id: SHOP_PRODUCT.giftBox, price: 1500, isDeliveryRequired: true }),
      expect.objectContaining({ id: SHOP_PRODUCT.greetingCard, price: 500, isDeliveryRequired: false }),
    ]);
  });

  it('sells fixed vouchers to the logged-in account: codes issued, in the personal area and the document', async () => {
    const before = (await approvedCharges(t)).length;
    const done = await bought(
      vouchers({ id: GIFT, priceId: 12, quantity: 2 }, { id: MOVIES, priceId: 31, quantity: 1 }),
    );
    expect(done.order.totals).toMatchObject({ vouchers: 27_000, tickets: 0, products: 0, total: 27_000 });
    expect(done.payments).toMatchObject([{ method: 'card', amount: 27_000 }]);
    const charges = await approvedCharges(t);
    expect(charges).toHaveLength(before + 1);
    expect(charges.at(-1)!.amount).toBe(27_000);

    const issued = done.order.vouchers;
    expect(issued).toHaveLength(3);
    for (const v of issued) expect(v.reference).toMatch(VOUCHER_CODE);
    const gifts = issued.filter((v) => v.isStoredValue);
    expect(gifts.map((v) => [v.price, v.value, v.uses])).toEqual([
      [10_000, 10_000, 0],
      [10_000, 10_000, 0],
    ]);
    expect(gifts[0]!.endDate).toBe(new Date(TEST_NOW + 365 * DAY).toISOString());
    const movie = issued.find((v) => !v.isStoredValue)!;
    expect(movie).toMatchObject({ price: 7000, value: 0, uses: 2, date: null });
    expect(movie.endDate).toBe(new Date(TEST_NOW + 180 * DAY).toISOString());
    expect(movie.name.en).toBe('Two movie tickets');

    const order = await orderOf(t, done.reservationIdentifier);
    expect(order.vouchers_total).toBe(27_000);
    const rows = await issuedVouchers(t, done.reservationIdentifier);
    expect(rows.every((r) => r.customer_id === order.account_id && r.state === 'active')).toBe(true);
    expect(rows.every((r) => r.sold_in_outlet === 1 && r.transaction_id !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(3);

    const mine = await areaVouchers(t.app, dana);
    const listed = mine.filter((v) => v.ReservationIdentifier === done.reservationIdentifier);
    expect(listed.map((v) => v.Reference).sort()).toEqual(issued.map((v) => v.reference).sort());
    expect(listed.every((v) => v.status === 'active' && v.canCancel)).toBe(true);
    const theirs = await areaVouchers(t.app, avi);
    expect(theirs.some((v) => v.ReservationIdentifier === done.reservationIdentifier)).toBe(false);

    const doc = await t.app.inject({ method: 'GET', url: `/api/edocument/${done.documentKey}` });
    expect(doc.statusCode, doc.body).toBe(200);
    expect(OrderDocumentSchema.parse(doc.json()).vouchers).toEqual(issued);
  });

  it('sells an open-price gift card within its bounds, the bounds included', async () => {
    const done = await bought(
      vouchers(
        { id: OPEN, amount: 3000, quantity: 1 },
        { id: OPEN, amount: 100_000, quantity: 1 },
        { id: OPEN, amount: 4550, quantity: 2 },
      ),
    );
    expect(done.order.totals.total).toBe(3000 + 100_000 + 2 * 4550);
    expect(done.order.vouchers.map((v) => v.value).sort((a, b) => a - b)).toEqual([
      3000, 4550, 4550, 100_000,
    ]);
    for (const amount of [2999, 100_001, undefined]) {
      const res = await buy(t.app, vouchers({ id: OPEN, amount, quantity: 1 }), dana);
      expect(expectError(res, 400, 'voucher_price_out_of_range')).toMatchObject({ min: 3000, max: 100_000 });
    }
  });

  it('sells a dated voucher for a listed date, valid to the end of that business date', async () => {
    const done = await bought(vouchers({ id: NEW_YEAR, priceId: 41, date: '2027-01-01', quantity: 2 }));
    expect(done.order.totals.vouchers).toBe(36_000);
    expect(done.order.vouchers).toHaveLength(2);
    expect(done.order.vouchers[0]).toMatchObject({ date: '2027-01-01', uses: 1, value: 0 });
    // The business date ends at 05:00 the next morning in Jerusalem (UTC+2 in winter).
    expect(done.order.vouchers[0]!.endDate).toBe('2027-01-02T03:00:00.000Z');
    const rows = await issuedVouchers(t, done.reservationIdentifier);
    expect(rows.map((r) => r.valid_date)).toEqual(['2027-01-01', '2027-01-01']);
    const { answer } = await vouchersForSale(t.app);
    expect(answer.vouchers.find((v) => v.SystemVoucherId === NEW_YEAR)!.dates).toContainEqual({
      Date: '2027-01-01',
      Vouchers: 38,
    });
    const refused: VoucherLine[] = [
      { id: NEW_YEAR, priceId: 41, date: '2027-01-05', quantity: 1 },
      { id: NEW_YEAR, priceId: 41, quantity: 1 },
      { id: NEW_YEAR, priceId: 11, date: '2027-01-01', quantity: 1 },
      { id: GIFT, priceId: 31, quantity: 1 },
      { id: GIFT, quantity: 1 },
      { id: 999, priceId: 11, quantity: 1 },
    ];
    for (const line of refused)
      expectError(await buy(t.app, vouchers(line), dana), 409, 'voucher_not_for_sale');
  });

  it('refuses a date with no vouchers left, lists it with 0, and never sells a past date', async () => {
    await t.db.kysely
      .insertInto('voucher_offer_dates')
      .values([
        { offer_id: NEW_YEAR, date: '2026-12-30', capacity: 2 },
        { offer_id: NEW_YEAR, date: '2026-11-21', capacity: 5 },
        { offer_id: NEW_YEAR, date: '2026-11-22', capacity: 5 },
      ])
      .execute();
    const line = (quantity: number, date = '2026-12-30') => ({ id: NEW_YEAR, priceId: 41, date, quantity });
    // Two lines for the same date count together.
    expect(
      expectError(await buy(t.app, vouchers(line(2), line(1)), dana), 409, 'voucher_date_sold_out'),
    ).toMatchObject({ date: '2026-12-30', left: 2 });
    await bought(vouchers(line(2)));
    expectError(await buy(t.app, vouchers(line(1)), dana), 409, 'voucher_date_sold_out');
    const dates = (await vouchersForSale(t.app)).answer.vouchers.find(
      (v) => v.SystemVoucherId === NEW_YEAR,
    )!.dates;
    expect(dates.map((d) => d.Date)).toEqual(['2026-11-22', '2026-12-30', '2026-12-31', '2027-01-01']);
    expect(dates[1]).toEqual({ Date: '2026-12-30', Vouchers: 0 });
    expectError(await buy(t.app, vouchers(line(1, '2026-11-21')), dana), 409, 'voucher_not_for_sale');
    await bought(vouchers(line(1, '2026-11-22')));
  });

  it('sells the last voucher of a date to exactly one of two orders placed together', async () => {
    await t.db.kysely
      .insertInto('voucher_offer_dates')
      .values({ offer_id: NEW_YEAR, date: '2026-12-29', capacity: 1 })
      .execute();
    const last = vouchers({ id: NEW_YEAR, priceId: 41, date: '2026-12-29', quantity: 1 });
    const answers = await Promise.all([buy(t.app, last, dana), buy(t.app, last, avi)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('voucher_date_sold_out');
    const sold = await t.db.kysely
      .selectFrom('system_vouchers')
      .select('reference')
      .where('valid_date', '=', '2026-12-29')
      .execute();
    expect(sold).toHaveLength(1);
  });

  it('sells at most 10 of one voucher in an order', async () => {
    const ten = await bought(
      vouchers({ id: GIFT, priceId: 11, quantity: 10 }, { id: MOVIES, priceId: 31, quantity: 10 }),
    );
    expect(ten.order.vouchers).toHaveLength(20);
    expect(ten.order.totals.total).toBe(10 * 5000 + 10 * 7000);
    expectError(
      await buy(t.app, vouchers({ id: GIFT, priceId: 11, quantity: 11 }), dana),
      400,
      'formValidation',
    );
    const split = vouchers({ id: GIFT, priceId: 11, quantity: 6 }, { id: GIFT, priceId: 12, quantity: 5 });
    expect(expectError(await buy(t.app, split, dana), 409, 'voucher_max_quantity')).toMatchObject({
      max: 10,
    });
  });

  it('sells the voucher shop’s products with vouchers only, asking an address for the one sent by post', async () => {
    const lines = {
      vouchers: [{ id: GIFT, priceId: 11, quantity: 1 }],
      products: [
        { id: SHOP_PRODUCT.giftBox, selectedQuantity: 1 },
        { id: SHOP_PRODUCT.greetingCard, selectedQuantity: 2 },
      ],
    };
    expectError(await buy(t.app, purchaseCart(lines), dana), 400, 'formValidation');
    const address = { address1: 'Herzl 1', city: 'Haifa', postalCode: '3303101' };
    const done = await bought(purchaseCart(lines, { deliveryAddress: address }));
    expect(done.order.totals).toMatchObject({ vouchers: 5000, products: 1500 + 1000, total: 7500 });
    expect(done.order.products.map((p) => [p.id, p.presentationId, p.quantity])).toEqual([
      [SHOP_PRODUCT.giftBox, 0, 1],
      [SHOP_PRODUCT.greetingCard, 0, 2],
    ]);
    expect(done.order.deliveryAddress).toEqual(address);
    const alone = purchaseCart({ products: [{ id: SHOP_PRODUCT.greetingCard, selectedQuantity: 1 }] });
    expectError(await buy(t.app, alone, dana), 409, 'product_not_offered');
  });

  it('keeps a voucher cart to vouchers: seats, donations or a show’s products are refused', async () => {
    const gift = { id: GIFT, priceId: 11, quantity: 1 };
    const seat = { pi: shop.movie.id, si: 1, x: 1, y: 1, tg: 1, ticketId: 1 };
    expectError(
      await buy(t.app, purchaseCart({ vouchers: [gift], seats: [seat] }), dana),
      409,
      'voucher_cart_exclusive',
    );
    const donation = { id: 1, donationDetails: { id: 11, amount: 1800, selectedQuantity: 1 } };
    expectError(
      await buy(t.app, purchaseCart({ vouchers: [gift], donations: [donation] }), dana),
      409,
      'voucher_cart_exclusive',
    );
    const product = { id: 6, presentationId: shop.movie.id, selectedQuantity: 1 };
    expectError(
      await buy(t.app, purchaseCart({ vouchers: [gift], products: [product] }), dana),
      409,
      'voucher_cart_exclusive',
    );
  });

  it('sells vouchers to logged-in customers only, writing nothing otherwise', async () => {
    const orders = await rowCount(t, 'orders');
    expectError(await buy(t.app, vouchers({ id: GIFT, priceId: 11, quantity: 1 })), 401, 'not_logged_in');
    expect(await rowCount(t, 'orders')).toBe(orders);
  });

  it('follows the voucher block: no mobile number asked, and no gift card pays for vouchers', async () => {
    const { mobileNumber: _m, ...noMobile } = customer;
    await bought(
      purchaseCart({ vouchers: [{ id: GIFT, priceId: 11, quantity: 1 }] }, { customerInfo: noMobile }),
    );
    const paid = purchaseCart(
      { vouchers: [{ id: GIFT, priceId: 11, quantity: 1 }] },
      { voucherPayments: [{ systemVoucher: 'GIFT-150-SANDBOX', amount: 1000 }] },
    );
    expectError(await buy(t.app, paid, dana), 403, 'voucher_payment_not_enabled');
  });

  it('issues nothing when the card is declined, and the date’s vouchers stay for sale', async () => {
    const left = async () =>
      (await vouchersForSale(t.app)).answer.vouchers
        .find((v) => v.SystemVoucherId === NEW_YEAR)!
        .dates.find((d) => d.Date === '2026-12-31')!.Vouchers;
    const before = await left();
    const declined = purchaseCart(
      { vouchers: [{ id: NEW_YEAR, priceId: 41, date: '2026-12-31', quantity: 3 }] },
      { creditcardInfo: { ...goodCard, number: SANDBOX_CARDS.decline } },
    );
    const me = visitor();
    expectError(await commit(t.app, me, crypto.randomUUID(), declined, dana), 402, 'errorResponse');
    const failed = await t.db.kysely
      .selectFrom('orders')
      .select(['reservation_identifier', 'state'])
      .where('visitor', '=', me)
      .executeTakeFirstOrThrow();
    expect(failed.state).toBe('failed');
    expect(await issuedVouchers(t, failed.reservation_identifier)).toEqual([]);
    expect(await left()).toBe(before);
  });

  it('lets a bought gift card pay a seat order, and a cancelled order cancels its unused vouchers', async () => {
    const done = await bought(
      vouchers({ id: GIFT, priceId: 11, quantity: 2 }, { id: MOVIES, priceId: 31, quantity: 1 }),
    );
    const [used, unused] = done.order.vouchers.filter((v) => v.isStoredValue);
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const paid = shop.cart(seats, {
      creditcardInfo: undefined,
      voucherPayments: [{ systemVoucher: used!.reference, amount: shop.seatPrice }],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/commit',
      headers: { uuid: me, 'idempotency-key': crypto.randomUUID() },
      payload: paid as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(CheckoutCompletedSchema.parse(res.json()).payments).toMatchObject([
      { method: 'voucher', voucherReference: used!.reference, amount: shop.seatPrice },
    ]);

    const rid = done.reservationIdentifier;
    const total = done.order.totals.total;
    await t.db.kysely
      .transaction()
      .execute((trx) =>
        cancelOrderInTransaction(trx, rid, total, t.clock.now(), { cancel_fee: 0, refund_amount: total }),
      );
    const rows = new Map((await issuedVouchers(t, rid)).map((r) => [r.reference, r]));
    expect(rows.get(used!.reference)).toMatchObject({ state: 'active', balance: 5000 - shop.seatPrice });
    expect(rows.get(unused!.reference)).toMatchObject({ state: 'cancelled', cancelled_by: 'customer' });
    const ticketVoucher = done.order.vouchers.find((v) => !v.isStoredValue)!;
    expect(rows.get(ticketVoucher.reference)).toMatchObject({ state: 'cancelled' });
    const refunds = await t.db.kysely
      .selectFrom('refunds')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .execute();
    expect(refunds.reduce((a, r) => a + r.amount, 0)).toBe(total);
    const listed = (await areaVouchers(t.app, dana)).filter((v) => v.ReservationIdentifier === rid);
    expect(listed.map((v) => v.Reference)).toEqual([used!.reference]);
  });

  it('refunds one bought voucher cancelled in the personal area to the card that paid it', async () => {
    const done = await bought(vouchers({ id: GIFT, priceId: 13, quantity: 1 }));
    const ref = done.order.vouchers[0]!.reference;
    const res = await t.app.inject({
      method: 'POST',
      payload: {},
      url: `/api/system-vouchers/${ref}/cancel`,
      headers: { cookie: `customer_session=${dana}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Reference: ref, status: 'cancelled', refund: 20_000 });
  });
});
