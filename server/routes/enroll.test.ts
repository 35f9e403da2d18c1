import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { errorOf, loginByEmail } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import {
  enrolLock,
  enrolmentOf,
  freeAcross,
  lockBodyOf,
  lockedOk,
  OPTIONAL,
  REQUIRED,
  SEASON_ID,
  seatFromKey,
  type SeatPick,
} from '../services/enrolment/testing.ts';
import type { EnrolmentMembership } from '../../src/api/contract/enrolment.ts';

const [DANA, AVI] = DEMO_CUSTOMERS;
const CHOSEN = [OPTIONAL[0]!, OPTIONAL[2]!];
const ALL = [...REQUIRED, ...CHOSEN].sort((a, b) => a - b);

describe.each(dialects)('season enrolment seats on %s', (dialect) => {
  let t: TestApp;
  let m: EnrolmentMembership;
  /** Free seats of the tariff's level in every presentation; each test takes its own. */
  let pool: SeatPick[];
  const take = () => pool.shift()!;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    m = await enrolmentOf(t.app, 'SEASON-2027');
    const { free } = await freeAcross(t.app, m.MembershipId, [...REQUIRED, ...OPTIONAL]);
    pool = [...free].filter(([, tg]) => tg === 22).map(([k]) => seatFromKey(k, 22));
  });
  afterAll(async () => t?.close());

  it('answers the enrolment membership by code and by id with the spec’s names', async () => {
    expect(m).toMatchObject({
      MembershipId: SEASON_ID,
      SeasonId: 2,
      IsSkipMemberSeat: false,
      IsPricingPerTicket: true,
      DefaultTicketGroupId: 22,
      optionalChoices: 2,
      previousSeat: null,
      alreadyEnrolled: false,
    });
    expect(m.Presentations.map((p) => [p.PresentationId, p.IsRequired])).toEqual([
      ...REQUIRED.map((id) => [id, true]),
      ...OPTIONAL.map((id) => [id, false]),
    ]);
    expect(m.TicketGroups.map((g) => g.TicketGroupId)).toEqual([21, 22, 23]);
    expect(m.PresentationDetail).toContainEqual(
      expect.objectContaining({
        PresentationId: 8006,
        TicketGroupId: 22,
        TicketId: 2201,
        IsPriceOverride: true,
        Price: 20000,
      }),
    );
    expect((await enrolmentOf(t.app, SEASON_ID)).code).toBe('SEASON-2027');
    const flex = await enrolmentOf(t.app, 'SEASON-FLEX');
    expect(flex).toMatchObject({ IsSkipMemberSeat: true, IsPricingPerTicket: false, Price: 160000 });
  });

  it('refuses with GENERAL_ERROR what is no enrolment membership for sale', async () => {
    for (const which of ['FRIENDS', '1', '3', 'NOPE', '999'])
      expect(errorOf(await t.app.inject({ method: 'GET', url: `/api/enroll/${which}` })).code).toBe(
        'GENERAL_ERROR',
      );
  });

  it('offers a returning subscriber last season’s seat first', async () => {
    const dana = await loginByEmail(t.app, DANA);
    const mine = await enrolmentOf(t.app, 'SEASON-2027', dana);
    expect(mine.previousSeat).toEqual(expect.objectContaining({ sectionId: expect.any(Number) }));
    const avi = await loginByEmail(t.app, AVI);
    expect((await enrolmentOf(t.app, 'SEASON-2027', avi)).previousSeat).toBeNull();
  });

  it('sends the season’s plan', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/enroll/${SEASON_ID}/seatplan` });
    expect(res.statusCode).toBe(200);
    const plain = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seatplanV2?venueId=${m.venueId}&seatplanId=${m.seatplanId}`,
    });
    expect(res.body).toBe(plain.body);
    expect(errorOf(await t.app.inject({ method: 'GET', url: '/api/enroll/1/seatplan' })).code).toBe(
      'GENERAL_ERROR',
    );
  });

  it('holds the fixed seat in every presentation, and lets go of it', async () => {
    const me = visitor();
    const seat = take();
    const a = await lockedOk(await enrolLock(t.app, me, m, lockBodyOf(m, seat, CHOSEN)));
    expect(a.taken).toEqual([]);
    expect(a.selections.map((s) => s.presentationId)).toEqual(ALL);
    expect(
      a.selections.every((s) => s.sectionId === seat.sectionId && s.x === seat.x && s.y === seat.y),
    ).toBe(true);
    const key = `${seat.sectionId}_${seat.x}_${seat.y}`;
    expect((await freeAcross(t.app, SEASON_ID, ALL, me)).held).toEqual([key]);
    expect((await freeAcross(t.app, SEASON_ID, ALL)).free.has(key)).toBe(false);
    // Other choices move the optional seats; the required ones stay.
    const b = await lockedOk(
      await enrolLock(t.app, me, m, lockBodyOf(m, seat, [OPTIONAL[1]!, OPTIONAL[3]!])),
    );
    expect(b.selections.map((s) => s.presentationId)).toEqual([...REQUIRED, OPTIONAL[1], OPTIONAL[3]]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/enroll/${SEASON_ID}/unlock-seat`,
      headers: { uuid: me },
      payload: { venueId: m.venueId, seatplanId: m.seatplanId, seasonId: m.SeasonId },
    });
    expect(res.json()).toMatchObject({ selections: [] });
    expect((await freeAcross(t.app, SEASON_ID, ALL)).free.has(key)).toBe(true);
  });

  it('is all or nothing under concurrency: one subscriber gets every presentation, the other none', async () => {
    for (let round = 0; round < 12; round++) {
      const seat = take();
      const [a, b] = [visitor(), visitor()];
      const answers = await Promise.all([
        enrolLock(t.app, a, m, lockBodyOf(m, seat, CHOSEN)),
        enrolLock(t.app, b, m, lockBodyOf(m, seat, CHOSEN)),
      ]);
      const held = answers.map((r) =>
        r.statusCode === 200 ? (r.json() as { selections: unknown[] }).selections.length : 0,
      );
      expect(held.sort(), `round ${round}: ${answers.map((r) => r.body).join(' | ')}`).toEqual([
        0,
        ALL.length,
      ]);
      const rows = await t.db.kysely
        .selectFrom('seat_holds')
        .select(['visitor'])
        .where('presentation_id', 'in', ALL)
        .where('section_id', '=', seat.sectionId)
        .where('x', '=', seat.x)
        .where('y', '=', seat.y)
        .execute();
      expect(rows).toHaveLength(ALL.length);
      expect(new Set(rows.map((r) => r.visitor)).size).toBe(1);
    }
  });

  it('where the seat is taken, holds it elsewhere and proposes the nearest free seat of its level there', async () => {
    const seat = take();
    const other = visitor();
    await lockedOk(await enrolLock(t.app, other, m, lockBodyOf(m, seat, CHOSEN, 8003)));
    const me = visitor();
    const a = await lockedOk(await enrolLock(t.app, me, m, lockBodyOf(m, seat, CHOSEN)));
    expect(a.taken).toEqual([
      { presentationId: 8003, proposal: expect.objectContaining({ ticketGroupId: 22 }) },
    ]);
    expect(a.selections.map((s) => s.presentationId)).toEqual(ALL.filter((id) => id !== 8003));
    const proposal = a.taken[0]!.proposal!;
    expect([proposal.sectionId, proposal.x, proposal.y]).not.toEqual([seat.sectionId, seat.x, seat.y]);
    // The customer confirms the proposal: a seat for that one presentation.
    const b = await lockedOk(await enrolLock(t.app, me, m, lockBodyOf(m, proposal, CHOSEN, 8003)));
    expect(b.selections).toHaveLength(ALL.length);
    expect(b.selections.find((s) => s.presentationId === 8003)).toMatchObject({
      x: proposal.x,
      y: proposal.y,
    });
    // A seat of another price level is refused.
    const cheap = [...(await freeAcross(t.app, SEASON_ID, [8003])).free].find(([, tg]) => tg === 23)!;
    const wrong = { ...seatFromKey(cheap[0], 23), ticketGroupId: 22 };
    expect(errorOf(await enrolLock(t.app, me, m, lockBodyOf(m, wrong, CHOSEN, 8003))).code).toBe(
      'lock_seat_error',
    );
  });

  it('counts the optional choices', async () => {
    const me = visitor();
    const seat = pool[0]!;
    for (const optional of [[], [OPTIONAL[0]!], [...OPTIONAL], [OPTIONAL[0]!, OPTIONAL[0]!], [8001, 8007]]) {
      const res = await enrolLock(t.app, me, m, lockBodyOf(m, seat, optional));
      expect(errorOf(res)).toEqual({ status: 400, code: 'enrolment_choice_count', params: { count: 2 } });
    }
    const wrongSeason = { ...lockBodyOf(m, seat, CHOSEN), seasonId: 1 };
    expect(errorOf(await enrolLock(t.app, me, m, wrongSeason)).code).toBe('formValidation');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/enroll/${SEASON_ID}/lock-seat`,
      payload: lockBodyOf(m, seat, CHOSEN),
    });
    expect(errorOf(anonymous).code).toBe('visitor_required');
  });

  it('refuses ALREADY_ENROLLED to a customer with an enrolment in the season', async () => {
    const avi = await loginByEmail(t.app, AVI);
    const customerId = (
      await t.db.kysely
        .selectFrom('customers')
        .select('id')
        .where('email_key', '=', AVI.email)
        .executeTakeFirstOrThrow()
    ).id;
    await t.db.kysely
      .insertInto('enrolments')
      .values({
        id: 'test-enrolled',
        reservation_identifier: null,
        membership_id: SEASON_ID,
        season_id: 2,
        customer_id: customerId,
        section_id: 1,
        x: 1,
        y: 1,
        ticket_group_id: 22,
        ticket_id: 2201,
        state: 'valid',
        created_at: 0,
      })
      .execute();
    expect((await enrolmentOf(t.app, SEASON_ID, avi)).alreadyEnrolled).toBe(true);
    const res = await enrolLock(t.app, visitor(), m, lockBodyOf(m, take(), CHOSEN), avi);
    expect(errorOf(res)).toMatchObject({ code: 'ALREADY_ENROLLED' });
    await t.db.kysely.deleteFrom('enrolments').where('id', '=', 'test-enrolled').execute();
  });
});
