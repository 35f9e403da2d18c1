import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The seed generators live with the server; tests may use them as realistic inputs (the module is pure).
import {
  arenaPlan,
  cinemaHallPlan,
  concertHallPlan,
  orchestraHallPlan,
} from '../../server/seed/seatplans.ts';
import { buildNeighbours } from './adjacency.ts';
import { autoSelectFirst, type AutoSelectResult } from './autoSelect.ts';
import { autoSelectBest, groupsOf } from './bestAvailable.ts';
import { sightOf, stageCentre, viewDistance } from './sight.ts';
import { FLAG, SEAT_STATE, type PlanData } from './model.ts';
import { parsePlan } from './parse.ts';
import { checkSelect, createdLoneSeats, type RuleContext, sofaMembers, validateSelection } from './rules.ts';
import { buildPlan as buildPlanAt, setup as setupAt, type Stage } from './testPlans.ts';

/** Auto-select tests put a stage above x = 0 unless told otherwise. */
const buildPlan = (sections: string[][], stage: Stage | number = 0) => buildPlanAt(sections, stage);
const setup = (
  rows: string[] | string[][],
  state: string,
  opts: { maxSeats?: number; policy?: number; stage?: Stage | number } = {},
): RuleContext => setupAt(rows, state, { stage: 0, ...opts });

// ---------------------------------------------------------------------------------------------------------
// A tiny plan builder
// ---------------------------------------------------------------------------------------------------------

const ok = (seats: number[]): AutoSelectResult => ({ ok: true, seats });
const sorted = (r: AutoSelectResult) => (r.ok ? { ok: true, seats: [...r.seats].sort((a, b) => a - b) } : r);

// ---------------------------------------------------------------------------------------------------------
// autoSelectFirst
// ---------------------------------------------------------------------------------------------------------

