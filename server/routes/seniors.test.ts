import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { TicketCodeResultSchema } from '../../src/api/contract/vouchers.ts';
import { isValidIsraeliId } from '../../src/domain/validation.ts';
import { TG } from '../seed/catalogue.ts';
import { seniorTicketId } from '../seed/seniorTickets.ts';
import {
  DEMO_SENIOR_PEOPLE,
  SandboxSeniorRegistry,
  UNAVAILABLE_ID,
} from '../services/seniors/sandboxRegistry.ts';
import { commit, errorOf, goodCard, ticketGroupsOf } from '../testing/checkout.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import { lockAll } from '../testing/checkoutScenarios.ts';
import { type PlanSeatInfo, listPresentations, planSeatsOf } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { codeCart } from '../testing/ticketCodes.ts';

/** A valid ID number (check digit) for each 8-digit prefix: fresh senior people for each test. */
const validId = (prefix: string) => [...'0123456789'].map((d) => prefix + d).find(isValidIsraeliId)!;
const SENIOR = '039756218';
const NOT_SENIOR = '024681355';
const seniors = Array.from({ length: 20 }, (_, i) => validId(String(31000000 + i).padStart(8, '0')));
const people = { ...DEMO_SENIOR_PEOPLE, ...Object.fromEntries(seniors.map((id) => [id, '1950-01-01'])) };
let nextSenior = 0;
const freshSenior = () => seniors[nextSenior++]!;

/**
 * Whole runs of exactly `n` free plain level-B seats (the concert hall keeps no lone seat free): buying a
 * whole run never leaves a gap, whatever else is sold around it.
 */
function runsOf(rows: PlanSeatInfo[][], n: number): PlanSeatInfo[][] {
  const runs: PlanSeatInfo[][] = [];
  for (const row of rows) {
    let run: PlanSeatInfo[] = [];
    for (const s of [...row, null]) {
      if (s?.free) run.push(s);
      else {
        const plain = run.every(
          (r) => r.ticketGroupId === TG.orchestraB && !r.sofa && !r.handicap && !r.companion && !r.premium,
        );
        if (run.length === n && plain && run.every((r) => !r.limitedView)) runs.push(run);
        run = [];
      }
    }
  }
  return runs;
}

