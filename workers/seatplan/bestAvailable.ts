import { FLAG, type PlanData } from './model.ts';
import { changeProblem, SINGLE_SEAT_POLICY, type RuleContext, type RuleFailure } from './rules.ts';
import {
  type AutoSelectOptions,
  type AutoSelectResult,
  autoSelectFirst,
  failureOf,
  FREE,
  inFilter,
  pickByRuns,
  pickGreedy,
  prepare,
  type Search,
  sofasWhole,
  SPECIAL,
  TIE,
} from './autoSelect.ts';
import { type Sight, sightOf, viewDistance } from './sight.ts';

/**
 * Best available: the seats a customer would choose for "N tickets" (autoSelectBest below).
 */

/** Prefix sums over the plan's seats, so a block's centroid and flag counts cost O(1). */
interface Prefix {
  x: Float64Array;
  y: Float64Array;
  sofa: Int32Array;
  handicap: Int32Array;
  companion: Int32Array;
}

const prefixes = new WeakMap<PlanData, Prefix>();

/** The plan's prefix sums, computed once per plan (positions and flags do not change). */
function prefixOf(data: PlanData): Prefix {
  let prefix = prefixes.get(data);
  if (!prefix) {
    prefix = computePrefix(data);
    prefixes.set(data, prefix);
  }
  return prefix;
}

function computePrefix(data: PlanData): Prefix {
  const n = data.count;
  const p: Prefix = {
    x: new Float64Array(n + 1),
    y: new Float64Array(n + 1),
    sofa: new Int32Array(n + 1),
    handicap: new Int32Array(n + 1),
    companion: new Int32Array(n + 1),
  };
  for (let i = 0; i < n; i++) {
    const f = data.flags[i]!;
    p.x[i + 1] = p.x[i]! + data.x[i]!;
    p.y[i + 1] = p.y[i]! + data.y[i]!;
    p.sofa[i + 1] = p.sofa[i]! + (data.sofa[i]! >= 0 ? 1 : 0);
    p.handicap[i + 1] = p.handicap[i]! + (f & FLAG.handicap ? 1 : 0);
    p.companion[i + 1] = p.companion[i]! + (f & FLAG.companion ? 1 : 0);
  }
  return p;
}

interface Scan {
  search: Search;
  prefix: Prefix;
  sight: Sight;
  allowSpecial: boolean;
  allowLone: boolean;
  /** Only blocks that hold a wheelchair space. */
  needAccessible: boolean;
}

/** Called for each acceptable block a..b (k seats) of row `row`. */
type Visit = (row: number, a: number, b: number, cx: number, cy: number, d: number, centred: number) => void;

/**
 * Every block of k adjacent eligible free seats in one row (index range a..b, chained by neighbours) that
 * keeps sofas whole, brings no companion without an accessible seat, and (unless allowLone) strands no
 * lone free seat at either end.
 */
function scanBlocks(scan: Scan, k: number, visit: Visit): void {
  const { search, prefix, sight, allowSpecial, allowLone, needAccessible } = scan;
  const { data, state } = search.ctx;
  const { left, right } = search.ctx.neighbours;
  const { flags } = data;
  const strands = (j: number, outer: number) =>
    j >= 0 && state[j] === FREE && (outer < 0 || state[outer] !== FREE);
  for (let r = 0; r < data.rows.length; r++) {
    const { start, end, sectionIndex } = data.rows[r]!;
    if (search.section !== undefined && sectionIndex !== search.section) continue;
    let run = 0;
    for (let i = start; i < end; i++) {
      const ok =
        state[i] === FREE &&
        (search.ticketGroup === undefined || data.ticketGroup[i] === search.ticketGroup) &&
        (allowSpecial || !(flags[i]! & SPECIAL));
      if (!ok) {
        run = 0;
        continue;
      }
      run = run > 0 && left[i] === i - 1 ? run + 1 : 1;
      if (run < k) continue;
      const a = i - k + 1;
      const b = i;
      if (prefix.sofa[b + 1]! - prefix.sofa[a]! > 0 && !sofasWhole(data, a, b)) continue;
      if (needAccessible && prefix.handicap[b + 1]! - prefix.handicap[a]! === 0) continue;
      if (
        prefix.companion[b + 1]! - prefix.companion[a]! > 0 &&
        prefix.handicap[b + 1]! - prefix.handicap[a]! === 0 &&
        search.summary.accessible === 0
      ) {
        continue;
      }
      if (!allowLone) {
        const l = left[a]!;
        const rr = right[b]!;
        if (strands(l, l >= 0 ? left[l]! : -1) || strands(rr, rr >= 0 ? right[rr]! : -1)) continue;
      }
      const cx = (prefix.x[b + 1]! - prefix.x[a]!) / k;
      const cy = (prefix.y[b + 1]! - prefix.y[a]!) / k;
      visit(r, a, b, cx, cy, viewDistance(sight, cx, cy), Math.abs(a + b - (start + end - 1)) / 2);
    }
  }
}

