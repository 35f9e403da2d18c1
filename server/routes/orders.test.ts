import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import {
  approvedCharges as charges,
  commit,
  customer,
  goodCard,
  ticketGroupsOf as ticketGroups,
} from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import {
  type FreeSeat,
  findPresentation,
  freeSeats,
  freeSofas,
  lock,
  lockBody,
  planSeatsOf,
  plainFreeSeats,
} from '../testing/fixtures.ts';

describe.each(dialects)('payment commit on %s', (dialect) => {
  let t: TestApp;
  let movie: PresentationSummary;
  let groups: TicketGroup[];
  let pool: FreeSeat[];
  const approvedCharges = () => charges(t);
  const ticketOf = (seat: FreeSeat, index = 0) =>
    groups.find((g) => g.id === seat.ticketGroupId)!.tickets[index]!;
  /** Free regular-level seats, handed out so tests never share one. */
  const takeSeats = (n: number) => pool.splice(0, n);

  async function holdSeats(uuid: string, n: number): Promise<FreeSeat[]> {
    const seats = takeSeats(n);
    for (const s of seats) expect((await lock(t.app, uuid, lockBody(movie, s))).statusCode).toBe(200);
    return seats;
  }

  function cartOf(seats: FreeSeat[], extra: Partial<CommitBody['cart']> = {}): CommitBody {
    return {
      cart: {
        customerInfo: customer,
        creditcardInfo: goodCard,
        seats: seats.map((s) => ({
          pi: movie.id,
          si: s.sectionId,
          x: s.x,
          y: s.y,
          tg: s.ticketGroupId,
          ticketId: ticketOf(s).id,
        })),
        products: [],
        ...extra,
      },
      locale: 'en',
    };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    movie = await findPresentation(
      t.app,
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
    );
    groups = await ticketGroups(t.app, movie);
    pool = (await plainFreeSeats(t.app, movie)).filter((s) => s.ticketGroupId === 1);
  });
  afterAll(async () => t?.close());

  it('sells held seats at the box office’s prices, whatever prices the cart claims', async () => {
    const me = visitor();
    const seats = await holdSeats(me, 2);
    const body = cartOf(seats, { globalServiceCharge: 0 });
    body.cart.seats = body.cart.seats!.map((s) => ({ ...s, price: 1 }));
    const popcorn = (await t.app.inject({ method: 'GET', url: `/api/presentations/${movie.id}` })).json()
      .products[0] as { id: number; price: number };
    body.cart.products = [{ id: popcorn.id, presentationId: movie.id, selectedQuantity: 1, price: 0 }];
    const before = (await approvedCharges()).length;

    const res = await commit(t.app, me, crypto.randomUUID(), body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    const ticketPrice = ticketOf(seats[0]!).price;
    const expected = 2 * ticketPrice + 2 * 500 + popcorn.price;
    expect(answer.order.totals).toEqual({
      tickets: 2 * ticketPrice,
      addons: 0,
      serviceCharge: 1000,
      products: popcorn.price,
      vouchers: 0,
      donations: 0,
      total: expected,
    });
    expect(answer.ticketIdentifiers).toHaveLength(2);
    expect(answer.payments).toMatchObject([
      { method: 'card', amount: expected, last4: '1111', brand: 'visa' },
    ]);
    expect(await approvedCharges()).toHaveLength(before + 1);
    expect((await approvedCharges()).at(-1)!.amount).toBe(expected);

    // The seats are sold: free for no one, held by no one.
    const free = await freeSeats(t.app, movie, me);
    expect(free.some((f) => seats.some((s) => s.key === f.key))).toBe(false);
    const doc = await t.app.inject({ method: 'GET', url: `/api/edocument/${answer.documentKey}` });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({
      reservationIdentifier: answer.reservationIdentifier,
      locale: 'en',
      customerName: 'Dana Levi',
      tickets: [{ price: ticketPrice }, { price: ticketPrice }],
    });
    // The section as sold, and its name in every language from the plan (the e-ticket's language).
    for (const tk of doc.json().tickets)
      expect(tk.sectionNames).toMatchObject({ en: tk.section, he: expect.stringMatching(/[\u0590-\u05FF]/) });
  });

  it('answers the same request twice with one order and one charge, and refuses a second commit', async () => {
    const me = visitor();
    const seats = await holdSeats(me, 1);
    const key = crypto.randomUUID();
    const before = (await approvedCharges()).length;
    const first = await commit(t.app, me, key, cartOf(seats));
    const again = await commit(t.app, me, key, cartOf(seats));
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().reservationIdentifier).toBe(first.json().reservationIdentifier);
    expect(await approvedCharges()).toHaveLength(before + 1);

    const second = await commit(t.app, me, crypto.randomUUID(), cartOf(seats));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'last_commit_error',
      params: { reservationIdentifier: first.json().reservationIdentifier },
    });
    expect(await approvedCharges()).toHaveLength(before + 1);

    const reused = await commit(t.app, me, key, cartOf(seats, { numberOfPayments: 1, products: [] }));
    expect(reused.statusCode).toBe(200);
    const otherCart = await commit(
      t.app,
      me,
      key,
      cartOf(seats, { customerInfo: { ...customer, firstName: 'Noa' } }),
    );
    expect(otherCart.statusCode).toBe(409);
    expect(otherCart.json().code).toBe('idempotency_key_reused');
  });

  it('makes one order and one charge of concurrent commits, with one key or with several', async () => {
    const me = visitor();
    const seats = await holdSeats(me, 2);
    const key = crypto.randomUUID();
    const before = (await approvedCharges()).length;
    const same = await Promise.all(Array.from({ length: 4 }, () => commit(t.app, me, key, cartOf(seats))));
    const ids = new Set(same.map((r) => r.json().reservationIdentifier as string));
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    expect(await approvedCharges()).toHaveLength(before + 1);

    const other = visitor();
    const seats2 = await holdSeats(other, 1);
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => commit(t.app, other, crypto.randomUUID(), cartOf(seats2))),
    );
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of racing.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(['last_commit_error', 'lock_seat_error', 'payment_in_progress']).toContain(r.json().code);
    }
    expect(await approvedCharges()).toHaveLength(before + 2);
    const orders = await t.db.kysely
      .selectFrom('order_tickets')
      .select('reservation_identifier')
      .where('presentation_id', '=', movie.id)
      .where('section_id', '=', seats2[0]!.sectionId)
      .where('x', '=', seats2[0]!.x)
      .where('y', '=', seats2[0]!.y)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('refuses a commit after the lock expired, charging nothing and writing no order', async () => {
    const me = visitor();
    const seats = await holdSeats(me, 1);
    const before = (await approvedCharges()).length;
    const orderCount = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ordersBefore = await orderCount();
    t.clock.advance(25 * 60_000); // the cinema's lock lives 24 minutes
    try {
      const res = await commit(t.app, me, crypto.randomUUID(), cartOf(seats));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'lock_seat_error', params: { seat: seats[0]!.key } });
    } finally {
      t.clock.advance(-25 * 60_000);
    }
    expect(await approvedCharges()).toHaveLength(before);
    expect(await orderCount()).toBe(ordersBefore);
  });

  it('keeps the seats held when the card is declined; a good card then buys them', async () => {
    const me = visitor();
    const seats = await holdSeats(me, 1);
    const declined = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      cartOf(seats, { creditcardInfo: { ...goodCard, number: SANDBOX_CARDS.decline } }),
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'errorResponse', params: { reason: 'declined' } });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seats-statusV2?presentationId=${movie.id}&venueTypeId=1&isReserved=1`,
      headers: { uuid: me },
    });
    expect(status.json().held).toContain(seats[0]!.key);
    const paid = await commit(t.app, me, crypto.randomUUID(), cartOf(seats));
    expect(paid.statusCode).toBe(200);
  });

  it('answers errorNoResponse and charges nothing when the acquirer does not answer', async () => {
    const me = visitor();
    const seats = await holdSeats(me, 1);
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      cartOf(seats, { creditcardInfo: { ...goodCard, number: SANDBOX_CARDS.unavailable } }),
    );
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('errorNoResponse');
  });

  it('applies the ticket rules: required combination, multiply factor, price level', async () => {
    const me = visitor();
    const seats = await holdSeats(me, 2);
    const child = groups.find((g) => g.id === 1)!.tickets.find((tk) => tk.code === 'CHD')!;
    const student = groups.find((g) => g.id === 1)!.tickets.find((tk) => tk.code === 'STU')!;
    const sofaCouple = groups.find((g) => g.id === 3)!.tickets.find((tk) => tk.multiplyFactor === 2)!;
    const withTickets = (ids: number[]) => {
      const body = cartOf(seats);
      body.cart.seats = body.cart.seats!.map((s, i) => ({ ...s, ticketId: ids[i]! }));
      return body;
    };
    const onlyChildren = await commit(t.app, me, crypto.randomUUID(), withTickets([child.id, child.id]));
    expect(onlyChildren.json()).toMatchObject({ code: 'ticket_required_combination', statusCode: 409 });
    const wrongGroup = await commit(t.app, me, crypto.randomUUID(), withTickets([sofaCouple.id, child.id]));
    expect(wrongGroup.json().code).toBe('ticket_not_in_group');
    const fine = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      withTickets([student.id, ticketOf(seats[1]!).id]),
    );
    expect(fine.statusCode).toBe(200);
    expect(fine.json().order.totals.tickets).toBe(student.price + ticketOf(seats[1]!).price);
  });

  it('sells a sofa only whole, and a couple ticket only on both its seats', async () => {
    const me = visitor();
    const sofa = freeSofas(await planSeatsOf(t.app, movie))[0]!;
    const couple = groups.find((g) => g.id === 3)!.tickets.find((tk) => tk.multiplyFactor === 2)!;
    const [a, b] = [sofa[0]!, sofa[1]!];
    for (const s of [a, b]) expect((await lock(t.app, me, lockBody(movie, s))).statusCode).toBe(200);
    const seat = (s: FreeSeat) => ({
      pi: movie.id,
      si: s.sectionId,
      x: s.x,
      y: s.y,
      tg: 3,
      ticketId: couple.id,
    });
    const one = await commit(t.app, me, crypto.randomUUID(), {
      cart: { ...cartOf([]).cart, seats: [seat(a)] },
    });
    expect(one.json()).toMatchObject({ code: 'sofa_together_error', statusCode: 409 });
    const both = await commit(t.app, me, crypto.randomUUID(), {
      cart: { ...cartOf([]).cart, seats: [seat(a), seat(b)] },
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().order.totals.tickets).toBe(couple.price);
    expect(both.json().order.tickets.map((x: { isSubTicket: boolean }) => x.isSubTicket)).toEqual([
      false,
      true,
    ]);
  });

  it('checks the customer form, the card and the idempotency key', async () => {
    const me = visitor();
    const seats = await holdSeats(me, 1);
    const cases: [Partial<CommitBody['cart']>, string, number][] = [
      // The customer form: formValidation naming the fields (checkout.customerForm.test.ts: every rule).
      [{ customerInfo: { ...customer, email: '' } }, 'formValidation', 400],
      [{ customerInfo: { ...customer, email: 'not-an-email' } }, 'formValidation', 400],
      [{ customerInfo: { ...customer, mobileNumber: '03-1234567' } }, 'formValidation', 400],
      [{ customerInfo: { ...customer, termsAccepted: false } }, 'formValidation', 400],
      [{ creditcardInfo: { ...goodCard, number: '4111111111111112' } }, 'card_number_invalid', 400],
      [{ creditcardInfo: { ...goodCard, expiry: '10/26' } }, 'card_expiry_invalid', 400],
      [{ creditcardInfo: { ...goodCard, cvv: '12' } }, 'card_cvv_invalid', 400],
      [{ creditcardInfo: { ...goodCard, holderId: '123456789' } }, 'invalid_ssn', 400],
      [{ creditcardInfo: undefined }, 'field_required', 400],
      [{ numberOfPayments: 5 }, 'number_of_payments_invalid', 400],
      [{ products: [{ id: 6, presentationId: movie.id, selectedQuantity: 1 }] }, 'product_not_offered', 409],
      [{ vouchers: [{ id: 1, priceId: 11, quantity: 1 }] }, 'voucher_cart_exclusive', 409],
      [{ products: [{ id: 20, selectedQuantity: 1 }] }, 'product_not_offered', 409],
      [{ memberships: [{ id: 1, priceId: 101 }] }, 'membership_cart_exclusive', 409],
      [
        { donations: [{ id: 99, donationDetails: { id: 11, amount: 1800, selectedQuantity: 1 } }] },
        'donation_not_for_sale',
        409,
      ],
    ];
    for (const [extra, code, status] of cases) {
      const res = await commit(t.app, me, crypto.randomUUID(), cartOf(seats, extra));
      expect({ code: res.json().code, status: res.statusCode }, JSON.stringify(extra)).toEqual({
        code,
        status,
      });
    }
    const noKey = await commit(t.app, me, null, cartOf(seats));
    expect(noKey.statusCode).toBe(400);
    expect((await approvedCharges()).some((c) => c.last4 === '1111' && c.amount === 0)).toBe(false);
  });

  it('never stores the card number or the CVV', async () => {
    const me = visitor();
    const seats = await holdSeats(me, 1);
    const card = { number: '5555 5555 5555 4444', expiry: '01/30', cvv: '987', holderId: '000000018' };
    expect(
      (await commit(t.app, me, crypto.randomUUID(), cartOf(seats, { creditcardInfo: card }))).statusCode,
    ).toBe(200);
    for (const table of [
      'order_payments',
      'commit_attempts',
      'orders',
      'customers',
      'carts',
      'sandbox_transactions',
      'sandbox_tokens',
    ] as const) {
      const rows = JSON.stringify(await t.db.kysely.selectFrom(table).selectAll().execute());
      expect(rows).not.toContain('5555555555554444');
      expect(rows).not.toContain('5555 5555 5555 4444');
      // A column or field named cvv, or the code itself; random ids may hold the letters "cvv" by chance.
      expect(rows).not.toMatch(/"987"|"cvv"|\bcvv\b/i);
    }
  });

  it('extends a cart’s locks once', async () => {
    const me = visitor();
    await holdSeats(me, 1);
    const extend = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/seats/extend-lock',
        headers: { uuid: me },
        payload: { presentationId: movie.id },
      });
    const first = await extend();
    expect(first.statusCode).toBe(200);
    expect(first.json().seats).toBe(1);
    const second = await extend();
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('lock_extension_used');
  });

  it('answers 404 for an unknown e-ticket key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/edocument/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('order_not_found');
  });
});
