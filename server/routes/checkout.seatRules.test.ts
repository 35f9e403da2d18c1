import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitBody } from '../../src/api/contract/order.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { approvedCharges, commit, seatCart, ticketGroupsOf } from '../testing/checkout.ts';
import {
  expectError,
  lockAll,
  type PlanModel,
  planModelOf,
  rowCount,
  seatAt,
  seatLabel,
  statusOf,
  unlockAll,
  workerVerdict,
} from '../testing/checkoutScenarios.ts';
import {
  type FreeSeat,
  findPresentation,
  freeSofas,
  listPresentations,
  lock,
  lockBody,
  planSeatsOf,
  plainFreeSeats,
} from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

describe.each(dialects)('the seat rules the box office enforces on %s', (dialect) => {
  let t: TestApp;
  let musicHall: PresentationSummary;
  let model: PlanModel;

  /** Locks the seats for a fresh visitor and commits them as one cart paid by card. */
  async function buy(p: PresentationSummary, seats: FreeSeat[], extra: Partial<CommitBody['cart']> = {}) {
    const me = visitor();
    await lockAll(t.app, me, p, seats);
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      seatCart(p, await ticketGroupsOf(t.app, p), seats, extra),
    );
    return { me, res };
  }
  /** Expects the refusal, and that nothing was charged or written and the seats stay in the cart. */
  async function expectRefused(
    p: PresentationSummary,
    seats: FreeSeat[],
    code: string,
  ): Promise<Record<string, string | number>> {
    const [charges, orders] = [(await approvedCharges(t)).length, await rowCount(t, 'orders')];
    const { me, res } = await buy(p, seats);
    const params = expectError(res, 409, code);
    expect((await approvedCharges(t)).length).toBe(charges);
    expect(await rowCount(t, 'orders')).toBe(orders);
    expect((await statusOf(t.app, p, me)).held.sort()).toEqual(seats.map((s) => s.key).sort());
    await unlockAll(t.app, me, p, seats);
    return params;
  }
  /** Whether seat i of the plan model is free now (-1: no seat). */
  const isFree = (free: ReadonlySet<string>, i: number) => i >= 0 && free.has(model.keyOf(i));
  /** Free, and a plain seat (no flag). */
  const plainFree = (free: ReadonlySet<string>, i: number) => isFree(free, i) && model.data.flags[i] === 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    musicHall = await findPresentation(
      t.app,
      (p) => p.venueName.en === 'Music Hall' && p.saleStatus === 'open',
    );
    expect(musicHall.seatingPolicyId).toBe(3);
    model = await planModelOf(t.app, musicHall);
  });
  afterAll(async () => t?.close());

  it('sells a sofa only whole', async () => {
    const movie = await findPresentation(t.app, (p) => p.saleStatus === 'open' && p.seatplanId === 11);
    const [a] = freeSofas(await planSeatsOf(t.app, movie))[0]!;
    await expectRefused(movie, [a!], 'sofa_together_error');
  });

  it('sells a companion seat only with its wheelchair space', async () => {
    const movies = (await listPresentations(t.app)).filter(
      (p) => p.category === 'movie' && p.saleStatus === 'open',
    );
    let found: { p: PresentationSummary; companion: FreeSeat; wheelchair: FreeSeat } | undefined;
    for (const p of movies.slice(0, 9)) {
      for (const row of await planSeatsOf(t.app, p))
        for (const c of row) {
          const h = [row[c.index - 1], row[c.index + 1]].find((s) => s?.handicap && s.free);
          if (c.companion && c.free && h && !found) found = { p, companion: c, wheelchair: h };
        }
      if (found) break;
    }
    expect(found).toBeDefined();
    const { p, companion, wheelchair } = found!;
    await expectRefused(p, [companion], 'companion_requires_accessible');
    const { res } = await buy(p, [wheelchair, companion]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses under seating policy 3 a purchase that leaves a lone seat at the end of a row', async () => {
    const { free } = await statusOf(t.app, musicHall);
    const { left, right } = model.neighbours;
    // The row's first (or last) seat is free, its neighbour is bought: the end seat would stay alone.
    let found: { lone: number; bought: number } | undefined;
    for (const r of model.data.rows)
      for (const [end, next] of [
        [r.start, right[r.start]!],
        [r.end - 1, left[r.end - 1]!],
      ] as const) {
        if (found || !isFree(free, end) || !plainFree(free, next)) continue;
        const verdict = workerVerdict(model, musicHall, free, [model.keyOf(next)]);
        if (!verdict.ok && verdict.code === 'single_seat_error') {
          expect(verdict.params).toEqual(seatLabel(model, end));
          found = { lone: end, bought: next };
        }
      }
    expect(found).toBeDefined();
    const { lone, bought } = found!;
    const params = await expectRefused(musicHall, [seatAt(model, bought)], 'single_seat_error');
    expect(params).toEqual(seatLabel(model, lone));
  });

  it('refuses under seating policy 3 a purchase that leaves a lone seat between taken seats', async () => {
    const { free } = await statusOf(t.app, musicHall);
    const { right } = model.neighbours;
    // Five free neighbours in a row: another visitor holds the first, this cart buys the third.
    let run: number[] | undefined;
    for (let i = 0; i < model.data.count && !run; i++) {
      const seats = [i];
      while (seats.length < 5 && plainFree(free, seats.at(-1)!)) seats.push(right[seats.at(-1)!]!);
      if (seats.length === 5 && seats.every((s) => plainFree(free, s))) run = seats;
    }
    expect(run).toBeDefined();
    const [p0, p1, p2] = run!.map((i) => seatAt(model, i));
    await lockAll(t.app, visitor(), musicHall, [p0!]);
    const params = await expectRefused(musicHall, [p2!], 'single_seat_error');
    expect(params).toEqual(seatLabel(model, run![1]!));
    // Taking the seat that would be left alone as well leaves none.
    const { res } = await buy(musicHall, [p1!, p2!]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('sells under seating policy 3 a whole gap between taken seats', async () => {
    const { free } = await statusOf(t.app, musicHall);
    const { left, right } = model.neighbours;
    let gap: number[] | undefined;
    for (let i = 0; i < model.data.count && !gap; i++) {
      if (!plainFree(free, i) || isFree(free, left[i]!)) continue;
      const seats = [i];
      while (plainFree(free, right[seats.at(-1)!]!)) seats.push(right[seats.at(-1)!]!);
      const after = right[seats.at(-1)!]!;
      if (seats.length >= 2 && seats.length <= 4 && !isFree(free, after)) gap = seats;
    }
    expect(gap).toBeDefined();
    const seats = gap!.map((i) => seatAt(model, i));
    expect(
      workerVerdict(
        model,
        musicHall,
        free,
        seats.map((s) => s.key),
      ).ok,
    ).toBe(true);
    const before = (await approvedCharges(t)).length;
    const { res } = await buy(musicHall, seats);
    expect(res.statusCode, res.body).toBe(200);
    expect((await approvedCharges(t)).length).toBe(before + 1);
    const after = (await statusOf(t.app, musicHall)).free;
    expect(seats.filter((s) => after.has(s.key))).toEqual([]);
  });

  it('refuses exactly the selections of a row the shop’s own rules refuse', async () => {
    const hall = await findPresentation(
      t.app,
      (p) => p.venueName.en === 'Philharmonic Hall' && p.saleStatus === 'open',
    );
    expect(hall.seatingPolicyId).toBe(3);
    const plan = await planModelOf(t.app, hall);
    const groups = await ticketGroupsOf(t.app, hall);
    const seen = { ok: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.uniqueArray(fc.nat({ max: 40 }), { minLength: 1, maxLength: 4 }),
        async (rowPick, picks) => {
          const { free } = await statusOf(t.app, hall);
          const rows = plan.data.rows
            .map((r) => Array.from({ length: r.end - r.start }, (_, k) => r.start + k))
            .map((r) => r.filter((i) => free.has(plan.keyOf(i))))
            .filter((r) => r.length > 0);
          const row = rows[rowPick % rows.length]!;
          const chosen = [...new Set(picks.map((k) => row[k % row.length]!))];
          const seats = chosen.map((i) => seatAt(plan, i));
          const verdict = workerVerdict(
            plan,
            hall,
            free,
            seats.map((s) => s.key),
          );

          const me = visitor();
          await lockAll(t.app, me, hall, seats);
          const charges = (await approvedCharges(t)).length;
          const res = await commit(t.app, me, crypto.randomUUID(), seatCart(hall, groups, seats));
          if (verdict.ok) {
            seen.ok++;
            expect(res.statusCode, res.body).toBe(200);
            expect((await approvedCharges(t)).length).toBe(charges + 1);
          } else {
            seen.refused++;
            expect(res.json(), res.body).toMatchObject({ statusCode: 409, code: verdict.code });
            if (verdict.params) expect(res.json().params).toEqual(verdict.params);
            expect((await approvedCharges(t)).length).toBe(charges);
            await unlockAll(t.app, me, hall, seats);
          }
        },
      ),
      { numRuns: dialect === 'postgres' ? 20 : 30 },
    );
    expect(seen.ok).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });
});

describe.each(dialects)('the most seats one cart may buy on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { maxSeats: 2 });
  });
  afterAll(async () => t?.close());

  it('refuses more than MAX_SEATS_PER_TRANSACTION seats over two presentations', async () => {
    const [a, b] = (await listPresentations(t.app)).filter(
      (p) => p.saleStatus === 'open' && p.seatplanId === 12,
    );
    expect(a!.businessId).toBe(b!.businessId);
    const me = visitor();
    const seatsA = (await plainFreeSeats(t.app, a!)).slice(0, 3);
    const seatsB = (await plainFreeSeats(t.app, b!)).slice(0, 1);
    await lockAll(t.app, me, a!, seatsA.slice(0, 2));
    // The lock itself stops at two seats of one presentation …
    expectError(await lock(t.app, me, lockBody(a!, seatsA[2]!)), 409, 'max_seats_error');
    await lockAll(t.app, me, b!, seatsB);
    // … and the cart, across presentations, at two seats in all.
    const cartA = seatCart(a!, await ticketGroupsOf(t.app, a!), seatsA.slice(0, 2));
    const cartB = seatCart(b!, await ticketGroupsOf(t.app, b!), seatsB);
    const body = { ...cartA, cart: { ...cartA.cart, seats: [...cartA.cart.seats!, ...cartB.cart.seats!] } };
    const [charges, orders] = [(await approvedCharges(t)).length, await rowCount(t, 'orders')];
    const params = expectError(await commit(t.app, me, crypto.randomUUID(), body), 409, 'max_seats_error');
    expect(params).toEqual({ maxSeats: 2 });
    expect((await approvedCharges(t)).length).toBe(charges);
    expect(await rowCount(t, 'orders')).toBe(orders);
    // Two of them are fine.
    const res = await commit(t.app, me, crypto.randomUUID(), cartA);
    expect(res.statusCode, res.body).toBe(200);
  });
});
