import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutActionSchema } from '../../src/api/contract/checkout.ts';
import type { MagCard } from '../../src/api/contract/customer.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import {
  answerChallenge,
  approvedCharges,
  commit,
  errorOf,
  goodCard,
  loginByEmail,
  paymentStatus,
  type SeatShop,
  seatShop,
} from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const [DANA, AVI] = DEMO_CUSTOMERS;

async function magCardsOf(app: FastifyInstance, session: string): Promise<MagCard[]> {
  const res = await app.inject({
    method: 'POST',
    payload: {},
    url: '/api/customer/refresh',
    headers: { cookie: `customer_session=${session}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.customerInfo.MagCards as MagCard[];
}

function deleteMagCard(app: FastifyInstance, session: string, id: string) {
  return app.inject({
    method: 'DELETE',
    payload: {},
    url: `/api/customer/mag-cards/${id}`,
    headers: { cookie: `customer_session=${session}` },
  });
}

describe.each(dialects)('saved cards on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let dana: string;
  let avi: string;
  const charges = async () => (await approvedCharges(t)).length;
  const bySavedCard = (id: string) => ({
    paymentMethod: 'savedCard' as const,
    paymentIdentifier: id,
    creditcardInfo: undefined,
  });

  /** Dana buys a seat by card and asks to keep it; answers the card saved. */
  async function danaSavesCard(number: string = SANDBOX_CARDS.approveVisa): Promise<MagCard> {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const before = await magCardsOf(t.app, dana);
    const body = shop.cart(seats, {
      creditcardInfo: { ...goodCard, number, expiry: '07/30' },
      saveMagCard: true,
    });
    const res = await commit(t.app, me, crypto.randomUUID(), body, dana);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('completed');
    const after = await magCardsOf(t.app, dana);
    expect(after).toHaveLength(before.length + 1);
    return after.find((c) => !before.some((b) => b.id === c.id))!;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
    dana = await loginByEmail(t.app, DANA);
    avi = await loginByEmail(t.app, AVI);
  });
  afterAll(async () => t?.close());

  it('keeps a card the customer asked to save: brand, last four and expiry, never the number', async () => {
    expect(await magCardsOf(t.app, dana)).toEqual([]);
    const saved = await danaSavesCard(SANDBOX_CARDS.approveMastercard);
    expect(saved).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{6,64}$/),
      brand: 'mastercard',
      last4: '4444',
      expiry: '07/30',
      isDeleted: false,
    });
    const refresh = await t.app.inject({
      method: 'POST',
      payload: {},
      url: '/api/customer/refresh',
      headers: { cookie: `customer_session=${dana}` },
    });
    expect(refresh.body).not.toContain('5555555555554444');
    expect(refresh.body).not.toMatch(/tok_/);
    // Avi's account has no card of Dana's.
    expect(await magCardsOf(t.app, avi)).toEqual([]);
  });

  it('pays a second order with the saved card and no card details', async () => {
    const card = await danaSavesCard();
    const me = visitor();
    const seats = await shop.hold(me, 2);
    const before = await charges();
    const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats, bySavedCard(card.id)), dana);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'completed',
      payments: [{ method: 'savedCard', amount: 2 * shop.seatPrice, brand: 'visa', last4: '1111' }],
    });
    expect(await charges()).toBe(before + 1);
    for (const s of seats) expect(await shop.sold(s, me)).toBe(true);
    // Paying with a saved card keeps no second copy of it.
    expect((await magCardsOf(t.app, dana)).filter((c) => c.id === card.id)).toHaveLength(1);
  });

  it('lets no one else use the card, and no one without a session', async () => {
    const card = await danaSavesCard();
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const before = await charges();
    const byAvi = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats, bySavedCard(card.id)), avi);
    expect(errorOf(byAvi)).toMatchObject({ status: 404, code: 'saved_card_not_found' });
    const anonymous = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats, bySavedCard(card.id)));
    expect(errorOf(anonymous)).toMatchObject({ status: 401, code: 'not_logged_in' });
    const unknown = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      shop.cart(seats, bySavedCard('card_nosuchcard')),
      dana,
    );
    expect(errorOf(unknown)).toMatchObject({ status: 404, code: 'saved_card_not_found' });
    const noCard = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      shop.cart(seats, { paymentMethod: 'savedCard', creditcardInfo: undefined }),
      dana,
    );
    expect(errorOf(noCard)).toMatchObject({
      status: 400,
      code: 'field_required',
      params: { field: 'paymentIdentifier' },
    });
    // Avi cannot delete it either.
    expect(errorOf(await deleteMagCard(t.app, avi, card.id))).toMatchObject({
      status: 403,
      code: 'not_your_item',
    });
    expect(await charges()).toBe(before);
    expect(await shop.held(me)).toContain(seats[0]!.key);
  });

  it('forgets a deleted card: it is no longer listed nor accepted', async () => {
    const card = await danaSavesCard();
    const deleted = await deleteMagCard(t.app, dana, card.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().MagCards.map((c: MagCard) => c.id)).not.toContain(card.id);
    expect((await magCardsOf(t.app, dana)).map((c) => c.id)).not.toContain(card.id);
    expect(errorOf(await deleteMagCard(t.app, dana, card.id))).toMatchObject({
      status: 404,
      code: 'saved_card_not_found',
    });
    expect(errorOf(await deleteMagCard(t.app, '', card.id))).toMatchObject({
      status: 401,
      code: 'not_logged_in',
    });

    const me = visitor();
    const seats = await shop.hold(me, 1);
    const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats, bySavedCard(card.id)), dana);
    expect(errorOf(res)).toMatchObject({ status: 404, code: 'saved_card_not_found' });
  });

  it('saves a card only for a logged-in customer', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const before = await charges();
    const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats, { saveMagCard: true }));
    expect(errorOf(res)).toMatchObject({ status: 401, code: 'not_logged_in' });
    expect(await charges()).toBe(before);
    expect(await shop.held(me)).toContain(seats[0]!.key);
  });

  it('keeps a card whose payment needed an approved 3-D Secure challenge, and pays with it later', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const body = shop.cart(seats, {
      creditcardInfo: { ...goodCard, number: SANDBOX_CARDS.challenge },
      saveMagCard: true,
    });
    const res = await commit(t.app, me, crypto.randomUUID(), body, dana);
    const answer = CheckoutActionSchema.parse(res.json());
    expect(answer.action.type).toBe('challenge');
    expect((await magCardsOf(t.app, dana)).some((c) => c.last4 === '3220')).toBe(false);
    await answerChallenge(t.app, (answer.action as { url: string }).url, 'approve');
    const done = await paymentStatus(t.app, me, answer.reservationIdentifier);
    expect(done.statusCode, done.body).toBe(200);
    const saved = (await magCardsOf(t.app, dana)).filter((c) => c.last4 === '3220');
    expect(saved).toEqual([
      { id: expect.any(String), brand: 'visa', last4: '3220', expiry: '12/29', isDeleted: false },
    ]);

    const again = visitor();
    const more = await shop.hold(again, 1);
    const paid = await commit(
      t.app,
      again,
      crypto.randomUUID(),
      shop.cart(more, bySavedCard(saved[0]!.id)),
      dana,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'completed',
      payments: [{ method: 'savedCard', last4: '3220' }],
    });
  });

  it('keeps no card when the challenge fails', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const before = (await magCardsOf(t.app, dana)).length;
    const body = shop.cart(seats, {
      creditcardInfo: { ...goodCard, number: SANDBOX_CARDS.challengeThenDecline },
      saveMagCard: true,
    });
    const answer = CheckoutActionSchema.parse(
      (await commit(t.app, me, crypto.randomUUID(), body, dana)).json(),
    );
    await answerChallenge(t.app, (answer.action as { url: string }).url, 'approve');
    expect(errorOf(await paymentStatus(t.app, me, answer.reservationIdentifier))).toMatchObject({
      code: 'errorResponse',
    });
    expect(await magCardsOf(t.app, dana)).toHaveLength(before);
  });
});