const better = (d: number, centred: number, bestD: number, bestCentred: number): boolean =>
  d < bestD - TIE || (d <= bestD + TIE && centred < bestCentred);

function seatsFrom(a: number, k: number): number[] {
  return Array.from({ length: k }, (_, j) => a + j);
}

/** The best block of `count` adjacent seats in one row: nearest the centre, then most centred in its row. */
function bestBlock(scan: Scan, count: number): number[] | null {
  let bestA = -1;
  let bestD = Infinity;
  let bestCentred = Infinity;
  scanBlocks(scan, count, (_row, a, _b, _cx, _cy, d, centred) => {
    if (better(d, centred, bestD, bestCentred)) {
      bestA = a;
      bestD = d;
      bestCentred = centred;
    }
  });
  return bestA < 0 ? null : seatsFrom(bestA, count);
}

/**
 * The best split of `count` seats over two consecutive rows of one section: a block of k in one and of
 * count − k in the other, each the best of its size in its row; scored by the centroid of all the seats,
 * ties going to the more even split.
 */
function bestSplit(scan: Scan, count: number): number[] | null {
  const rows = scan.search.ctx.data.rows;
  const n = rows.length;
  const per: Array<{ a: Int32Array; cx: Float64Array; cy: Float64Array; centred: Float64Array } | undefined> =
    [];
  for (let k = 1; k < count; k++) {
    const best = {
      a: new Int32Array(n).fill(-1),
      d: new Float64Array(n).fill(Infinity),
      cx: new Float64Array(n),
      cy: new Float64Array(n),
      centred: new Float64Array(n).fill(Infinity),
    };
    scanBlocks(scan, k, (row, a, _b, cx, cy, d, centred) => {
      if (better(d, centred, best.d[row]!, best.centred[row]!)) {
        best.a[row] = a;
        best.d[row] = d;
        best.cx[row] = cx;
        best.cy[row] = cy;
        best.centred[row] = centred;
      }
    });
    per[k] = best;
  }
  const { sight } = scan;
  let choice: number[] | null = null;
  let bestD = Infinity;
  let bestUneven = Infinity;
  for (let r = 0; r + 1 < n; r++) {
    if (rows[r]!.sectionIndex !== rows[r + 1]!.sectionIndex) continue;
    for (let k = 1; k < count; k++) {
      const one = per[k]!;
      const two = per[count - k]!;
      const a1 = one.a[r]!;
      const a2 = two.a[r + 1]!;
      if (a1 < 0 || a2 < 0) continue;
      const cx = (k * one.cx[r]! + (count - k) * two.cx[r + 1]!) / count;
      const cy = (k * one.cy[r]! + (count - k) * two.cy[r + 1]!) / count;
      const d = viewDistance(sight, cx, cy);
      const uneven = Math.abs(count - 2 * k);
      if (better(d, uneven, bestD, bestUneven)) {
        bestD = d;
        bestUneven = uneven;
        choice = [...seatsFrom(a1, k), ...seatsFrom(a2, count - k)];
      }
    }
  }
  return choice;
}

/** Eligible free seats of the filter, nearest the best view first (index order on ties). */
function byDistance(search: Search, sight: Sight, allowSpecial: boolean): Int32Array {
  const { data, state } = search.ctx;
  const seats: number[] = [];
  for (let i = search.lo; i < search.hi; i++) {
    if (state[i] !== FREE || !inFilter(search, i)) continue;
    if (!allowSpecial && data.flags[i]! & SPECIAL) continue;
    seats.push(i);
  }
  const d = new Float64Array(data.count);
  for (const i of seats) d[i] = viewDistance(sight, data.x[i]!, data.y[i]!);
  return Int32Array.from(seats).sort((p, q) => d[p]! - d[q]! || p - q);
}

