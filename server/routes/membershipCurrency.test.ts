import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutActionSchema, CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import { OrderDocumentSchema } from '../../src/api/contract/order.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { MEMBERSHIP, MEMBERSHIP_PRICE as P } from '../seed/membershipIds.ts';
import { cancelOrderInTransaction } from '../services/checkout/cancelOrder.ts';
import { sendRefunds } from '../services/checkout/payments/refunds.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import {
  answerChallenge,
  commit,
  errorOf,
  goodCard,
  loginByEmail,
  paymentStatus,
  sandboxOf,
} from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { buy, purchaseCart } from '../testing/purchases.ts';

/**
 * A membership priced in a foreign currency (the demo's FRIENDS price 103, code ABROAD: 120.00 EUR) is
 * charged in that currency, the order and its documents say so, and its refund goes back in it; what
 * cannot take the currency (gift cards in shekels, Blik, instalments) is refused before anything is written.
 */

const [DANA] = DEMO_CUSTOMERS;
type Line = NonNullable<CommitBody['cart']['memberships']>[number];
const abroad: Line = {
  id: MEMBERSHIP.friends,
  priceId: P.friendsAbroad,
  priceCode: 'ABROAD',
  termsAccepted: true,
};
const publicPrice: Line = { id: MEMBERSHIP.friends, priceId: P.friends, termsAccepted: true };

describe.each(dialects)('a membership in a foreign currency on %s', (dialect) => {
  let t: TestApp;
  let dana: string;
  const order = (lines: Line[], extra: Partial<CommitBody['cart']> = {}) =>
    buy(t.app, purchaseCart({ memberships: lines }, extra), dana);
  const charge = async (rid: string) =>
    (await sandboxOf(t).ledger()).find((r) => r.description === `order ${rid}`);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dana = await loginByEmail(t.app, DANA);
  });
  afterAll(async () => t?.close());

  it('charges 120.00 EUR in EUR; the order and its documents say EUR', async () => {
    const res = await order([abroad]);
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    expect(done.payments).toMatchObject([{ method: 'card', amount: 12000 }]);
    expect(await charge(done.reservationIdentifier)).toMatchObject({
      status: 'approved',
      amount: 12000,
      currency: 'EUR',
    });
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['currency_code', 'total', 'memberships_total'])
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ currency_code: 'EUR', total: 12000, memberships_total: 12000 });
    expect(done.order.currency).toEqual({ code: 'EUR', symbol: '€', decimals: 2 });
    expect(done.order.memberships![0]).toMatchObject({ currencyCode: 'EUR', total: 12000 });

    const doc = await t.app.inject({ method: 'GET', url: `/api/edocument/${done.order.documentKey}` });
    expect(doc.statusCode, doc.body).toBe(200);
    expect(OrderDocumentSchema.parse(doc.json()).currency).toEqual({ code: 'EUR', symbol: '€', decimals: 2 });
  });

  it('asks for 3-D Secure in EUR, and the order settles in EUR', async () => {
    const uuid = visitor();
    const card = { ...goodCard, number: SANDBOX_CARDS.challenge };
    const body = purchaseCart({ memberships: [abroad] }, { creditcardInfo: card });
    const res = await commit(t.app, uuid, crypto.randomUUID(), body, dana);
    const action = CheckoutActionSchema.parse(res.json());
    const url = (action.action as { url: string }).url;
    const page = await t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}lang=en` });
    expect(page.body).toContain('€120.00');
    expect(page.body).not.toContain('₪');
    await answerChallenge(t.app, url, 'approve');
    const status = await paymentStatus(t.app, uuid, action.reservationIdentifier);
    expect(status.statusCode, status.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(status.json());
    expect(done.order.currency?.code).toBe('EUR');
    expect(await charge(action.reservationIdentifier)).toMatchObject({ status: 'approved', currency: 'EUR' });
  });

  it("keeps an order in the venue's currency without one (charged in ILS)", async () => {
    const res = await order([publicPrice]);
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    expect(done.order.currency).toBeUndefined();
    expect(await charge(done.reservationIdentifier)).toMatchObject({ amount: 45000, currency: 'ILS' });
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('currency_code')
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .executeTakeFirstOrThrow();
    expect(row.currency_code).toBeNull();
  });

  it('still refuses a cart mixing EUR and ILS memberships', async () => {
    const res = await order([
      abroad,
      { id: MEMBERSHIP.cinemaClub, priceId: P.cinemaClub, termsAccepted: true },
    ]);
    expect(errorOf(res).code).toBe('membership_mixed_currencies');
  });

  it('refuses a gift-card payment, Blik and instalments on a EUR order (and takes the gift card in ILS)', async () => {
    const block = t.app.deps.settings.customerInfo.orderMemberships;
    const methods = t.app.deps.settings.payment.methods;
    block.isVoucherPaymentEnabled = true;
    methods.blik = true;
    try {
      const gift = { voucherPayments: [{ systemVoucher: 'GIFT-500-SANDBOX', amount: 5000 }] };
      const byGift = await order([abroad], gift);
      expect(errorOf(byGift)).toMatchObject({
        status: 403,
        code: 'voucher_payment_not_enabled',
        params: { currency: 'EUR' },
      });
      const blik = await order([abroad], { paymentMethod: 'blik', blikCode: '777123' });
      expect(errorOf(blik)).toMatchObject({
        code: 'payment_method_unavailable',
        params: { method: 'blik', currency: 'EUR' },
      });
      const instalments = await order([abroad], { numberOfPayments: 2 });
      expect(errorOf(instalments)).toMatchObject({ code: 'number_of_payments_invalid', params: { max: 1 } });
      // Nothing of the refused attempts was written or charged.
      const refused = await t.db.kysely
        .selectFrom('orders')
        .select('reservation_identifier')
        .where('currency_code', '=', 'EUR')
        .execute();
      expect(refused).toHaveLength(2);

      // The same gift card pays part of a membership priced in shekels.
      const ils = await order([publicPrice], gift);
      expect(ils.statusCode, ils.body).toBe(200);
      const done = CheckoutCompletedSchema.parse(ils.json());
      expect(done.payments.map((p) => [p.method, p.amount])).toEqual(
        expect.arrayContaining([
          ['voucher', 5000],
          ['card', 40000],
        ]),
      );
    } finally {
      block.isVoucherPaymentEnabled = false;
      methods.blik = false;
    }
  });

  it('gives the money back in EUR when the order is cancelled', async () => {
    const res = await order([abroad]);
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    const rid = done.reservationIdentifier;
    const ids = await t.db.kysely
      .transaction()
      .execute((trx) =>
        cancelOrderInTransaction(trx, rid, 12000, t.clock.now(), { cancel_fee: 0, refund_amount: 12000 }),
      );
    expect(await sendRefunds(t.db.kysely, sandboxOf(t), ids, () => t.clock.now())).toBe(1);
    const charged = (await charge(rid))!;
    expect(charged).toMatchObject({ currency: 'EUR', refunded_amount: 12000 });
    const refunds = (await sandboxOf(t).refunds()).filter((r) => r.transaction_id === charged.id);
    expect(refunds).toMatchObject([{ amount: 12000, currency: 'EUR' }]);
  });
});
