import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { PresentationWithCodesSchema, type TicketCodeResult } from '../../src/api/contract/vouchers.ts';
import { TG } from '../seed/catalogue.ts';
import { VOUCHER_CLASS } from '../seed/vouchersForSale.ts';
import type { CaptchaVerifier } from '../services/customers/captcha.ts';
import { commit, errorOf, ticketGroupsOf } from '../testing/checkout.ts';
import { expectError, lockAll } from '../testing/checkoutScenarios.ts';
import { listPresentations, type PlanSeatInfo, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import {
  addTicketVoucher,
  type CodeSeat,
  codeCart,
  codeLookup,
  codeTicketId,
} from '../testing/ticketCodes.ts';

const HEVER = '458012345678';
const TEACHERS = '77123456';

describe.each(dialects)('ticket codes on %s', (dialect) => {
  let t: TestApp;
  /** A cinema showing with regular and premium price levels (hall 3), and an orchestra concert. */
  let movie: PresentationSummary;
  let concert: PresentationSummary;
  let groups: TicketGroup[];
  let pool: PlanSeatInfo[];

  const codesOf = async (p: PresentationSummary, codes: string) => {
    const res = await codeLookup(t.app, p.id, codes);
    expect(res.statusCode, res.body).toBe(200);
    return PresentationWithCodesSchema.parse(res.json()).ticketCodes!;
  };
  const ids = (r: TicketCodeResult) => r.tickets.map((c) => [c.ticketGroupId, c.ticket.id, c.ticket.price]);
  /** Commits `n` fresh regular seats of the movie with these tickets; answers the response. */
  const buy = async (lines: Omit<CodeSeat, 'seat'>[]) => {
    const me = visitor();
    const seats = pool.splice(0, lines.length);
    await lockAll(t.app, me, movie, seats);
    const body = codeCart(
      movie,
      groups,
      lines.map((l, i) => ({ ...l, seat: seats[i]! })),
    );
    return commit(t.app, me, crypto.randomUUID(), body);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const all = await listPresentations(t.app);
    movie = all.find((p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 13)!;
    concert = all.find((p) => p.category === 'orchestra' && p.saleStatus === 'open')!;
    groups = await ticketGroupsOf(t.app, movie);
    pool = (await plainFreeSeats(t.app, movie)).filter((s) => s.ticketGroupId === TG.cinemaRegular);
  });
  afterAll(async () => t?.close());

  it('answers the presentation with what each kind of code unlocks, fresh and never cached', async () => {
    const res = await codeLookup(
      t.app,
      movie.id,
      ` movie2-sandbox, FRIENDS26 ,${HEVER},${TEACHERS},gift-150-sandbox`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const answer = PresentationWithCodesSchema.parse(res.json());
    expect(answer).toMatchObject({ id: movie.id, title: movie.title, businessDate: movie.businessDate });
    const [voucher, friends, hever, teachers, gift] = answer.ticketCodes!;
    const both = (kind: Parameters<typeof codeTicketId>[1], price: (g: number) => number) =>
      [TG.cinemaRegular, TG.cinemaPremium].map((g) => [g, codeTicketId(g, kind), price(g)]);
    expect(voucher).toMatchObject({ code: 'MOVIE2-SANDBOX', kind: 'voucher', uses: 2, balance: null });
    expect(voucher!.name.en).toBe('Two movie tickets');
    expect(voucher!.endDate).not.toBeNull();
    expect(ids(voucher!)).toEqual(both('twoMovies', () => 0));
    expect(friends).toMatchObject({ code: 'FRIENDS26', kind: 'priceCode', uses: null, endDate: null });
    expect(ids(friends!)).toEqual(both('friends', () => 3000));
    expect(hever).toMatchObject({ code: HEVER, kind: 'partnerCard', name: { en: 'Hever' } });
    expect(ids(hever!)).toEqual(both('hever', (g) => (g === TG.cinemaRegular ? 3400 : 5200)));
    expect(hever!.tickets[0]).toMatchObject({
      ticket: { ref1prompt: "Card holder's ID number", ref2prompt: null },
      ref1: { label: { en: "Card holder's ID number" }, options: null, pattern: '^\\d{9}$' },
      ref2: null,
    });
    expect(teachers).toMatchObject({ kind: 'partnerCard', name: { en: "Teachers' union" } });
    expect(teachers!.tickets[0]!.ref1).toMatchObject({
      label: { en: 'District' },
      options: ['North', 'Center', 'South', 'Jerusalem'],
      pattern: null,
    });
    expect(gift).toEqual({
      code: 'GIFT-150-SANDBOX',
      kind: 'giftCard',
      name: expect.objectContaining({ en: 'Gift card' }),
      uses: null,
      balance: 15_000,
      endDate: expect.any(String),
      tickets: [],
    });
    // Without codes the hot answer is the plain presentation, as before.
    const plain = await t.app.inject({ method: 'GET', url: `/api/presentations/${movie.id}` });
    expect(plain.json()).not.toHaveProperty('ticketCodes');
    expect(plain.headers.etag).toBeDefined();
  });

  it('keeps hidden tickets out of the ticket groups and the board’s lowest price', async () => {
    const hidden = new Set(
      [TG.cinemaRegular, TG.cinemaPremium].flatMap((g) =>
        (['cinemaVoucher', 'twoMovies', 'hever', 'teachers', 'friends'] as const).map((k) =>
          codeTicketId(g, k),
        ),
      ),
    );
    const listed = groups.flatMap((g) => g.tickets);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((tk) => hidden.has(tk.id))).toEqual([]);
    // All in: the demo cinema's ₪5 handling fee on each ticket without a fee of its own.
    const lowest = Math.min(
      ...listed.filter((tk) => tk.multiplyFactor === 1).map((tk) => tk.price + (tk.serviceCharge || 500)),
    );
    expect(movie.minPrice).toBe(lowest);
    expect(movie.minPrice).toBeGreaterThan(0);
  });

  it('unlocks a dated voucher’s ticket only at a presentation of its date', async () => {
    const concerts = (await listPresentations(t.app)).filter(
      (p) => p.category === 'orchestra' && p.saleStatus === 'open',
    );
    const [first, other] = concerts;
    const dated = await addTicketVoucher(t, {
      classId: VOUCHER_CLASS.newYearConcert,
      validDate: first!.businessDate,
    });
    const [result] = await codesOf(first!, dated);
    expect(result).toMatchObject({ kind: 'voucher', uses: 1 });
    expect(result!.tickets.map((c) => c.ticket.id)).toEqual(
      [TG.orchestraA, TG.orchestraB, TG.orchestraC].map((g) => codeTicketId(g, 'newYear')),
    );
    expectError(await codeLookup(t.app, other!.id, dated), 409, 'ticketNotFound');
  });

  it('answers each code’s error with the code, and fails the call on the first bad code', async () => {
    const cancelled = await addTicketVoucher(t, { state: 'cancelled' });
    const replaced = await addTicketVoucher(t, { isForReplacement: true });
    const cases: [PresentationSummary, string, number, string][] = [
      [movie, 'NO-SUCH-CODE', 404, 'codeNotFound'],
      [movie, '4580123', 404, 'codeNotFound'],
      [concert, 'FRIENDS26', 409, 'ticketNotFound'],
      [concert, 'MOVIE1-SANDBOX', 409, 'ticketNotFound'],
      [concert, HEVER, 409, 'ticketNotFound'],
      [movie, 'MOVIE-USED-SANDBOX', 409, 'voucherBalance'],
      [movie, 'MOVIE-OLD-SANDBOX', 409, 'voucherExpired'],
      [movie, cancelled, 409, 'SYSTEM_VOUCHER_NOT_ACTIVE'],
      [movie, replaced, 409, 'SYSTEM_VOUCHER_NOT_ACTIVE'],
      [movie, 'GIFT-EMPTY-SANDBOX', 409, 'voucherBalance'],
      [movie, 'GIFT-EXPIRED-SANDBOX', 409, 'voucherExpired'],
      [movie, 'MOVIE2-SANDBOX,NO-SUCH-CODE', 404, 'codeNotFound'],
    ];
    for (const [p, codes, status, code] of cases) {
      const params = expectError(await codeLookup(t.app, p.id, codes), status, code);
      expect(params.code).toBe(codes.split(',').at(-1)!.toUpperCase());
    }
    expectError(await codeLookup(t.app, movie.id, 'FRIENDS26', { uuid: null }), 400, 'visitor_required');
  });

  it('answers getTicket when every ticket a code unlocks is sold out', async () => {
    const friends = [TG.cinemaRegular, TG.cinemaPremium].map((g) => codeTicketId(g, 'friends'));
    await t.db.kysely.updateTable('tickets').set({ quota: 0 }).where('id', 'in', friends).execute();
    try {
      expectError(await codeLookup(t.app, movie.id, 'FRIENDS26'), 409, 'getTicket');
    } finally {
      await t.db.kysely.updateTable('tickets').set({ quota: null }).where('id', 'in', friends).execute();
    }
  });

  it('answers autoApplyVoucherRequired for a gift card where the order’s voucher payments are off', async () => {
    const block = t.app.deps.settings.customerInfo.order;
    block.isVoucherPaymentEnabled = false;
    try {
      expectError(await codeLookup(t.app, movie.id, 'GIFT-150-SANDBOX'), 409, 'autoApplyVoucherRequired');
      // A ticket voucher is not a payment: it still unlocks its tickets.
      expect((await codesOf(movie, 'MOVIE1-SANDBOX'))[0]).toMatchObject({ kind: 'voucher' });
    } finally {
      block.isVoucherPaymentEnabled = true;
    }
  });

  describe('in the commit', () => {
    const regular = (kind: Parameters<typeof codeTicketId>[1]) => codeTicketId(TG.cinemaRegular, kind);

    it('refuses a hidden ticket without its code, or with a code that unlocks another', async () => {
      for (const line of [
        { ticketId: regular('friends') },
        { ticketId: regular('friends'), ticketCode: 'MOVIE1-SANDBOX' },
        { ticketId: regular('hever'), ticketCode: TEACHERS, ref1: 'North' },
      ]) {
        const res = await buy([line]);
        expect(errorOf(res)).toMatchObject({ status: 409, code: 'ticket_not_in_group' });
      }
    });

    it('answers a code’s own error in the commit', async () => {
      const res = await buy([{ ticketId: regular('cinemaVoucher'), ticketCode: 'MOVIE-OLD-SANDBOX' }]);
      expect(errorOf(res)).toEqual({
        status: 409,
        code: 'voucherExpired',
        params: { code: 'MOVIE-OLD-SANDBOX' },
      });
    });

    it('checks the references a partner price asks for', async () => {
      const hever = regular('hever');
      const teachers = regular('teachers');
      const cases: [Omit<CodeSeat, 'seat'>, string][] = [
        [{ ticketId: hever, ticketCode: HEVER }, 'refPromptOptError'],
        [{ ticketId: hever, ticketCode: HEVER, ref1: '  ' }, 'refPromptOptError'],
        [{ ticketId: hever, ticketCode: HEVER, ref1: '12345' }, 'refPromptOptError'],
        [{ ticketId: teachers, ticketCode: TEACHERS, ref1: 'Eilat' }, 'refPromptOptNotFound'],
      ];
      for (const [line, code] of cases)
        expect(errorOf(await buy([line]))).toEqual({
          status: 400,
          code,
          params: { ticketId: line.ticketId, ref: 'ref1' },
        });
    });

    it('sells a partner price with a valid reference, and a hidden price with its code, at their prices', async () => {
      const res = await buy([
        { ticketId: regular('hever'), ticketCode: HEVER, ref1: '123456789' },
        { ticketId: regular('teachers'), ticketCode: TEACHERS, ref1: 'north' },
        { ticketId: regular('friends'), ticketCode: 'friends26' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const rid = res.json().reservationIdentifier as string;
      const order = await t.db.kysely
        .selectFrom('orders')
        .select(['state', 'tickets_total', 'service_charge_total'])
        .where('reservation_identifier', '=', rid)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({
        state: 'paid',
        tickets_total: 3400 + 3200 + 3000,
        service_charge_total: 3 * 500,
      });
      const rows = await t.db.kysely
        .selectFrom('order_tickets')
        .select(['ticket_id', 'price', 'ticket_code', 'ref1', 'ref2', 'state'])
        .where('reservation_identifier', '=', rid)
        .orderBy('sort')
        .execute();
      expect(rows).toEqual([
        {
          ticket_id: regular('hever'),
          price: 3400,
          ticket_code: HEVER,
          ref1: '123456789',
          ref2: null,
          state: 'valid',
        },
        {
          ticket_id: regular('teachers'),
          price: 3200,
          ticket_code: TEACHERS,
          ref1: 'North',
          ref2: null,
          state: 'valid',
        },
        {
          ticket_id: regular('friends'),
          price: 3000,
          ticket_code: 'FRIENDS26',
          ref1: null,
          ref2: null,
          state: 'valid',
        },
      ]);
    });

    it('keeps the ticket rules with hidden tickets: a child ticket still needs a regular one', async () => {
      const child = groups.find((g) => g.id === TG.cinemaRegular)!.tickets.find((tk) => tk.code === 'CHD')!;
      const res = await buy([
        { ticketId: regular('friends'), ticketCode: 'FRIENDS26' },
        { ticketId: child.id },
      ]);
      expect(errorOf(res)).toMatchObject({ status: 409, code: 'ticket_required_combination' });
    });
  });
});

describe.each(dialects)('ticket-code lookups guarded on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const movieOf = async (app: TestApp['app']) =>
    (await listPresentations(app)).find((p) => p.category === 'movie' && p.saleStatus === 'open')!;

  it('verifies the captcha when one is configured (recaptcha), failing closed', async () => {
    const captcha: CaptchaVerifier = {
      enabled: true,
      verify: async (token) => {
        if (token === 'broken') throw new Error('verifier unreachable');
        return token === 'human';
      },
    };
    t = await createTestApp(dialect, { captcha });
    const movie = await movieOf(t.app);
    for (const token of [undefined, 'robot', 'broken'])
      expectError(await codeLookup(t.app, movie.id, 'FRIENDS26', { token }), 400, 'recaptcha');
    expect((await codeLookup(t.app, movie.id, 'FRIENDS26', { token: 'human' })).statusCode).toBe(200);
    // The plain presentation asks for no captcha.
    expect((await t.app.inject({ method: 'GET', url: `/api/presentations/${movie.id}` })).statusCode).toBe(
      200,
    );
  });

  it('limits code lookups per visitor and per address (too_many_attempts with Retry-After)', async () => {
    t = await createTestApp(dialect, {
      env: { LIMIT_CODES_PER_MINUTE_PER_VISITOR: '3', LIMIT_CODES_PER_MINUTE_PER_ADDRESS: '5' },
    });
    const movie = await movieOf(t.app);
    const me = visitor();
    const address = '198.51.100.9';
    const lookup = (uuid: string, from = address) =>
      codeLookup(t!.app, movie.id, 'NO-SUCH-CODE', { uuid, address: from });
    for (let i = 0; i < 3; i++) expectError(await lookup(me), 404, 'codeNotFound');
    const over = await lookup(me);
    expectError(over, 429, 'too_many_attempts');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor at the same address has one left of the address's five (a refused call counts too).
    const other = visitor();
    expectError(await lookup(other), 404, 'codeNotFound');
    expectError(await lookup(other), 429, 'too_many_attempts');
    expectError(await lookup(visitor()), 429, 'too_many_attempts');
    // Elsewhere, and a minute later, lookups go on; the plain presentation was never limited.
    expectError(await lookup(visitor(), '198.51.100.10'), 404, 'codeNotFound');
    expect((await t.app.inject({ method: 'GET', url: `/api/presentations/${movie.id}` })).statusCode).toBe(
      200,
    );
    t.clock.advance(60_000);
    expectError(await lookup(me), 404, 'codeNotFound');
  });
});