/**
 * Best available, as a customer would choose: `count` adjacent free seats in one row, nearest the best
 * view (`viewDistance`: the middle of the stage's line of sight beats a side block's front row; ties: the
 * block most centred in its row, then plan order). It never leaves a lone free seat, under any seating
 * policy: every step below keeps the single-seat rule. When no row has such a block the search goes on:
 *   1. a split over two consecutive rows of one section;
 *   2. any free seats, nearest the best view first, each accepted by the rules on top of the previous
 *      ones, and when that gets stuck, blocks from several runs of free seats (`pickByRuns`), and
 *      finally what first available finds under the same rules;
 * all of that first with ordinary seats only, then allowing accessible, companion and limited-view seats.
 * The engine tells the customer when the seats it found are not one block. With `accessible` the block
 * must hold a wheelchair space (`NO_ACCESSIBLE_BLOCK` when no row has one). The proposal is checked
 * against the rules as a whole before it is returned.
 */
export function autoSelectBest(
  ctx: RuleContext,
  count: number,
  opts: AutoSelectOptions = {},
): AutoSelectResult {
  // No lone seat, whatever the presentation's policy: the single-seat rule's checks throughout.
  const strict: RuleContext = { ...ctx, seatingPolicyId: SINGLE_SEAT_POLICY };
  const prepared = prepare(strict, count, opts);
  if (prepared.result) return prepared.result;
  const { search } = prepared;
  const sight = sightOf(ctx.data);
  const prefix = prefixOf(ctx.data);
  const accepted = (seats: number[] | null): seats is number[] =>
    seats !== null && changeProblem(strict, seats, [], search.summary) === null;
  const scan = (allowSpecial: boolean, needAccessible = false): Scan => ({
    search,
    prefix,
    sight,
    allowSpecial,
    allowLone: false,
    needAccessible,
  });

  if (opts.accessible) {
    const block = bestBlock(scan(true, true), count);
    return accepted(block) ? { ok: true, seats: block } : { ok: false, code: 'NO_ACCESSIBLE_BLOCK' };
  }
  let failure: RuleFailure | null = null;
  for (const allowSpecial of [false, true]) {
    const block = bestBlock(scan(allowSpecial), count);
    if (accepted(block)) return { ok: true, seats: block };
    if (count >= 2) {
      const split = bestSplit(scan(allowSpecial), count);
      if (accepted(split)) return { ok: true, seats: split };
    }
    const picked = pickGreedy(search, byDistance(search, sight, allowSpecial), allowSpecial);
    if (picked.ok && accepted(picked.seats)) return { ok: true, seats: picked.seats };
    if (!picked.ok) failure = picked.failure ?? failure;
    const byRuns = pickByRuns(search, allowSpecial, sight);
    if (accepted(byRuns)) return { ok: true, seats: byRuns };
  }
  // Nearest first can paint itself into a corner that plan order avoids (a sofa taken first leaves a
  // lone seat beside it): whatever first available finds under the same rules will do.
  const first = autoSelectFirst(strict, count, opts);
  if (first.ok && accepted(first.seats)) return first;
  return failure ? failureOf(failure) : { ok: false, code: 'NOT_ENOUGH_SEATS' };
}

/**
 * The block of `count` side-by-side free seats (no special seats, nobody left alone at its ends) nearest a
 * point of the plan, optionally at one price level: where a customer who chose seats there would move to.
 * `ctx.state` should show the seats being moved from as free. Null when the plan has no such block.
 */
export function nearestBlock(
  ctx: RuleContext,
  count: number,
  at: { x: number; y: number },
  ticketGroup?: number,
): number[] | null {
  const strict: RuleContext = { ...ctx, seatingPolicyId: SINGLE_SEAT_POLICY };
  const prepared = prepare(strict, count, ticketGroup === undefined ? {} : { ticketGroup });
  if (prepared.result || count === 0) return null;
  const sight: Sight = { x: at.x, y: at.y, ux: 0, uy: 1, lateral: 1 };
  const scan: Scan = {
    search: prepared.search,
    prefix: prefixOf(ctx.data),
    sight,
    allowSpecial: false,
    allowLone: false,
    needAccessible: false,
  };
  return bestBlock(scan, count);
}

/** How many groups of side-by-side seats a selection makes (1: one block). */
export function groupsOf(ctx: Pick<RuleContext, 'neighbours'>, seats: readonly number[]): number {
  const set = new Set(seats);
  let groups = 0;
  for (const s of set) {
    const l = ctx.neighbours.left[s]!;
    if (l < 0 || !set.has(l)) groups++;
  }
  return groups;
}
