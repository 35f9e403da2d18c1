import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import {
  CancelAnswerSchema,
  CancellationQuoteSchema,
  ReservationsAnswerSchema,
} from '../../src/api/contract/customer.ts';
import { OrderDocumentSchema } from '../../src/api/contract/order.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import {
  approvedCharges,
  commit,
  loginByEmail,
  sandboxOf,
  type SeatShop,
  seatShop,
} from '../testing/checkout.ts';
import { addGiftCard, area, giftCardBalance } from '../testing/checkoutScenarios.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const [DANA] = DEMO_CUSTOMERS;

/**
 * An order paid partly by a gift card and partly by card, as the customer sees it (issue 35): each
 * payment by itself on the confirmation, the e-ticket and the personal area, the gift card's code never
 * whole; and a cancellation that gives each payment its own part back, the same split before (the cancel
 * dialog's quote) and after.
 */
describe.each(dialects)('an order paid by a gift card and a card on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
  });
  afterAll(async () => t?.close());

  it('lists both payments, and refunds each to where it came from', async () => {
    const dana = await loginByEmail(t.app, DANA);
    const giftCard = await addGiftCard(t, 10_000);
    const masked = `••••${giftCard.slice(-4)}`;
    const me = visitor();
    const seats = await shop.hold(me, 2);
    const total = 2 * shop.seatPrice;
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      shop.cart(seats, { voucherPayments: [{ systemVoucher: giftCard, amount: 3000 }] }),
      dana,
    );
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    const charge = (await approvedCharges(t)).at(-1)!;
    const paid = [
      expect.objectContaining({
        method: 'voucher',
        giftCard: masked,
        last4: null,
        amount: 3000,
        refunded: 0,
      }),
      expect.objectContaining({ method: 'card', giftCard: null, last4: '1111', amount: total - 3000 }),
    ];
    expect(done.order.payments).toEqual(paid);
    expect(charge.amount).toBe(total - 3000);

    // The e-ticket link is passed around: it names the gift card only by its last four characters.
    const doc = await t.app.inject({ method: 'GET', url: `/api/edocument/${done.documentKey}` });
    expect(doc.statusCode, doc.body).toBe(200);
    expect(OrderDocumentSchema.parse(doc.json()).payments).toEqual(paid);
    expect(doc.body).not.toContain(giftCard);

    const list = ReservationsAnswerSchema.parse(
      (await area(t.app, 'GET', '/api/customer-area/reservations', dana)).json(),
    );
    const mine = list.upcoming.find((r) => r.reservationIdentifier === done.reservationIdentifier)!;
    expect(mine.payments).toEqual(paid);

    // Before: the cancel dialog's quote shares the refund out, the gift card first.
    const quoteRes = await area(
      t.app,
      'GET',
      `/api/customer-area/reservations/${done.reservationIdentifier}/cancellation`,
      dana,
    );
    expect(quoteRes.statusCode, quoteRes.body).toBe(200);
    const quote = CancellationQuoteSchema.parse(quoteRes.json());
    expect(quote.refund).toBeGreaterThan(3000);
    const split = [
      { method: 'voucher', brand: null, last4: null, giftCard: masked, amount: 3000 },
      { method: 'card', brand: 'visa', last4: '1111', giftCard: null, amount: quote.refund - 3000 },
    ];
    expect(quote.refunds).toEqual(split);
    expect(quote.refundAtBoxOffice).toBe(0);

    // After: the cancellation did exactly that, and says so.
    const cancelRes = await area(
      t.app,
      'POST',
      `/api/reservations/${done.reservationIdentifier}/cancel`,
      dana,
    );
    expect(cancelRes.statusCode, cancelRes.body).toBe(200);
    const cancelled = CancelAnswerSchema.parse(cancelRes.json());
    expect(cancelled).toMatchObject({ refund: quote.refund, refunds: split, refundAtBoxOffice: 0 });
    expect(await giftCardBalance(t, giftCard)).toBe(10_000);
    const sent = (await sandboxOf(t).refunds()).filter((r) => r.transaction_id === charge.id);
    expect(sent.map((r) => r.amount)).toEqual([quote.refund - 3000]);
    const rows = await t.db.kysely
      .selectFrom('order_payments')
      .select(['method', 'refunded_amount'])
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .orderBy('method')
      .execute();
    expect(rows).toEqual([
      { method: 'card', refunded_amount: quote.refund - 3000 },
      { method: 'voucher', refunded_amount: 3000 },
    ]);
  });
});
