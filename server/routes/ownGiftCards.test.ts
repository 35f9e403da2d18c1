import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { type OwnGiftCard, OwnGiftCardsAnswerSchema } from '../../src/api/contract/vouchers.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { commit, seatShop, type SeatShop } from '../testing/checkout.ts';
import { expectError, giftCardBalance, loginByEmail } from '../testing/checkoutScenarios.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const [DANA, AVI] = DEMO_CUSTOMERS;

/**
 * A logged-in customer's own gift cards at the checkout (issue 35): listed with masked codes and what
 * they can pay, paid with by id (the shop never sends the code), only by their owner.
 */
describe.each(dialects)('paying with one’s own gift cards on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let dana: string;
  let avi: string;

  const giftCards = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/customer-area/gift-cards',
      ...(cookie ? { headers: { cookie: `customer_session=${cookie}` } } : {}),
    });
  async function listed(cookie: string): Promise<OwnGiftCard[]> {
    const res = await giftCards(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return OwnGiftCardsAnswerSchema.parse(res.json()).giftCards;
  }
  /** The seeded gift cards of a demo account, as the box office keeps them. */
  const cardsOf = (account: string) =>
    t.db.kysely
      .selectFrom('system_vouchers')
      .select(['reference', 'balance'])
      .where('customer_id', '=', account)
      .where('class_id', '=', 2)
      .orderBy('reference')
      .execute();
  /** Two seats held by a fresh visitor, paid partly by `giftCardId` and the rest by card. */
  async function payBy(giftCardId: string, amount: number, cookie?: string) {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 2);
    return commit(
      t.app,
      uuid,
      crypto.randomUUID(),
      shop.cart(seats, { voucherPayments: [{ giftCardId, amount }] }),
      cookie,
    );
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
    dana = await loginByEmail(t.app, DANA);
    avi = await loginByEmail(t.app, AVI);
  });
  afterAll(async () => t?.close());

  it('lists only the customer’s own gift cards that can pay, with masked codes', async () => {
    const own = await cardsOf('a_demo_dana');
    const usable = own.find((c) => c.balance > 0)!;
    const empty = own.find((c) => c.balance === 0)!;
    expect(usable).toBeDefined();
    expect(empty).toBeDefined();

    const res = await giftCards(dana);
    const cards = await listed(dana);
    expect(cards).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        code: `••••${usable.reference.replace(/[^A-Z0-9]/g, '').slice(-4)}`,
        name: expect.objectContaining({ en: 'Gift card' }),
        balance: 10_000,
        endDate: expect.any(String),
      },
    ]);
    // Neither the code itself, nor the empty card, nor another customer's nor the box office's cards.
    expect(res.body).not.toContain(usable.reference);
    const avisCards = await listed(avi);
    expect(avisCards).toHaveLength(1);
    expect(avisCards[0]!.id).not.toBe(cards[0]!.id);
    expect(res.body).not.toContain('SANDBOX');

    expectError(await giftCards(), 401, 'not_logged_in');
  });

  it('pays part of an order with an own gift card by its id; the listing shows what is left', async () => {
    const [card] = await listed(dana);
    const reference = (await cardsOf('a_demo_dana')).find((c) => c.balance > 0)!.reference;
    const before = await giftCardBalance(t, reference);
    const res = await payBy(card!.id, 3000, dana);
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    expect(done.payments.map((p) => [p.method, p.amount])).toEqual([
      ['voucher', 3000],
      ['card', 2 * shop.seatPrice - 3000],
    ]);
    // The order shows the card masked, as it shows a typed one.
    expect(done.order.payments[0]!.giftCard).toBe(card!.code);
    expect(JSON.stringify(done.order)).not.toContain(reference);
    expect(await giftCardBalance(t, reference)).toBe(before - 3000);
    const [after] = await listed(dana);
    expect(after).toMatchObject({ id: card!.id, balance: before - 3000 });
  });

  it('refuses another customer’s gift card, and a gift card id without a login', async () => {
    const [avisCard] = await listed(avi);
    const reference = (await cardsOf('a_demo_avi')).find((c) => c.balance > 0)!.reference;
    const before = await giftCardBalance(t, reference);
    expectError(await payBy(avisCard!.id, 1000, dana), 403, 'not_your_item');
    expectError(await payBy(avisCard!.id, 1000), 401, 'not_logged_in');
    expectError(await payBy('A'.repeat(22), 1000, avi), 403, 'not_your_item');
    expect(await giftCardBalance(t, reference)).toBe(before);
    // No pending order set any of it aside either.
    expect((await listed(avi))[0]!.balance).toBe(before);
  });

  it('takes a payment with either a code or an id, never both or neither', async () => {
    const [card] = await listed(dana);
    const uuid = visitor();
    const seats = await shop.hold(uuid, 1);
    for (const voucherPayments of [
      [{ amount: 1000 }],
      [{ amount: 1000, giftCardId: card!.id, systemVoucher: 'GIFT-150-SANDBOX' }],
    ])
      expectError(
        await commit(t.app, uuid, crypto.randomUUID(), shop.cart(seats, { voucherPayments }), dana),
        400,
        'formValidation',
      );
  });
});
