import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The seed generators live with the server; tests may use them as realistic inputs (the module is pure).
import { cinemaHallPlan, concertHallPlan } from '../../server/seed/seatplans.ts';
import { buildNeighbours } from './adjacency.ts';
import { FLAG, SEAT_STATE, type PlanData } from './model.ts';
import { parsePlan } from './parse.ts';
import {
  checkDeselect,
  checkSelect,
  checkSwap,
  createdLoneSeats,
  loneFreeSeats,
  type RuleContext,
  type RuleResult,
  sofaMembers,
  validateSelection,
} from './rules.ts';
import { buildPlan, setup } from './testPlans.ts';

// ---------------------------------------------------------------------------------------------------------
// A tiny plan builder
// ---------------------------------------------------------------------------------------------------------

/** The state string of a context, in the notation of `statesOf` ('|' between rows). */
function show(ctx: RuleContext): string {
  return ctx.data.rows
    .map((r) => Array.from(ctx.state.subarray(r.start, r.end), (s) => 'x.s'[s]).join(''))
    .join('|');
}

function applyResult(ctx: RuleContext, result: RuleResult, to: number): void {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  for (const s of result.seats) ctx.state[s] = to;
}

const ok = (seats: number[], confirm: string[] = []) => ({ ok: true, seats, confirm });

// ---------------------------------------------------------------------------------------------------------
// loneFreeSeats
// ---------------------------------------------------------------------------------------------------------