function seniorLookup(t: TestApp, presentationId: number, idNumber: unknown, uuid = visitor()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/presentations/${presentationId}/senior-lookup`,
    headers: { uuid },
    payload: { idNumber } as object,
  });
}

describe.each(dialects)('senior-citizen prices on %s', (dialect) => {
  let t: TestApp;
  let down = false;
  let concert: PresentationSummary;
  let movie: PresentationSummary;
  let groups: TicketGroup[];
  let pools: Map<number, PlanSeatInfo[][]>;
  const seniorId = seniorTicketId(TG.orchestraB);

  /** Holds `n` fresh level-B seats of the concert and commits them on senior tickets with this ID. */
  const buy = async (
    n: number,
    idNumber: string | undefined,
    ticketId = seniorId,
    card: string = goodCard.number,
  ) => {
    const me = visitor();
    const seats = pools.get(n)!.shift()!;
    await lockAll(t.app, me, concert, seats);
    const body = codeCart(
      concert,
      groups,
      seats.map((seat) => ({ seat, ticketId, ticketCode: idNumber })),
      { creditcardInfo: { ...goodCard, number: card } },
    );
    return commit(t.app, me, crypto.randomUUID(), body);
  };
  const unlock = async (idNumber: string) => {
    const res = await seniorLookup(t, concert.id, idNumber);
    expect(res.statusCode, res.body).toBe(200);
    return TicketCodeResultSchema.parse(res.json());
  };

  beforeAll(async () => {
    const registry = new SandboxSeniorRegistry({ delayMs: 5, people, isDown: () => down });
    t = await createTestApp(dialect, { seniorRegistry: registry });
    const all = await listPresentations(t.app);
    concert = all.find((p) => p.category === 'orchestra' && p.saleStatus === 'open')!;
    movie = all.find((p) => p.category === 'movie' && p.saleStatus === 'open')!;
    groups = await ticketGroupsOf(t.app, concert);
    const rows = await planSeatsOf(t.app, concert);
    pools = new Map([1, 2].map((n) => [n, runsOf(rows, n)]));
  });
  afterAll(async () => t?.close());

  it('unlocks the senior price with a registered senior ID, and sells it at that price', async () => {
    const code = await unlock(' 03975-6218 ');
    expect(code).toMatchObject({ code: SENIOR, kind: 'senior', uses: 2, balance: null });
    expect(code.tickets.map((c) => [c.ticketGroupId, c.ticket.id, c.ticket.price])).toEqual([
      [TG.orchestraA, seniorTicketId(TG.orchestraA), 11200],
      [TG.orchestraB, seniorId, 7600],
      [TG.orchestraC, seniorTicketId(TG.orchestraC), 4800],
    ]);
    const res = await buy(1, SENIOR);
    expect(res.statusCode, res.body).toBe(200);
    const rid = res.json().reservationIdentifier as string;
    const tickets = await t.db.kysely
      .selectFrom('order_tickets')
      .select(['ticket_id', 'price', 'ticket_code'])
      .where('reservation_identifier', '=', rid)
      .execute();
    expect(tickets).toEqual([{ ticket_id: seniorId, price: 7600, ticket_code: null }]);
    // The ID number is kept only as a keyed hash.
    const uses = await t.db.kysely.selectFrom('senior_benefit_uses').selectAll().execute();
    const verified = await t.db.kysely.selectFrom('senior_verifications').selectAll().execute();
    expect(uses).toMatchObject([{ presentation_id: concert.id, seq: 1, reservation_identifier: rid }]);
    for (const row of [...uses, ...verified]) expect(JSON.stringify(row)).not.toContain('39756218');
    expect((await unlock(SENIOR)).uses).toBe(1);
  });

  it('refuses an ID number with a wrong check digit or format: invalidSSN', async () => {
    for (const bad of ['039756219', '12', 'abcdefghi', '0000000000000'])
      expect(errorOf(await seniorLookup(t, concert.id, bad))).toMatchObject({
        status: 400,
        code: 'invalidSSN',
      });
    expect(errorOf(await buy(1, '039756219'))).toMatchObject({ status: 400, code: 'invalidSSN' });
  });

  it('answers 4xx for a body that is not an ID number at all', async () => {
    for (const bad of [undefined, 39756218, 'x'.repeat(21)])
      expect((await seniorLookup(t, concert.id, bad)).statusCode).toBe(400);
  });

  it('refuses unknown and non-senior people, and a registry that fails, with seniorBenefitError', async () => {
    const refused = async (id: string) => errorOf(await seniorLookup(t, concert.id, id));
    expect(await refused(validId('09999999'))).toEqual({
      status: 409,
      code: 'seniorBenefitError',
      params: { reason: 'notFound' },
    });
    expect(await refused(NOT_SENIOR)).toMatchObject({
      code: 'seniorBenefitError',
      params: { reason: 'notSenior' },
    });
    expect(await refused(UNAVAILABLE_ID)).toMatchObject({
      status: 409,
      params: { reason: 'unavailable' },
    });
    down = true;
    try {
      expect(await refused(SENIOR)).toMatchObject({ status: 409, params: { reason: 'unavailable' } });
    } finally {
      down = false;
    }
  });

  it('answers seniorBenefitTicketNotFound where there is no senior price', async () => {
    expect(errorOf(await seniorLookup(t, movie.id, SENIOR))).toMatchObject({
      status: 409,
      code: 'seniorBenefitTicketNotFound',
    });
  });

  it('holds each ID to its senior tickets per presentation across orders', async () => {
    const id = freshSenior();
    await unlock(id);
    expect((await buy(1, id)).statusCode).toBe(200);
    expect(errorOf(await buy(2, id))).toEqual({
      status: 409,
      code: 'seniorBenefitBalance',
      params: { max: 2 },
    });
    expect((await buy(1, id)).statusCode).toBe(200);
    expect(errorOf(await seniorLookup(t, concert.id, id))).toMatchObject({ code: 'seniorBenefitBalance' });
    expect(errorOf(await buy(1, id))).toMatchObject({ code: 'seniorBenefitBalance' });
  });

  it('counts orders being paid, and gives a declined order’s tickets back', async () => {
    const id = freshSenior();
    await unlock(id);
    expect(errorOf(await buy(2, id, seniorId, SANDBOX_CARDS.decline))).toMatchObject({
      code: 'errorResponse',
    });
    expect((await unlock(id)).uses).toBe(2);
    const pending = await buy(2, id, seniorId, SANDBOX_CARDS.challenge);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({ status: 'action_required' });
    expect(errorOf(await seniorLookup(t, concert.id, id))).toMatchObject({ code: 'seniorBenefitBalance' });
  });

  it('lets only one of two orders racing for the same ID’s tickets have them', async () => {
    for (let round = 0; round < 3; round++) {
      const id = freshSenior();
      await unlock(id);
      const answers = await Promise.all([buy(2, id), buy(2, id)]);
      const outcomes = answers.map((r) => (r.statusCode === 200 ? 'won' : errorOf(r).code)).sort();
      expect(outcomes, answers.map((r) => r.body).join('\n')).toEqual(['seniorBenefitBalance', 'won']);
    }
  });

  it('refuses a senior ticket at the checkout without a looked-up senior ID', async () => {
    expect(errorOf(await buy(1, undefined))).toMatchObject({ status: 409, code: 'ticket_not_in_group' });
    // A valid ID number the registry was never asked about, and one it said is not a senior.
    const notVerified = { status: 409, code: 'seniorBenefitError', params: { reason: 'notVerified' } };
    expect(errorOf(await buy(1, freshSenior()))).toEqual(notVerified);
    await seniorLookup(t, concert.id, NOT_SENIOR);
    expect(errorOf(await buy(1, NOT_SENIOR))).toEqual(notVerified);
    // A senior ID does not unlock anything but senior tickets (a price code's ticket, say).
    const id = freshSenior();
    await unlock(id);
    expect(errorOf(await buy(1, id, TG.orchestraB * 100 + 52))).toMatchObject({ code: 'codeNotFound' });
  });
});

describe.each(dialects)('senior-citizen prices switched off on %s', (dialect) => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'seniors-off-'));

  beforeAll(async () => {
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ seniorCitizen: { isLookupEnabled: false } }));
    t = await createTestApp(dialect, { env: { SETTINGS_FILE: file } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the lookup and the senior tickets with seniorLookupDisabled', async () => {
    const concert = (await listPresentations(t.app)).find(
      (p) => p.category === 'orchestra' && p.saleStatus === 'open',
    )!;
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(settings.json()).toMatchObject({ seniorCitizen: { isLookupEnabled: false, maxTicketsPerId: 2 } });
    expect(errorOf(await seniorLookup(t, concert.id, SENIOR))).toMatchObject({
      status: 403,
      code: 'seniorLookupDisabled',
    });
    const groups = await ticketGroupsOf(t.app, concert);
    const seat = runsOf(await planSeatsOf(t.app, concert), 1)[0]![0]!;
    const me = visitor();
    await lockAll(t.app, me, concert, [seat]);
    const body = codeCart(concert, groups, [
      { seat, ticketId: seniorTicketId(TG.orchestraB), ticketCode: SENIOR },
    ]);
    expect(errorOf(await commit(t.app, me, crypto.randomUUID(), body))).toMatchObject({
      status: 403,
      code: 'seniorLookupDisabled',
    });
  });
});
