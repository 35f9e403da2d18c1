import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutActionSchema } from '../../src/api/contract/checkout.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import {
  acquirerIdOf,
  answerChallenge,
  commit,
  loginByEmail,
  newBlikCode,
  paymentStatus,
  postForm,
  type SeatShop,
  seatShop,
} from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

/** The cards typed in this file, each as the customer typed it; none may be kept or logged. */
const CVV = '7319';
const typed = {
  frictionless: '5555 5555 5555 4444',
  challenge: SANDBOX_CARDS.challenge.replace(/(\d{4})(?=\d)/g, '$1 '),
  saved: SANDBOX_CARDS.approveVisa,
  declined: SANDBOX_CARDS.decline,
  hosted: '4012 8888 8888 1881',
};
const card = (number: string) => ({ number, expiry: '11/29', cvv: CVV, holderId: '039337423' });

/** Every way a card number or its CVV could show in text: digits alone, spaced, dashed, or the CVV as a value. */
function leaksIn(text: string): string[] {
  const found: string[] = [];
  for (const number of Object.values(typed)) {
    const digits = number.replace(/\D/g, '');
    const groups = digits.match(/.{1,4}/g)!;
    for (const form of [digits, groups.join(' '), groups.join('-'), groups.join('+'), groups.join('%20')])
      if (text.includes(form)) found.push(form);
  }
  if (new RegExp(`(?<![\\w.])${CVV}(?![\\w.])`).test(text)) found.push(`CVV ${CVV}`);
  // A field named cvv (a key, a query parameter), not the letters inside a random identifier (…5CVVNS).
  if (/(?<![a-z0-9])cvv\d*(?![a-z])/i.test(text)) found.push('a cvv field');
  return found;
}