describe('autoSelectFirst', () => {
  it('takes the first free seats in plan order', () => {
    expect(autoSelectFirst(setup(['oooooo', 'oooooo'], '......|......', { policy: 1 }), 3)).toEqual(
      ok([0, 1, 2]),
    );
    expect(autoSelectFirst(setup(['oooooo', 'oooooo'], 'xxxxx.|......', { policy: 1 }), 3)).toEqual(
      ok([5, 6, 7]),
    );
    expect(autoSelectFirst(setup(['oooooo'], 'x.x...', { policy: 1 }), 2)).toEqual(ok([1, 3]));
  });

  it('filters by ticket group and by section (index into sections)', () => {
    const ctx = setup(['ppoooo'], '......', { policy: 1 });
    expect(autoSelectFirst(ctx, 2, { ticketGroup: 1 })).toEqual(ok([2, 3]));
    expect(autoSelectFirst(ctx, 2, { ticketGroup: 2 })).toEqual(ok([0, 1]));
    expect(autoSelectFirst(ctx, 3, { ticketGroup: 2 })).toEqual({
      ok: false,
      code: 'NOT_ENOUGH_SEATS',
      params: { available: 2 },
    });
    const two = setup([['oooo'], ['oooo']], '....|....', { policy: 1 });
    expect(autoSelectFirst(two, 2, { section: 1 })).toEqual(ok([4, 5]));
    expect(autoSelectFirst(two, 1, { section: 7 })).toMatchObject({ ok: false, code: 'NOT_ENOUGH_SEATS' });
  });

  it('refuses more than maxSeats, counting the seats already selected', () => {
    const ctx = setup(['oooooo'], 's.....', { maxSeats: 3, policy: 1 });
    expect(autoSelectFirst(ctx, 4)).toEqual({ ok: false, code: 'max_seats_error', params: { maxSeats: 3 } });
    expect(autoSelectFirst(ctx, 3)).toEqual({ ok: false, code: 'max_seats_error', params: { maxSeats: 3 } });
    expect(autoSelectFirst(ctx, 2)).toEqual(ok([1, 2]));
    expect(autoSelectFirst(ctx, 0)).toEqual(ok([]));
    expect(() => autoSelectFirst(ctx, -1)).toThrow(RangeError);
  });

  it('fails with NOT_ENOUGH_SEATS when fewer free seats exist', () => {
    expect(autoSelectFirst(setup(['oooo'], 'x.x.'), 3)).toEqual({
      ok: false,
      code: 'NOT_ENOUGH_SEATS',
      params: { available: 2 },
    });
  });

  it('keeps accessible, companion and limited-view seats for last', () => {
    expect(autoSelectFirst(setup(['lhcooo'], '......', { policy: 1 }), 2)).toEqual(ok([3, 4]));
    expect(autoSelectFirst(setup(['lhcooo'], '....x.', { policy: 1 }), 4)).toEqual(ok([0, 1, 2, 3]));
    // A companion comes only with an accessible seat.
    expect(autoSelectFirst(setup(['choo'], '..x.', { policy: 1 }), 3)).toEqual(ok([0, 1, 3]));
    expect(autoSelectFirst(setup(['co'], '.x', { policy: 1 }), 1)).toEqual({
      ok: false,
      code: 'companion_requires_accessible',
    });
  });

  it('takes sofas whole and skips those that do not fit', () => {
    const ctx = setup(['AA_BB_o'], '.....', { policy: 1 });
    expect(autoSelectFirst(ctx, 1)).toEqual(ok([4]));
    expect(autoSelectFirst(ctx, 2)).toEqual(ok([0, 1]));
    expect(autoSelectFirst(ctx, 3)).toEqual(ok([0, 1, 4]));
    expect(autoSelectFirst(setup(['AA'], 'x.'), 1)).toEqual({ ok: false, code: 'sofa_together_error' });
  });

  describe('single-seat rule (policy 3)', () => {
    it('skips seats that would strand one', () => {
      expect(autoSelectFirst(setup(['oooooo'], 'x.....'), 2)).toEqual(ok([1, 2]));
      // Taking seats 0 and 1 would strand seat 2 (seat 3 is taken): the second seat comes from row 2.
      expect(autoSelectFirst(setup(['oooo', 'oooo'], '...x|....'), 2)).toEqual(ok([0, 4]));
      expect(autoSelectFirst(setup(['oooo', 'oooo'], '...x|....', { policy: 1 }), 2)).toEqual(ok([0, 1]));
    });

    it('takes the rest of a run together rather than strand its last seat', () => {
      expect(autoSelectFirst(setup(['oooo'], '....'), 4)).toEqual(ok([0, 1, 2, 3]));
      expect(autoSelectFirst(setup(['oooo ooo'], '.... ...'), 3)).toEqual(ok([0, 1, 4]));
    });

    it('finds a selection when picking seat by seat gets stuck', () => {
      // Greedy takes seat 0 and then cannot add any seat without stranding one; seats 4 and 5 work.
      expect(autoSelectFirst(setup(['oooooo'], '...x..'), 2)).toEqual(ok([4, 5]));
    });

    it('takes several blocks of one run when no single block fits (fast-check seed 1915129176)', () => {
      // "o o [A A] [B B]" for three: every block of three splits a sofa or strands the first seat; the
      // first seat and sofa B leave "o [A A]" free together.
      const ctx = setup(['ooAABBo'], '......x');
      expect(sorted(autoSelectFirst(ctx, 3))).toEqual(ok([0, 4, 5]));
      expect(sorted(autoSelectBest(ctx, 3))).toEqual(ok([0, 4, 5]));
    });

    it('fails with the rule when no selection is possible', () => {
      expect(autoSelectFirst(setup(['ooo'], '...'), 2)).toEqual({
        ok: false,
        code: 'single_seat_error',
        params: expect.any(Object) as unknown,
      });
      expect(autoSelectFirst(setup(['ooo'], '...', { policy: 1 }), 2)).toEqual(ok([0, 1]));
    });
  });

  it('leaves the state alone', () => {
    const ctx = setup(['oooooo'], 'x.s...');
    const before = ctx.state.slice();
    autoSelectFirst(ctx, 2);
    autoSelectBest(ctx, 2);
    expect(ctx.state).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------
// autoSelectBest
// ---------------------------------------------------------------------------------------------------------

describe('autoSelectBest', () => {
  it('takes the block nearest the stage centre', () => {
    expect(autoSelectBest(setup(['ooooooooo'], '.........', { stage: 40 }), 3)).toEqual(ok([3, 4, 5]));
    expect(autoSelectBest(setup(['ooooooooo'], '.........', { stage: 0 }), 3)).toEqual(ok([0, 1, 2]));
    // The front row first.
    expect(autoSelectBest(setup(['ooooooo', 'ooooooo'], '.......|.......', { stage: 30 }), 3)).toEqual(
      ok([2, 3, 4]),
    );
    // Row 1 has no block of three that strands no seat: row 2.
    expect(autoSelectBest(setup(['ooooooo', 'ooooooo'], 'x.x....|.......', { stage: 30 }), 3)).toEqual(
      ok([9, 10, 11]),
    );
  });

  it('prefers the middle of the line of sight a few rows back over the front row of a side block', () => {
    // A wide stage above x = 60; rows of 13 seats 12 units apart. Row 1 is free only at its ends, rows
    // 2–4 are sold, row 5 is free. By straight distance the side of row 1 is nearer (61 against 83); a
    // customer prefers the middle of row 5.
    const rows = Array.from({ length: 5 }, () => 'ooooooooooooo');
    const ctx = setup(rows, '...xxxxxxx...|xxxxxxxxxxxxx|xxxxxxxxxxxxx|xxxxxxxxxxxxx|.............', {
      stage: 60,
      policy: 1,
    });
    expect(autoSelectBest(ctx, 3)).toEqual(ok([57, 58, 59]));
    // Nothing free in the middle any more: the side block it is.
    for (let i = 52; i < 65; i++) ctx.state[i] = 0;
    expect(sorted(autoSelectBest(ctx, 3))).toEqual(ok([0, 1, 2]));
  });

  it('with a wheelchair space asked for, the block holds one; and says when no row has one', () => {
    const ctx = setup(['oooohcoooo'], '..........', { stage: 20, policy: 1 });
    expect(sorted(autoSelectBest(ctx, 2, { accessible: true }))).toEqual(ok([3, 4]));
    expect(autoSelectBest(ctx, 2)).toEqual(ok([2, 3]));
    ctx.state[4] = 0;
    expect(autoSelectBest(ctx, 2, { accessible: true })).toEqual({ ok: false, code: 'NO_ACCESSIBLE_BLOCK' });
  });

  it('counts the groups of side-by-side seats a proposal makes', () => {
    const ctx = setup(['oooo', 'oooo'], '....|....', { stage: 15 });
    expect(groupsOf(ctx, [1, 2])).toBe(1);
    expect(groupsOf(ctx, [0, 2])).toBe(2);
    expect(groupsOf(ctx, [2, 3, 6, 7])).toBe(2);
  });

  it('uses the top centre of the plan without a stage', () => {
    const ctx = setup(['ooooooo', 'ooooooo'], '.......|.......', { stage: null });
    expect(ctx.data.stage).toBeNull();
    expect(stageCentre(ctx.data).x).toBeCloseTo(30);
    expect(stageCentre(ctx.data).y).toBe(ctx.data.bounds.minY);
    expect(autoSelectBest(ctx, 3)).toEqual(ok([2, 3, 4]));
  });

  it('prefers the block most centred in its row on ties, then plan order', () => {
    // Stage centre x = 30: blocks [2,3] and [3,4] are equally far; [3,4] is nearer the row's middle.
    expect(autoSelectBest(setup(['oooooooooo'], '..........', { stage: 30 }), 2)).toEqual(ok([3, 4]));
    // Blocks [2..4] and [3..5] of an 8-seat row are equally far and equally centred: plan order.
    expect(autoSelectBest(setup(['oooooooo'], '........', { stage: 35 }), 3)).toEqual(ok([2, 3, 4]));
  });

  it('never strands a lone seat when a block avoids it, whatever the policy', () => {
    for (const policy of [1, 3]) {
      // [2,3] would strand seat 1 between the taken seat 0 and the block.
      expect(autoSelectBest(setup(['ooooooo'], 'x......', { stage: 30, policy }), 2)).toEqual(ok([3, 4]));
    }
  });

  it('never leaves a lone seat, whatever the policy: when only that would do, it says so', () => {
    for (const policy of [1, 3]) {
      expect(autoSelectBest(setup(['ooo'], '...', { stage: 10, policy }), 2)).toMatchObject({
        ok: false,
        code: 'single_seat_error',
      });
      expect(autoSelectBest(setup(['ooo'], '...', { stage: 10, policy }), 3)).toEqual(ok([0, 1, 2]));
    }
  });

  it('splits over two consecutive rows of one section when no row has a block', () => {
    const ctx = setup(['oooo', 'oooo', 'oooo'], 'xx..|..xx|x..x', { stage: 15 });
    expect(sorted(autoSelectBest(ctx, 4))).toEqual(ok([2, 3, 4, 5]));
    // Not across sections: rows 1 of two sections are no neighbours; whole runs of free seats instead,
    // never three of the four (that would leave one alone).
    const two = setup([['oo'], ['oo']], '..|..', { stage: 5, policy: 1 });
    expect(sorted(autoSelectBest(two, 4))).toEqual(ok([0, 1, 2, 3]));
    expect(autoSelectBest(two, 3)).toMatchObject({ ok: false, code: 'single_seat_error' });
  });

  it('falls back to any free seats nearest the stage', () => {
    expect(sorted(autoSelectBest(setup(['ooooooo'], '.x.x.x.', { stage: 30, policy: 1 }), 3))).toEqual(
      ok([0, 2, 4]),
    );
  });

  it('keeps accessible, companion and limited-view seats for last', () => {
    expect(autoSelectBest(setup(['hcooooo'], '.......', { stage: 0, policy: 1 }), 2)).toEqual(ok([2, 3]));
    expect(sorted(autoSelectBest(setup(['hcolo'], '.....', { stage: 0, policy: 1 }), 3))).toEqual(
      ok([0, 1, 2]),
    );
    expect(sorted(autoSelectBest(setup(['chol'], '....', { stage: 0, policy: 1 }), 4))).toEqual(
      ok([0, 1, 2, 3]),
    );
  });

  it('filters by ticket group and section, and checks counts', () => {
    const ctx = setup([['ppoooo'], ['oooo']], '......|....', { stage: 0, policy: 1 });
    expect(autoSelectBest(ctx, 2, { ticketGroup: 1 })).toEqual(ok([2, 3]));
    expect(autoSelectBest(ctx, 2, { section: 1 })).toEqual(ok([6, 7]));
    expect(autoSelectBest(ctx, 11)).toEqual({ ok: false, code: 'max_seats_error', params: { maxSeats: 10 } });
    expect(autoSelectBest(ctx, 3, { ticketGroup: 2 })).toMatchObject({ ok: false, code: 'NOT_ENOUGH_SEATS' });
  });

  it('takes whole sofas in a block', () => {
    const ctx = setup(['AABBCC'], '......', { stage: 25, policy: 1 });
    expect(autoSelectBest(ctx, 2)).toEqual(ok([2, 3]));
    expect(autoSelectBest(ctx, 4)).toEqual(ok([0, 1, 2, 3]));
  });

  it('picks a centred block some rows back in a cinema, not the front row, and the next best row when it is full', () => {
    const data = parsePlan(
      cinemaHallPlan(
        { venueId: 1, seatplanId: 1, name: 'c' },
        { rows: 10, seatsPerRow: 16, levels: { regular: 1 }, variant: 'standard' },
      ),
    ).data!;
    const ctx: RuleContext = {
      data,
      neighbours: buildNeighbours(data),
      state: new Uint8Array(data.count).fill(1),
      maxSeats: 10,
      seatingPolicyId: 3,
    };
    // A screen is best watched about 60 % back (row 6.4 of 10): row 6, whose 16 seats have the aisle after
    // the 8th, so the best block of 4 ends at the aisle. With row 6 full, row 7 (nearer the spot than 5).
    expect(autoSelectBest(ctx, 4)).toEqual(ok([84, 85, 86, 87]));
    for (let i = 80; i < 96; i++) ctx.state[i] = 0;
    expect(autoSelectBest(ctx, 4)).toEqual(ok([100, 101, 102, 103]));
    for (let i = 0; i < 16; i++) ctx.state[i] = 0;
    expect(autoSelectFirst(ctx, 2)).toEqual(ok([16, 17]));
  });
  it('seats a party of 2 to 6 together in one row of a concert hall, a few rows back from the stage', () => {
    for (const plan of [
      concertHallPlan({ venueId: 1, seatplanId: 1, name: 'm' }, [1, 2, 3, 4]),
      orchestraHallPlan({ venueId: 1, seatplanId: 2, name: 'o' }, [1, 2, 3]),
    ]) {
      const data = parsePlan(plan).data!;
      const ctx: RuleContext = {
        data,
        neighbours: buildNeighbours(data),
        state: new Uint8Array(data.count).fill(1),
        maxSeats: 10,
        seatingPolicyId: 3,
      };
      for (let count = 2; count <= 6; count++) {
        const r = autoSelectBest(ctx, count);
        if (!r.ok) throw new Error(`no seats for ${count}`);
        expect(groupsOf(ctx, r.seats)).toBe(1);
        const rows = new Set(r.seats.map((i) => data.row[i]));
        expect(rows.size).toBe(1);
        const row = Number(data.rows[data.row[r.seats[0]!]!]!.name);
        expect(data.section[r.seats[0]!]).toBe(0); // the stalls or the parterre, in front of the stage
        expect(row).toBeGreaterThan(4);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Performance
// ---------------------------------------------------------------------------------------------------------

describe('performance', () => {
  it('runs in under 50 ms on a 100,000-seat arena with 40 % taken', () => {
    const data = parsePlan(
      arenaPlan({ venueId: 1, seatplanId: 1, name: 'a' }, [1, 2, 3, 4], { minSeats: 100_000 }),
    ).data!;
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const state = Uint8Array.from({ length: data.count }, () => (random() < 0.4 ? 0 : 1));
    const neighbours = buildNeighbours(data);
    for (const policy of [1, 3]) {
      const ctx: RuleContext = { data, neighbours, state, maxSeats: 10, seatingPolicyId: policy };
      for (const count of [1, 2, 4, 7, 10]) {
        expect(autoSelectBest(ctx, count).ok).toBe(true); // warm-up (JIT, the plan's prefix sums)
        let best = Infinity;
        for (let k = 0; k < 5; k++) {
          const t = performance.now();
          autoSelectBest(ctx, count);
          best = Math.min(best, performance.now() - t);
        }
        expect(best).toBeLessThan(50);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------------

const rowArb = (tokens: string[]) =>
  fc
    .array(fc.constantFrom(...tokens), { minLength: 1, maxLength: 12 })
    .map((ts) => {
      let sofa = 0;
      return ts
        .map((t) => (t[0] === 'S' ? String.fromCharCode(65 + sofa++).repeat(Number(t[1])) : t))
        .join('');
    })
    .filter((row) => /[^ _]/.test(row));

const ALL = ['o', 'o', 'o', 'o', 'o', 'o', 'h', 'c', 'l', 'p', 'p', ' ', '_', 'S2', 'S3'];
const PLAIN = ['o', 'o', 'o', 'o', 'o', ' ', '_', 'S2'];

const scenario = (tokens: string[], maxRows: number) =>
  fc.record({
    sections: fc.array(fc.array(rowArb(tokens), { minLength: 1, maxLength: maxRows }), {
      minLength: 1,
      maxLength: 2,
    }),
    taken: fc.array(fc.nat(9), { minLength: 61, maxLength: 61 }),
    picks: fc.array(fc.nat(), { maxLength: 4 }),
    policy: fc.constantFrom(1, 3),
    maxSeats: fc.integer({ min: 3, max: 10 }),
    count: fc.integer({ min: 0, max: 6 }),
    stageX: fc.integer({ min: -20, max: 140 }),
    filter: fc.record({
      ticketGroup: fc.constantFrom(undefined, 1, 2),
      section: fc.constantFrom(undefined, 0, 1),
    }),
  });

/** A context with random taken seats and a selection made of accepted checkSelect calls (so valid). */
function contextOf(s: {
  sections: string[][];
  taken: number[];
  picks: number[];
  policy: number;
  maxSeats: number;
  stageX: number;
}): RuleContext {
  const data = buildPlan(s.sections, s.stageX);
  const state = Uint8Array.from({ length: data.count }, (_, i) => (s.taken[i % s.taken.length]! < 3 ? 0 : 1));
  const ctx: RuleContext = {
    data,
    neighbours: buildNeighbours(data),
    state,
    maxSeats: s.maxSeats,
    seatingPolicyId: s.policy,
  };
  for (const p of s.picks) {
    const r = checkSelect(ctx, p % data.count);
    if (r.ok) for (const seat of r.seats) state[seat] = SEAT_STATE.selected;
  }
  return ctx;
}

const inFilter = (data: PlanData, i: number, f: { ticketGroup?: number; section?: number }) =>
  (f.ticketGroup === undefined || data.ticketGroup[i] === f.ticketGroup) &&
  (f.section === undefined || data.section[i] === f.section);

const cleanFilter = (f: { ticketGroup: number | undefined; section: number | undefined }) => {
  const out: { ticketGroup?: number; section?: number } = {};
  if (f.ticketGroup !== undefined) out.ticketGroup = f.ticketGroup;
  if (f.section !== undefined) out.section = f.section;
  return out;
};

/** The blocks of `count` adjacent free ordinary seats of one row in the filter that keep sofas whole and
 * strand no seat (checked with createdLoneSeats, independently of the implementation's own scan). */
function qualifyingBlocks(ctx: RuleContext, count: number, f: { ticketGroup?: number; section?: number }) {
  const { data, state } = ctx;
  const { right } = ctx.neighbours;
  const special = FLAG.handicap | FLAG.companion | FLAG.limitedView;
  const blocks: number[][] = [];
  for (const row of data.rows) {
    for (let a = row.start; a + count <= row.end; a++) {
      const seats = Array.from({ length: count }, (_, j) => a + j);
      if (seats.some((s) => state[s] !== 1 || !inFilter(data, s, f) || data.flags[s]! & special)) continue;
      if (seats.slice(0, -1).some((s) => right[s] !== s + 1)) continue;
      if (seats.some((s) => sofaMembers(data, s).some((m) => !seats.includes(m)))) continue;
      if (createdLoneSeats(ctx, new Map(seats.map((s) => [s, 2]))).length > 0) continue;
      blocks.push(seats);
    }
  }
  return blocks;
}

/** How far a block's centroid is from the best view (the same measure best available ranks by). */
function centroidDistance(data: PlanData, seats: number[]): number {
  const x = seats.reduce((sum, s) => sum + data.x[s]!, 0) / seats.length;
  const y = seats.reduce((sum, s) => sum + data.y[s]!, 0) / seats.length;
  return viewDistance(sightOf(data), x, y);
}

/** Property 5 below: when a qualifying block exists, best-available returns one of the nearest. */
function expectBestBlock(
  ctx: RuleContext,
  count: number,
  filter: { ticketGroup?: number; section?: number },
) {
  const blocks = qualifyingBlocks(ctx, count, filter);
  if (blocks.length === 0) return;
  const result = autoSelectBest(ctx, count, filter);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const seats = [...result.seats].sort((a, b) => a - b);
  expect(blocks.map((b) => b.join())).toContain(seats.join());
  const bestD = Math.min(...blocks.map((b) => centroidDistance(ctx.data, b)));
  expect(centroidDistance(ctx.data, seats)).toBeLessThanOrEqual(bestD + 1e-6);
}

describe('auto-select properties', () => {
  /*
   * For random plans (1–2 sections of 1–3 rows of up to 12 places: plain, accessible, companion,
   * limited-view and premium seats, sofas of 2 or 3, aisles and sofa gaps), random taken seats, a valid
   * selection made of accepted checkSelect calls, policy 1 or 3, a random filter, maxSeats 3–10 and
   * count 0–6, for both
   * autoSelectFirst and autoSelectBest:
   *  1. ctx.state is not written;
   *  2. count + selected > maxSeats  ⇔  max_seats_error;
   *  3. otherwise (and count > 0) NOT_ENOUGH_SEATS  ⇔  fewer than count free seats pass the filter;
   *  4. an ok result has exactly count distinct seats, each free and in the filter, and once applied
   *     validateSelection accepts the selection;
   *  5. (best) when some block of count adjacent free ordinary seats in one row, in the filter, keeping
   *     sofas whole and stranding no lone seat exists, the result is such a block (count consecutive
   *     seats chained by neighbours, all in one row) and no such block is nearer the stage centre.
   */
  it('results are free, distinct, complete, valid; failures only for the documented reasons', () => {
    fc.assert(
      fc.property(scenario(ALL, 3), (s) => {
        const ctx = contextOf(s);
        const { data, state } = ctx;
        const filter = cleanFilter(s.filter);
        const selected = state.filter((v) => v === SEAT_STATE.selected).length;
        let free = 0;
        for (let i = 0; i < data.count; i++) if (state[i] === 1 && inFilter(data, i, filter)) free++;
        const snapshot = state.slice();
        for (const fn of [autoSelectFirst, autoSelectBest]) {
          const result = fn(ctx, s.count, filter);
          expect(state).toEqual(snapshot);
          if (s.count + selected > s.maxSeats) {
            expect(result).toMatchObject({ ok: false, code: 'max_seats_error' });
            continue;
          }
          if (!result.ok) {
            expect(result.code === 'NOT_ENOUGH_SEATS').toBe(free < s.count);
            continue;
          }
          expect(free).toBeGreaterThanOrEqual(s.count);
          expect(new Set(result.seats).size).toBe(s.count);
          for (const seat of result.seats) {
            expect(state[seat]).toBe(1);
            expect(inFilter(data, seat, filter)).toBe(true);
          }
          const applied: RuleContext = { ...ctx, state: state.slice() };
          for (const seat of result.seats) applied.state[seat] = SEAT_STATE.selected;
          expect(validateSelection(applied)).toMatchObject({ ok: true });
        }
        if (s.count > 0 && s.count + selected <= s.maxSeats) expectBestBlock(ctx, s.count, filter);
      }),
      { numRuns: 400 },
    );
  });

  /*
   * Completeness of the single-seat handling on plans of plain seats (aisles, sofa gaps and two-seat
   * sofas, one price, no special seats), policy 3, no previous selection: whenever SOME set of count free
   * seats passes validateSelection (found by brute force over all subsets), both autoSelectFirst and
   * autoSelectBest succeed; and property 5 above holds on these plans too (they have more long runs).
   */
  it('find a selection under the single-seat rule whenever one exists', () => {
    fc.assert(
      fc.property(scenario(PLAIN, 2), (s) => {
        const ctx = contextOf({ ...s, picks: [], policy: 3, maxSeats: 8 });
        const { state } = ctx;
        const free = [...state.keys()].filter((i) => state[i] === 1);
        const count = Math.min(s.count, 4);
        if (count === 0) return;
        expectBestBlock(ctx, count, {});
        if (free.length > 14) return;
        const exists = (function search(from: number, chosen: number[]): boolean {
          if (chosen.length === count) {
            const trial = state.slice();
            for (const c of chosen) trial[c] = 2;
            return validateSelection({ ...ctx, state: trial }).ok;
          }
          for (let k = from; k < free.length; k++) if (search(k + 1, [...chosen, free[k]!])) return true;
          return false;
        })(0, []);
        if (!exists) return;
        expect(autoSelectFirst(ctx, count).ok).toBe(true);
        expect(autoSelectBest(ctx, count).ok).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
