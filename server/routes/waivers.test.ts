import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartWaiver } from '../../src/api/contract/waiver.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { DEMO_STAFF } from '../seed/staff.ts';
import { JUMP, JUMP_TICKETS } from '../seed/jumpPark.ts';
import { commit, customer, errorOf, goodCard, loginByEmail, seatShop } from '../testing/checkout.ts';
import { findPresentation, lock, lockBody } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';

/** A 1×1 PNG, as a drawn signature's data URL. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const [TODDLER, KIDS, TEENS] = JUMP_TICKETS;

/** The liability waiver over the API: the box office's own check of every rule, and who may read it. */
describe.each(dialects)('liability waiver on %s', (dialect) => {
  let t: TestApp;
  let session: PresentationSummary;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    session = await findPresentation(t.app, (p) => p.venueId === JUMP.venue && p.saleStatus === 'open');
  });
  afterAll(async () => t?.close());

  /** Locks `n` places of the session for a new visitor. */
  async function places(n: number) {
    const uuid = visitor();
    const seats: { x: number; y: number }[] = [];
    for (let i = 0; i < n; i++) {
      const res = await lock(
        t.app,
        uuid,
        lockBody(session, { sectionId: 1, ticketGroupId: JUMP.ticketGroup }),
      );
      expect(res.statusCode).toBe(200);
      seats.push((res.json() as { lockedSeat: { x: number; y: number } }).lockedSeat);
    }
    return { uuid, seats };
  }

  function waiverOf(over: Partial<CartWaiver> = {}): CartWaiver {
    return {
      presentationId: session.id,
      waiverId: JUMP.waiver,
      version: 1,
      locale: 'he',
      adult: { name: 'Dana Levi', idNumber: '123456782', dateOfBirth: '1988-04-12' },
      jumpers: [
        { name: 'Noa', dateOfBirth: '2018-05-01', ticketId: KIDS.id },
        { name: 'Itai', dateOfBirth: '2022-09-30', ticketId: TODDLER.id },
      ],
      accepted: true,
      signature: SIGNATURE,
      ...over,
    };
  }

  async function buy(tickets: number[], waiver: CartWaiver | undefined) {
    const { uuid, seats } = await places(tickets.length);
    const res = await commit(t.app, uuid, crypto.randomUUID(), {
      cart: {
        customerInfo: customer,
        creditcardInfo: goodCard,
        seats: seats.map((s, i) => ({
          pi: session.id,
          si: 1,
          x: s.x,
          y: s.y,
          tg: JUMP.ticketGroup,
          ticketId: tickets[i]!,
        })),
        ...(waiver ? { waiver } : {}),
      },
      locale: 'he',
    });
    return { res, uuid };
  }

  const orderCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('tells the shop which presentation needs a waiver, and gives its text in every language', async () => {
    const p = (await t.app.inject({ method: 'GET', url: `/api/presentations/${session.id}` })).json();
    expect(p).toMatchObject({ waiverId: JUMP.waiver });
    const text = (
      await t.app.inject({ method: 'GET', url: `/api/presentations/${session.id}/waiver` })
    ).json();
    expect(text).toMatchObject({ id: JUMP.waiver, version: 1, adultMinAge: 18 });
    expect(Object.keys(text.text).sort()).toEqual(['ar', 'en', 'he', 'pl', 'ru']);
    const groups = (
      await t.app.inject({ method: 'GET', url: `/api/presentations/${session.id}/ticketGroups` })
    ).json();
    expect(groups.ticketGroups[0].tickets[1]).toMatchObject({ id: KIDS.id, minAge: 6, maxAge: 12 });
    const movie = await findPresentation(t.app, (x) => x.category === 'movie' && x.saleStatus === 'open');
    expect(
      errorOf(await t.app.inject({ method: 'GET', url: `/api/presentations/${movie.id}/waiver` })),
    ).toMatchObject({
      status: 404,
      code: 'waiver_not_found',
    });
  });

  it('sells two children their jump with the signed waiver, and keeps what was signed with the order', async () => {
    const { res } = await buy([KIDS.id, TODDLER.id], waiverOf());
    expect(res.json()).toMatchObject({ status: 'completed' });
    const rid = res.json().reservationIdentifier as string;
    const stored = await t.db.kysely
      .selectFrom('order_waivers')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      locale: 'he',
      adult_name: 'Dana Levi',
      waiver_version: 1,
      signature_png: SIGNATURE,
    });
    expect(stored.text).toContain('טרמפולינות');
    expect(stored.signed_from).toBe('127.0.0.1');

    const key = (
      await t.db.kysely
        .selectFrom('orders')
        .select('document_key')
        .where('reservation_identifier', '=', rid)
        .executeTakeFirstOrThrow()
    ).document_key;
    const doc = await t.app.inject({ method: 'GET', url: `/api/orders/${rid}/waiver?k=${key}` });
    expect(doc.json()).toMatchObject({
      reservationIdentifier: rid,
      adult: { name: 'Dana Levi', idNumber: '123456782' },
      jumpers: [
        { name: 'Noa', ticketId: KIDS.id, ticketName: { en: 'Kids' } },
        { name: 'Itai', ticketId: TODDLER.id },
      ],
      signature: SIGNATURE,
    });
    // Without the key nobody logged out reads it; a wrong key is refused; another customer too.
    expect(errorOf(await t.app.inject({ method: 'GET', url: `/api/orders/${rid}/waiver` }))).toMatchObject({
      status: 401,
      code: 'not_logged_in',
    });
    expect(
      errorOf(await t.app.inject({ method: 'GET', url: `/api/orders/${rid}/waiver?k=${'x'.repeat(32)}` })),
    ).toMatchObject({
      status: 403,
      code: 'waiver_not_yours',
    });
    const other = await loginByEmail(t.app, DEMO_CUSTOMERS[1]!);
    const asOther = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${rid}/waiver`,
      headers: { cookie: `customer_session=${other}` },
    });
    expect(errorOf(asOther)).toMatchObject({ status: 403, code: 'waiver_not_yours' });

    // Staff of either role list it and open it without the key.
    const clerk = DEMO_STAFF.find((s) => s.role === 'box_office')!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username: clerk.username, password: clerk.password },
    });
    const cookie = `staff_session=${/staff_session=([^;]+)/.exec(String(login.headers['set-cookie']))![1]}`;
    const list = await t.app.inject({ method: 'GET', url: '/api/staff/waivers?q=dana', headers: { cookie } });
    expect(
      list.json().waivers.map((w: { reservationIdentifier: string }) => w.reservationIdentifier),
    ).toContain(rid);
    expect(list.json().waivers[0]).toMatchObject({ adultName: 'Dana Levi', jumpers: 2 });
    const asStaff = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${rid}/waiver`,
      headers: { cookie },
    });
    expect(asStaff.statusCode).toBe(200);
    expect(errorOf(await t.app.inject({ method: 'GET', url: '/api/staff/waivers' }))).toMatchObject({
      status: 401,
      code: 'staff_not_logged_in',
    });
  });

  it('refuses a child too old for the ticket type, and writes nothing', async () => {
    const before = await orderCount();
    const teen = { name: 'Yael', dateOfBirth: '2012-01-15', ticketId: KIDS.id };
    const { res } = await buy([KIDS.id], waiverOf({ jumpers: [teen] }));
    expect(errorOf(res)).toMatchObject({ status: 400, code: 'waiver_age_mismatch' });
    expect(res.json().params).toMatchObject({ name: 'Yael', age: 14, minAge: 6, maxAge: 12 });
    expect(await orderCount()).toBe(before);
    // On the teens' ticket the same child is sold.
    const ok = await buy([TEENS.id], waiverOf({ jumpers: [{ ...teen, ticketId: TEENS.id }] }));
    expect(ok.res.json()).toMatchObject({ status: 'completed' });
  });

  it('refuses every other broken waiver with its own code', async () => {
    const cases: [Partial<CartWaiver> | undefined, string][] = [
      [undefined, 'waiver_required'],
      [{ version: 2 }, 'waiver_version_changed'],
      [{ accepted: false }, 'waiver_not_accepted'],
      [{ signature: 'data:image/png;base64,AAAA' }, 'waiver_not_signed'],
      [{ signature: 'data:text/html;base64,PGI+' }, 'waiver_not_signed'],
      [
        { adult: { name: 'Dana Levi', idNumber: '123456789', dateOfBirth: '1988-04-12' } },
        'waiver_adult_invalid',
      ],
      [
        { adult: { name: 'Dana Levi', idNumber: '123456782', dateOfBirth: '2010-01-01' } },
        'waiver_adult_too_young',
      ],
      [
        { jumpers: [{ name: 'Noa', dateOfBirth: '2018-05-01', ticketId: KIDS.id }] },
        'waiver_jumpers_mismatch',
      ],
      [
        {
          jumpers: [
            { name: 'Noa', dateOfBirth: '2018-02-30', ticketId: KIDS.id },
            { name: 'Itai', dateOfBirth: '2022-09-30', ticketId: TODDLER.id },
          ],
        },
        'waiver_jumper_invalid',
      ],
    ];
    for (const [over, code] of cases) {
      const { res } = await buy([KIDS.id, TODDLER.id], over === undefined ? undefined : waiverOf(over));
      expect(errorOf(res), code).toMatchObject({
        status: code === 'waiver_version_changed' ? 409 : 400,
        code,
      });
    }
  });

  it('refuses a waiver sent with seats that need none', async () => {
    const shop = await seatShop(t);
    const uuid = visitor();
    const seats = await shop.hold(uuid, 1);
    const res = await commit(t.app, uuid, crypto.randomUUID(), shop.cart(seats, { waiver: waiverOf() }));
    expect(errorOf(res)).toMatchObject({ status: 400, code: 'waiver_not_required' });
  });
});