describe.each(dialects)('card data after paying by every method on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  const logs: string[] = [];
  const sent: string[] = [];

  async function pay(me: string, body: CommitBody, cookie?: string) {
    const res = await commit(t.app, me, crypto.randomUUID(), body, cookie);
    sent.push(res.body);
    return res;
  }
  async function started(extra: Partial<CommitBody['cart']>) {
    const me = visitor();
    const body = shop.cart(
      await shop.hold(me, 1),
      { creditcardInfo: undefined, ...extra },
      '/order/checkout',
    );
    const res = await pay(me, body);
    expect(res.statusCode, res.body).toBe(200);
    return { me, answer: CheckoutActionSchema.parse(res.json()) };
  }
  const completed = async (me: string, rid: string) => {
    const res = await paymentStatus(t.app, me, rid);
    sent.push(res.body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('completed');
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } },
    });
    shop = await seatShop(t);

    // A card without a challenge, typed with spaces.
    let me = visitor();
    expect(
      (await pay(me, shop.cart(await shop.hold(me, 1), { creditcardInfo: card(typed.frictionless) })))
        .statusCode,
    ).toBe(200);
    // A declined card.
    me = visitor();
    expect(
      (await pay(me, shop.cart(await shop.hold(me, 1), { creditcardInfo: card(typed.declined) }))).statusCode,
    ).toBe(402);
    // A 3-D Secure challenge, approved.
    me = visitor();
    const challenged = await pay(
      me,
      shop.cart(await shop.hold(me, 1), { creditcardInfo: card(typed.challenge) }),
    );
    const action = CheckoutActionSchema.parse(challenged.json());
    await answerChallenge(t.app, (action.action as { url: string }).url, 'approve');
    await completed(me, action.reservationIdentifier);
    // A card saved by a logged-in customer, then paid with.
    const dana = await loginByEmail(t.app, DEMO_CUSTOMERS[0]);
    me = visitor();
    const saving = await pay(
      me,
      shop.cart(await shop.hold(me, 1), { creditcardInfo: card(typed.saved), saveMagCard: true }),
      dana,
    );
    expect(saving.statusCode, saving.body).toBe(200);
    const cards = await t.app.inject({
      method: 'POST',
      payload: {},
      url: '/api/customer/refresh',
      headers: { cookie: `customer_session=${dana}` },
    });
    sent.push(cards.body);
    const savedId = cards.json().data.customerInfo.MagCards[0].id as string;
    me = visitor();
    const bySaved = await pay(
      me,
      shop.cart(await shop.hold(me, 1), {
        paymentMethod: 'savedCard',
        paymentIdentifier: savedId,
        creditcardInfo: undefined,
      }),
      dana,
    );
    expect(bySaved.statusCode, bySaved.body).toBe(200);
    // PayPal, approved and captured on the return.
    const paypal = await started({ paymentMethod: 'paypal' });
    const token = (paypal.answer.action as { url: string }).url.split('token=')[1]!;
    const back = new URL(
      (await postForm(t.app, `/sandbox/paypal/${token}/approve`)).headers.location as string,
      'http://x',
    );
    await completed(paypal.me, paypal.answer.reservationIdentifier);
    expect(back.searchParams.get('PayerID')).toBeTruthy();
    // Blik, confirmed in the app.
    const blik = await started({ paymentMethod: 'blik', blikCode: await newBlikCode(t.app) });
    await postForm(t.app, `/sandbox/blik/${await acquirerIdOf(t, blik.answer.paymentId)}/approve`);
    await completed(blik.me, blik.answer.reservationIdentifier);
    // The hosted payment page, the card typed there.
    const hosted = await started({ paymentMethod: 'redirect' });
    const url = (hosted.answer.action as { url: string }).url;
    const page = await postForm(t.app, url, card(typed.hosted));
    expect(page.statusCode).toBe(303);
    sent.push(page.headers.location as string, (await t.app.inject({ method: 'GET', url })).body);
    await completed(hosted.me, hosted.answer.reservationIdentifier);
  });
  afterAll(async () => t?.close());

  it('paid by every method', async () => {
    const methods = await t.db.kysely
      .selectFrom('order_payments')
      .select('method')
      .distinct()
      .where('status', '=', 'approved')
      .execute();
    expect(methods.map((m) => m.method).sort()).toEqual(['blik', 'card', 'paypal', 'redirect', 'saved_card']);
  });

  it('keeps neither a card number nor a CVV in any table', async () => {
    const tables =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
            t.db.kysely,
          )
        : await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = ${t.config.databaseSchema} and table_type = 'BASE TABLE'`.execute(
            t.db.kysely,
          );
    const names = tables.rows.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['orders', 'order_payments', 'saved_cards', 'sandbox_transactions']),
    );
    for (const name of names) {
      const rows = await sql`select * from ${sql.table(name)}`.execute(t.db.kysely);
      // Integer row ids are counters, not data (seat_events counts every seat write: it passes 7319 too).
      const text = JSON.stringify(rows.rows, (k, v: unknown) =>
        k === 'id' && typeof v === 'number' ? undefined : typeof v === 'bigint' ? String(v) : v,
      );
      expect(leaksIn(text), name).toEqual([]);
    }
    // Cards are kept by what may be shown of them.
    const saved = await t.db.kysely.selectFrom('saved_cards').selectAll().execute();
    expect(saved).toEqual([expect.objectContaining({ brand: 'visa', last4: '1111', expiry: '11/29' })]);
  });

  it('writes neither into any log line, even at trace level', async () => {
    expect(logs.length).toBeGreaterThan(20);
    expect(logs.some((l) => l.includes('/sandbox/pay/'))).toBe(true);
    expect(logs.some((l) => l.includes('/api/payment/commit'))).toBe(true);
    for (const line of logs) expect(leaksIn(line), line).toEqual([]);
  });

  it('shows neither on any answer to the shop or the customer', async () => {
    expect(sent.length).toBeGreaterThan(10);
    for (const text of sent) expect(leaksIn(text), text).toEqual([]);
  });
});
