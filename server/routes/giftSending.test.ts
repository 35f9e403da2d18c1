import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { CartGift } from '../../src/api/contract/vouchers.ts';
import { wallInstant } from '../../src/domain/schedule.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { VOUCHER_OFFER } from '../seed/vouchersForSale.ts';
import { cancelOrderInTransaction } from '../services/checkout/cancelOrder.ts';
import { sendDueMessages } from '../services/messages/dispatcher.ts';
import { expectError, loginByEmail } from '../testing/checkoutScenarios.ts';
import { createTestApp, dialects, TEST_NOW, type TestApp } from '../testing/harness.ts';
import { buy, purchaseCart } from '../testing/purchases.ts';

const [DANA] = DEMO_CUSTOMERS;
const GIFT = VOUCHER_OFFER.giftCard;
const MOVIES = VOUCHER_OFFER.twoMovies;
// TEST_NOW is 2026-11-22 12:00 in Israel; the gift cards sold then are valid 365 days.
const ON = '2026-11-25';
const SEND_AT = wallInstant(ON, '08:00', 'Asia/Jerusalem');

/**
 * "Send as a gift" (issue 35): the order's gift cards are e-mailed to the recipient on the date the buyer
 * chose, by the order-message queue (a row waiting in the database, sent once), in the chosen language,
 * with the buyer's message escaped; not before that date, and not at all once the order is cancelled.
 */
describe.each(dialects)('gift cards sent as a gift on %s', (dialect) => {
  let t: TestApp;
  let dana: string;

  const gift = (over: Partial<CartGift> = {}): CartGift => ({
    recipientName: 'Noa Barak',
    recipientEmail: `noa.${Math.random().toString(36).slice(2)}@example.com`,
    message: 'Happy birthday! <script>alert(1)</script>\r\n\u202Eenjoy',
    deliverOn: ON,
    locale: 'he',
    ...over,
  });
  const giftOrder = (
    g: CartGift,
    line: { id: number; priceId: number; quantity: number } = { id: GIFT, priceId: 12, quantity: 1 },
  ) => buy(t.app, purchaseCart({ vouchers: [line], gift: g }), dana);
  /** Runs the queue as the server's messenger does, at the test clock's time; answers what reached `to`. */
  async function deliver(to: string) {
    await sendDueMessages({
      db: t.db.kysely,
      mail: t.app.deps.mail,
      sms: t.app.deps.sms,
      now: () => t.clock.now(),
      publicUrl: 'https://tickets.example',
    });
    return t.db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();
  }
  const giftMessage = (rid: string) =>
    t.db.kysely
      .selectFrom('order_messages')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .where('kind', '=', 'gift')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dana = await loginByEmail(t.app, DANA);
  });
  afterAll(async () => t?.close());

  it('sends the gift e-mail once, on the chosen date and not before, in the chosen language', async () => {
    t.clock.set(TEST_NOW);
    const g = gift();
    const res = await giftOrder(g);
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    const [card] = done.order.vouchers;
    expect(await giftMessage(done.reservationIdentifier)).toMatchObject({
      channel: 'email',
      to_address: g.recipientEmail,
      status: 'queued',
      next_attempt_at: SEND_AT,
    });
    // A card sent as a gift is the recipient's to spend: the buyer's checkout no longer offers it.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/customer-area/gift-cards',
      headers: { cookie: `customer_session=${dana}` },
    });
    const offered = (own.json() as { giftCards: { code: string }[] }).giftCards.map((c) => c.code);
    expect(offered).toHaveLength(1); // her own card from before
    expect(offered).not.toContain(`••••${card!.reference.slice(-4)}`);

    expect(await deliver(g.recipientEmail)).toHaveLength(0);
    t.clock.set(SEND_AT - 60_000);
    expect(await deliver(g.recipientEmail)).toHaveLength(0);
    t.clock.set(SEND_AT);
    const [mail, ...more] = await deliver(g.recipientEmail);
    expect(more).toHaveLength(0);
    t.clock.set(SEND_AT + 3 * 86_400_000);
    expect(await deliver(g.recipientEmail)).toHaveLength(1);
    expect(await giftMessage(done.reservationIdentifier)).toMatchObject({ status: 'sent', attempts: 1 });

    expect(mail!.subject).toBe('קיבלת כרטיס מתנה מאת Dana Levi');
    expect(mail!.text).toContain('שלום Noa Barak,');
    expect(mail!.text).toContain(card!.reference);
    expect(mail!.text).toContain('כרטיס מתנה לקולנוע'); // the name it was sold under
    expect(mail!.text).toContain('Happy birthday! <script>alert(1)</script>\nenjoy');
    expect(mail!.text).not.toContain('\u202E');
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
  });

  it('sends a gift for today at once', async () => {
    t.clock.set(TEST_NOW);
    const g = gift({ deliverOn: '2026-11-22', locale: undefined, message: '' });
    const res = await giftOrder(g);
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await deliver(g.recipientEmail);
    // No language chosen: the order's (the page's).
    expect(mail!.subject).toBe('You have a gift card from Dana Levi');
    expect(mail!.text).not.toContain('wrote:');
  });

  it('withdraws a gift not yet sent when its order is cancelled', async () => {
    t.clock.set(TEST_NOW);
    const g = gift();
    const res = await giftOrder(g);
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    const total = done.order.totals.total;
    await t.db.kysely.transaction().execute((trx) =>
      cancelOrderInTransaction(trx, done.reservationIdentifier, total, t.clock.now(), {
        cancel_fee: 0,
        refund_amount: total,
      }),
    );
    t.clock.set(SEND_AT + 60_000);
    expect(await deliver(g.recipientEmail)).toHaveLength(0);
    expect(await giftMessage(done.reservationIdentifier)).toMatchObject({ status: 'failed' });
  });

  it('refuses a delivery date in the past or after the cards expire, and a gift of other vouchers', async () => {
    t.clock.set(TEST_NOW);
    expectError(await giftOrder(gift({ deliverOn: '2026-11-21' })), 400, 'gift_date_invalid');
    // Valid 365 days from 2026-11-22 12:00: the last whole day is 2027-11-21.
    expect((await giftOrder(gift({ deliverOn: '2027-11-21' }))).statusCode).toBe(200);
    const late = expectError(await giftOrder(gift({ deliverOn: '2027-11-22' })), 400, 'gift_date_invalid');
    expect(late).toEqual({ first: '2026-11-22', last: '2027-11-21' });
    expectError(
      await giftOrder(gift(), { id: MOVIES, priceId: 31, quantity: 1 }),
      409,
      'gift_needs_gift_cards',
    );
    expectError(await giftOrder(gift({ recipientEmail: 'not an address' })), 400, 'formValidation');
    expectError(await giftOrder(gift({ message: 'x'.repeat(501) })), 400, 'formValidation');
  });
});