describe('loneFreeSeats', () => {
  it('finds free seats whose neighbours are all taken or selected', () => {
    expect(loneFreeSeats(setup(['ooooo'], 'x.x..'))).toEqual([1]);
    expect(loneFreeSeats(setup(['ooooo'], '.s..x'))).toEqual([0]);
    expect(loneFreeSeats(setup(['ooooo'], 'x...s'))).toEqual([]);
    expect(loneFreeSeats(setup(['ooooo'], 'xs.sx'))).toEqual([2]);
  });

  it('needs at least one neighbour: a seat alone between aisles is not lone', () => {
    expect(loneFreeSeats(setup(['oo o oo'], '.x . x.'))).toEqual([0, 4]);
    expect(loneFreeSeats(setup(['o'], '.'))).toEqual([]);
  });

  it('does not look across an aisle or the gap between sofas', () => {
    expect(loneFreeSeats(setup(['oo oo'], 'x. .x'))).toEqual([1, 2]);
    expect(loneFreeSeats(setup(['AA_BB'], 'x.x.'))).toEqual([1, 3]);
  });

  it('createdLoneSeats compares before and after a change', () => {
    const ctx = setup(['oooooo'], 'x.x...');
    expect(createdLoneSeats(ctx, new Map([[4, SEAT_STATE.selected]]))).toEqual([3, 5]);
    expect(createdLoneSeats(ctx, new Map([[1, SEAT_STATE.selected]]))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// checkSelect
// ---------------------------------------------------------------------------------------------------------

describe('checkSelect', () => {
  it('selects a free seat', () => {
    expect(checkSelect(setup(['oooo'], '....'), 0)).toEqual(ok([0]));
  });

  it('refuses taken, selected and unknown seats with seat_unavailable', () => {
    const ctx = setup(['oooo'], 'xs..');
    for (const seat of [0, 1, -1, 4, 1.5])
      expect(checkSelect(ctx, seat)).toEqual({ ok: false, code: 'seat_unavailable' });
  });

  it('refuses more than maxSeats with max_seats_error { maxSeats }', () => {
    const ctx = setup(['oooooo'], 'ss....', { maxSeats: 2, policy: 1 });
    expect(checkSelect(ctx, 4)).toEqual({ ok: false, code: 'max_seats_error', params: { maxSeats: 2 } });
    expect(checkSelect({ ...ctx, maxSeats: 3 }, 4)).toEqual(ok([4]));
  });

  it('selects a whole sofa, refuses it when it does not fit or is partly taken', () => {
    const ctx = setup(['AA_BBB_CC'], '.......', { maxSeats: 4 });
    expect(checkSelect(ctx, 3)).toEqual(ok([2, 3, 4]));
    expect(checkSelect(ctx, 1)).toEqual(ok([0, 1]));
    const full = setup(['AA_BBB_CC'], 'ss.......'.slice(0, 7), { maxSeats: 4 });
    expect(checkSelect(full, 2)).toEqual({ ok: false, code: 'max_seats_error', params: { maxSeats: 4 } });
    const partly = setup(['AA_BBB_CC'], '...x...');
    expect(checkSelect(partly, 2)).toEqual({ ok: false, code: 'sofa_together_error' });
  });

  it('asks for confirmation of accessible and limited-view seats', () => {
    const ctx = setup(['hcol'], '....');
    expect(checkSelect(ctx, 0)).toEqual(ok([0], ['handicap']));
    expect(checkSelect(ctx, 3)).toEqual(ok([3], ['limitedView']));
  });

  it('sells a companion seat only with an accessible seat', () => {
    expect(checkSelect(setup(['hcoo'], '....'), 1)).toEqual({
      ok: false,
      code: 'companion_requires_accessible',
    });
    expect(checkSelect(setup(['hcoo'], 's...'), 1)).toEqual(ok([1]));
    // The accessible seat may be anywhere in the selection.
    expect(checkSelect(setup([['ocoo'], ['ho']], '....|s.', { policy: 1 }), 1)).toEqual(ok([1]));
  });

  it('accepts a companion in the same action as the accessible seat (one sofa)', () => {
    const S = [
      {
        id: 1,
        name: 'A',
        G: [
          {
            id: 1,
            R: [
              {
                r: '1',
                S: [
                  { x: 0, y: 0, tg: 1, handicap: true, sofa: 'bed' },
                  { x: 10, y: 0, tg: 1, companion: true, sofa: 'bed' },
                  { x: 20, y: 0, tg: 1 },
                ],
              },
            ],
          },
        ],
      },
    ];
    const data = parsePlan({ S }).data!;
    const ctx: RuleContext = {
      data,
      neighbours: buildNeighbours(data),
      state: Uint8Array.of(1, 1, 1),
      maxSeats: 10,
      seatingPolicyId: 1,
    };
    expect(checkSelect(ctx, 1)).toEqual(ok([0, 1], ['handicap']));
  });

  describe('single-seat rule (policy 3)', () => {
    it('refuses a selection that strands one free seat, with the row and seat names', () => {
      const ctx = setup(['oooooo'], 'x.....');
      expect(checkSelect(ctx, 2)).toEqual({
        ok: false,
        code: 'single_seat_error',
        params: { row: '1', seat: '2' },
      });
      expect(checkSelect(ctx, 1)).toEqual(ok([1]));
      expect(checkSelect(ctx, 3)).toEqual(ok([3]));
      // at the row end
      expect(checkSelect(setup(['ooo'], '...'), 1).ok).toBe(false);
      expect(checkSelect(setup(['ooo'], '...'), 0)).toEqual(ok([0]));
    });

    it('does not apply under other policies', () => {
      expect(checkSelect(setup(['oooooo'], 'x.....', { policy: 1 }), 2)).toEqual(ok([2]));
      expect(checkSelect(setup(['oooooo'], 'x.....', { policy: 2 }), 2)).toEqual(ok([2]));
    });

    it('is not blocked by lone seats that already exist', () => {
      const ctx = setup(['ooooooo'], '.x.x...');
      expect(loneFreeSeats(ctx)).toEqual([0, 2]);
      expect(checkSelect(ctx, 4)).toEqual(ok([4]));
      expect(checkSelect(ctx, 2)).toEqual(ok([2])); // taking the lone seat itself
      expect(checkSelect(ctx, 5).ok).toBe(false); // would strand seat 4
    });

    it('ignores free seats across an aisle', () => {
      expect(checkSelect(setup(['oo oo'], '.. ..'), 1)).toEqual({
        ok: false,
        code: 'single_seat_error',
        params: { row: '1', seat: '1' },
      });
      expect(checkSelect(setup(['ooo ooo'], '... ...'), 2)).toEqual(ok([2]));
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// checkDeselect
// ---------------------------------------------------------------------------------------------------------

describe('checkDeselect', () => {
  it('releases a selected seat; anything else is seat_unavailable', () => {
    const ctx = setup(['oooo'], 'ss.x', { policy: 1 });
    expect(checkDeselect(ctx, 1)).toEqual(ok([1]));
    for (const seat of [2, 3, 9])
      expect(checkDeselect(ctx, seat)).toEqual({ ok: false, code: 'seat_unavailable' });
  });

  it('releases a sofa as a whole', () => {
    expect(checkDeselect(setup(['AA_BB'], 'ss..'), 1)).toEqual(ok([0, 1]));
  });

  it('releases the companion seats with the last accessible seat', () => {
    const ctx = setup([['hcoooch']], 'ss...s.', { policy: 1 });
    expect(checkDeselect(ctx, 0)).toEqual(ok([0, 1, 5]));
    const two = setup([['hcoooch']], 'ss...ss', { policy: 1 });
    expect(checkDeselect(two, 0)).toEqual(ok([0])); // another accessible seat stays
    expect(checkDeselect(two, 1)).toEqual(ok([1]));
  });

  describe('single-seat rule (policy 3)', () => {
    it('refuses a release that strands one free seat', () => {
      const ctx = setup(['oooooo'], 'xsss..');
      expect(checkDeselect(ctx, 1)).toEqual({
        ok: false,
        code: 'single_seat_error',
        params: { row: '1', seat: '2' },
      });
      expect(checkDeselect(ctx, 2).ok).toBe(false); // leaves seat 2 between taken 1 and selected 3
      expect(checkDeselect(ctx, 3)).toEqual(ok([3]));
      expect(checkDeselect({ ...ctx, seatingPolicyId: 1 }, 2)).toEqual(ok([2]));
    });

    it('allows clearing the whole selection', () => {
      const ctx = setup(['oooo'], 'xs.x');
      // (no lone seat here anyway) and a lone seat re-appearing when the last seat goes:
      expect(checkDeselect(ctx, 1)).toEqual(ok([1]));
      expect(checkDeselect(setup(['ooooo'], 'xsx..'), 1)).toEqual(ok([1]));
      expect(checkDeselect(setup(['oooooo'], 'ssss..'), 1).ok).toBe(false); // strands seat 1
      expect(checkDeselect(setup(['oooooo'], '.sx...'), 1)).toEqual(ok([1])); // whole selection
    });

    it('allows releasing a seat boxed in by other customers', () => {
      const ctx = setup(['ooooo'], 'xsxsx');
      expect(checkDeselect(ctx, 1)).toEqual(ok([1]));
      expect(checkDeselect(ctx, 3)).toEqual(ok([3]));
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// checkSwap
// ---------------------------------------------------------------------------------------------------------

describe('checkSwap', () => {
  it('swaps a seat for one of the same price level', () => {
    expect(checkSwap(setup(['oooo'], 's...', { policy: 1 }), 0, 3)).toEqual(ok([3]));
  });

  it('refuses another price level with swap_price_level_error', () => {
    expect(checkSwap(setup(['ooopp'], 's....', { policy: 1 }), 0, 4)).toEqual({
      ok: false,
      code: 'swap_price_level_error',
    });
  });

  it('needs a selected seat and a free one', () => {
    const ctx = setup(['oooo'], 's.x.');
    expect(checkSwap(ctx, 1, 3)).toEqual({ ok: false, code: 'seat_unavailable' });
    expect(checkSwap(ctx, 0, 2)).toEqual({ ok: false, code: 'seat_unavailable' });
    expect(checkSwap(ctx, 0, 0)).toEqual({ ok: false, code: 'seat_unavailable' });
  });

  it('swaps sofas as wholes and counts their seats', () => {
    const ctx = setup(['AA_BBB_o'], 'ss....', { maxSeats: 2, policy: 1 });
    expect(checkSwap(ctx, 0, 3)).toEqual({ ok: false, code: 'max_seats_error', params: { maxSeats: 2 } });
    expect(checkSwap({ ...ctx, maxSeats: 3 }, 0, 3)).toEqual(ok([2, 3, 4]));
    expect(checkSwap(ctx, 1, 5)).toEqual(ok([5]));
  });

  it('keeps a companion with an accessible seat', () => {
    const ctx = setup(['hcoo'], 'ss..', { policy: 1 });
    expect(checkSwap(ctx, 0, 3)).toEqual({ ok: false, code: 'companion_requires_accessible' });
    expect(checkSwap(ctx, 1, 3)).toEqual(ok([3]));
  });

  it('applies the single-seat rule under policy 3 and lists confirmations', () => {
    const ctx = setup(['ooooool'], 's......');
    expect(checkSwap(ctx, 0, 1)).toEqual({
      ok: false,
      code: 'single_seat_error',
      params: { row: '1', seat: '1' },
    });
    expect(checkSwap(ctx, 0, 6)).toEqual(ok([6], ['limitedView']));
    expect(checkSwap(ctx, 0, 5).ok).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------
// validateSelection
// ---------------------------------------------------------------------------------------------------------

describe('validateSelection', () => {
  it('accepts a valid selection and lists it with its confirmations', () => {
    expect(validateSelection(setup(['hcool'], 'ss..s'))).toEqual(ok([0, 1, 4], ['handicap', 'limitedView']));
    expect(validateSelection(setup(['oo'], '..'))).toEqual(ok([]));
  });

  it('finds every problem of the whole selection', () => {
    expect(validateSelection(setup(['oooo'], 'sss.', { maxSeats: 2, policy: 1 }))).toEqual({
      ok: false,
      code: 'max_seats_error',
      params: { maxSeats: 2 },
    });
    expect(validateSelection(setup(['AA_BB'], 's...'))).toEqual({ ok: false, code: 'sofa_together_error' });
    expect(validateSelection(setup(['ocoo'], '.s..'))).toEqual({
      ok: false,
      code: 'companion_requires_accessible',
    });
    expect(validateSelection(setup(['oooo'], '.s..'))).toEqual({
      ok: false,
      code: 'single_seat_error',
      params: { row: '1', seat: '1' },
    });
    expect(validateSelection(setup(['oooo'], '.s..', { policy: 1 })).ok).toBe(true);
  });

  it('does not blame the selection for lone seats left by others', () => {
    expect(validateSelection(setup(['oooooo'], '.xss..')).ok).toBe(true);
    expect(validateSelection(setup(['oooooo'], '.x.xss')).ok).toBe(true);
    expect(validateSelection(setup(['oooooo'], 'x.x.ss')).ok).toBe(false); // seat 4 is lone only because of seat 5
  });
});

// ---------------------------------------------------------------------------------------------------------
// The generators' plans
// ---------------------------------------------------------------------------------------------------------

describe('rules on the seed plans', () => {
  const ids = { venueId: 1, seatplanId: 1, name: 'test' };
  const contextOf = (data: PlanData, policy = 3): RuleContext => ({
    data,
    neighbours: buildNeighbours(data),
    state: new Uint8Array(data.count).fill(SEAT_STATE.available),
    maxSeats: 10,
    seatingPolicyId: policy,
  });
  const find = (data: PlanData, flag: number) => {
    for (let i = 0; i < data.count; i++) if (data.flags[i]! & flag) return i;
    throw new Error('no such seat');
  };

  it('cinema: wheelchair spaces, companions, the premium row and limited-view seats', () => {
    const data = parsePlan(
      cinemaHallPlan(ids, {
        rows: 10,
        seatsPerRow: 16,
        levels: { regular: 1, premium: 2 },
        variant: 'premium-row',
      }),
    ).data!;
    const ctx = contextOf(data);
    const wheelchair = find(data, FLAG.handicap);
    const companion = wheelchair + 1;
    expect(data.flags[companion]! & FLAG.companion).toBeTruthy();
    expect(checkSelect(ctx, companion)).toEqual({ ok: false, code: 'companion_requires_accessible' });
    expect(checkSelect(ctx, wheelchair)).toEqual(ok([wheelchair], ['handicap']));
    ctx.state[wheelchair] = SEAT_STATE.selected;
    expect(checkSelect(ctx, companion)).toEqual(ok([companion]));
    ctx.state[companion] = SEAT_STATE.selected;
    expect(checkDeselect(ctx, wheelchair)).toEqual(ok([wheelchair, companion]));
    expect(checkSelect(ctx, find(data, FLAG.limitedView))).toEqual(ok([0], ['limitedView']));

    const premium = find(data, FLAG.premium);
    const plain = data.rows[0]!.start + 3;
    ctx.state[plain] = SEAT_STATE.selected;
    expect(checkSwap(ctx, plain, premium)).toEqual({ ok: false, code: 'swap_price_level_error' });
  });

  it('cinema: the back row of sofas is sold sofa by sofa', () => {
    const data = parsePlan(
      cinemaHallPlan(ids, { rows: 8, seatsPerRow: 12, levels: { regular: 1, sofa: 2 }, variant: 'sofas' }),
    ).data!;
    const ctx = contextOf(data);
    const back = data.rows[data.rows.length - 1]!;
    const result = checkSelect(ctx, back.start + 3);
    expect(result).toEqual(ok([back.start + 2, back.start + 3]));
    applyResult(ctx, result, SEAT_STATE.selected);
    // The next sofa is no neighbour: no lone-seat problem, and the sofa pair is complete.
    expect(validateSelection(ctx).ok).toBe(true);
    expect(sofaMembers(data, back.start + 3)).toEqual([back.start + 2, back.start + 3]);
    expect(checkDeselect(ctx, back.start + 2)).toEqual(ok([back.start + 2, back.start + 3]));
  });

  it('concert hall: the single-seat rule stops at the radial aisles', () => {
    const data = parsePlan(concertHallPlan(ids, [1, 2, 3, 4, 5])).data!;
    const ctx = contextOf(data);
    const { right } = ctx.neighbours;
    const row = data.rows[0]!;
    let blockEnd = row.start;
    while (right[blockEnd]! >= 0) blockEnd++;
    // Taking the second-to-last seat of the first block strands its last one, not the next block's first.
    expect(checkSelect(ctx, blockEnd - 1)).toEqual({
      ok: false,
      code: 'single_seat_error',
      params: { row: '1', seat: data.names[blockEnd]! },
    });
    expect(checkSelect(ctx, blockEnd).ok).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------------

/** A random row: seats (some special), sofas of 2 or 3, aisles and sofa gaps; at least one seat. */
const rowArb = fc
  .array(fc.constantFrom('o', 'o', 'o', 'o', 'o', 'o', 'h', 'c', 'l', 'p', ' ', '_', 'S2', 'S3'), {
    minLength: 1,
    maxLength: 14,
  })
  .map((tokens) => {
    let sofa = 0;
    return tokens
      .map((t) => (t[0] === 'S' ? String.fromCharCode(65 + sofa++).repeat(Number(t[1])) : t))
      .join('');
  })
  .filter((row) => /[^ _]/.test(row));

const planArb = fc.array(fc.array(rowArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 2 });

const actionArb = fc.record({
  kind: fc.constantFrom('select', 'select', 'select', 'deselect', 'swap'),
  a: fc.nat(),
  b: fc.nat(),
});

const scenarioArb = fc.record({
  sections: planArb,
  taken: fc.array(fc.nat(9), { minLength: 64, maxLength: 64 }),
  actions: fc.array(actionArb, { minLength: 1, maxLength: 40 }),
  maxSeats: fc.integer({ min: 1, max: 6 }),
});

const loneWithSelectionReleased = (ctx: RuleContext) =>
  new Set(loneFreeSeats({ ...ctx, state: ctx.state.map((s) => (s === SEAT_STATE.selected ? 1 : s)) }));

describe('properties (policy 3)', () => {
  /*
   * For random plans (1–2 sections of 1–4 rows of up to 14 places: plain, accessible, companion,
   * limited-view and premium seats, sofas of 2 or 3, aisles and sofa gaps), random taken seats and a
   * random sequence of select / deselect / swap actions under policy 3, applying each accepted action
   * (select and swap: `seats` become selected, and for swap `from`'s sofa is released; deselect: `seats`
   * become free), we prove after every action:
   *  1. checkSelect creates no lone free seat: loneFreeSeats(after) ⊆ loneFreeSeats(before);
   *  2. checkDeselect / checkSwap: loneFreeSeats(after) ⊆ loneFreeSeats(before) ∪ L0, where L0 is the lone
   *     seats with the customer's whole selection released (a seat boxed in by others' purchases may
   *     turn lone again when the customer lets it go; clearing the selection is always allowed);
   *  3. the selection never exceeds maxSeats;
   *  4. every sofa is entirely selected or entirely not;
   *  5. validateSelection accepts the selection (companions with an accessible seat, no lone seat blamed
   *     on the selection);
   *  6. the rule functions never write ctx.state.
   */
  it('keep every invariant through random action sequences', () => {
    fc.assert(
      fc.property(scenarioArb, ({ sections, taken, actions, maxSeats }) => {
        const data = buildPlan(sections);
        const state = Uint8Array.from({ length: data.count }, (_, i) =>
          taken[i % taken.length]! < 3 ? 0 : 1,
        );
        const ctx: RuleContext = {
          data,
          neighbours: buildNeighbours(data),
          state,
          maxSeats,
          seatingPolicyId: 3,
        };
        for (const { kind, a, b } of actions) {
          const selected = [...state.keys()].filter((i) => state[i] === SEAT_STATE.selected);
          const free = [...state.keys()].filter((i) => state[i] === SEAT_STATE.available);
          // Mostly seats the action can apply to (a free seat to select or swap to), sometimes any seat.
          const pick = (list: number[], n: number) =>
            list.length && n % 8 !== 0 ? list[n % list.length]! : n % data.count;
          const before = new Set(loneFreeSeats(ctx));
          const released = loneWithSelectionReleased(ctx);
          const snapshot = show(ctx);
          let result: RuleResult;
          let from = -1;
          if (kind === 'select') result = checkSelect(ctx, pick(free, a));
          else if (kind === 'deselect') result = checkDeselect(ctx, pick(selected, a));
          else {
            from = pick(selected, a);
            result = checkSwap(ctx, from, pick(free, b));
          }
          expect(show(ctx)).toBe(snapshot);
          if (!result.ok) continue;
          if (kind === 'swap') for (const m of sofaMembers(data, from)) if (state[m] === 2) state[m] = 1;
          for (const s of result.seats) {
            expect(state[s]).toBe(kind === 'deselect' ? SEAT_STATE.selected : SEAT_STATE.available);
            state[s] = kind === 'deselect' ? SEAT_STATE.available : SEAT_STATE.selected;
          }
          const after = loneFreeSeats(ctx);
          for (const j of after) {
            if (kind === 'select') expect(before.has(j)).toBe(true);
            else expect(before.has(j) || released.has(j)).toBe(true);
          }
          const count = state.filter((s) => s === SEAT_STATE.selected).length;
          expect(count).toBeLessThanOrEqual(maxSeats);
          for (let i = 0; i < data.count; i++) {
            if (data.sofa[i]! < 0) continue;
            const states = new Set(sofaMembers(data, i).map((m) => state[m] === SEAT_STATE.selected));
            expect(states.size).toBe(1);
          }
          expect(validateSelection(ctx).ok).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  /* In a row of n ≥ 4 free plain seats, either end seat is accepted under every policy: taking it strands
   * no seat. */
  it('the end seat of a long free run is always selectable', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 12 }), fc.integer({ min: 0, max: 3 }), (len, policy) => {
        const ctx = setup(['o'.repeat(len)], '.'.repeat(len), { policy });
        expect(checkSelect(ctx, 0)).toEqual(ok([0]));
        expect(checkSelect(ctx, len - 1)).toEqual(ok([len - 1]));
      }),
      { numRuns: 30 },
    );
  });
});
