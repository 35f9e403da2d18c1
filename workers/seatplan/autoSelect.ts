import { FLAG, SEAT_STATE, type PlanData } from './model.ts';
import {
  changeProblem,
  selectionSummary,
  sofaMembers,
  SINGLE_SEAT_POLICY,
  type RuleCode,
  type RuleContext,
  type RuleFailure,
  type SelectionSummary,
} from './rules.ts';

/** Math.hypot is exact but several times slower; seat coordinates are small. */
const dist = (dx: number, dy: number): number => Math.sqrt(dx * dx + dy * dy);

/**
 * Auto-select: the seats the shop proposes for "N tickets" without the customer picking them.
 *
 * Both functions leave `ctx.state` alone and return seat indices that the rules of `rules.ts` accept when
 * selected together (so `validateSelection` accepts them once applied to a valid selection). Seats with a
 * special need (accessible, companion, limited view) are only proposed when the others cannot make up
 * `count`. Filters: `ticketGroup` is a plan ticket group id (`tg`), `section` an index into
 * `PlanData.sections`.
 *
 * Failures: `max_seats_error` when count (plus the seats already selected) exceeds maxSeats;
 * `NOT_ENOUGH_SEATS` when fewer than `count` free seats pass the filter; otherwise, when the rules stop
 * every attempt (single-seat rule, sofas that do not fit, companions), the code of the rule that did.
 */
export type AutoSelectResult =
  | { ok: true; seats: number[] }
  | { ok: false; code: 'NOT_ENOUGH_SEATS' | RuleCode; params?: Record<string, number | string> };

export interface AutoSelectOptions {
  ticketGroup?: number;
  section?: number;
}

const FREE = SEAT_STATE.available;
const SELECTED = SEAT_STATE.selected;
const SPECIAL = FLAG.handicap | FLAG.companion | FLAG.limitedView;
/** Distances closer than this (world units) are a tie. */
const TIE = 1e-6;

interface Search {
  ctx: RuleContext;
  count: number;
  /** Seat index range of the section filter (the whole plan without one). */
  lo: number;
  hi: number;
  ticketGroup: number | undefined;
  section: number | undefined;
  summary: SelectionSummary;
}

type Prepared = { search: Search; result?: undefined } | { result: AutoSelectResult };

function prepare(ctx: RuleContext, count: number, opts: AutoSelectOptions): Prepared {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be an integer ≥ 0, not ${count}`);
  const maxSeats = { ok: false, code: 'max_seats_error', params: { maxSeats: ctx.maxSeats } } as const;
  if (count > ctx.maxSeats) return { result: maxSeats };
  const summary = selectionSummary(ctx);
  if (summary.selected + count > ctx.maxSeats) return { result: maxSeats };
  if (count === 0) return { result: { ok: true, seats: [] } };

  const { data, state } = ctx;
  let lo = 0;
  let hi = data.count;
  if (opts.section !== undefined) {
    const s = data.sections[opts.section];
    lo = s?.start ?? 0;
    hi = s?.end ?? 0;
  }
  const tg = opts.ticketGroup;
  let available = 0;
  for (let i = lo; i < hi; i++)
    if (state[i] === FREE && (tg === undefined || data.ticketGroup[i] === tg)) available++;
  if (available < count) return { result: { ok: false, code: 'NOT_ENOUGH_SEATS', params: { available } } };
  return { search: { ctx, count, lo, hi, ticketGroup: tg, section: opts.section, summary } };
}

function inFilter(search: Search, i: number): boolean {
  return (
    i >= search.lo &&
    i < search.hi &&
    (search.ticketGroup === undefined || search.ctx.data.ticketGroup[i] === search.ticketGroup)
  );
}

const failureOf = (f: RuleFailure): AutoSelectResult =>
  f.params ? { ok: false, code: f.code, params: f.params } : { ok: false, code: f.code };

// ---------------------------------------------------------------------------------------------------------
// Greedy: seats one after another in a given order, each accepted by the rules
// ---------------------------------------------------------------------------------------------------------

type Picked = { ok: true; seats: number[] } | { ok: false; failure: RuleFailure | null };

/**
 * Walks `order` and selects each eligible seat (with its sofa) that the rules accept on top of the seats
 * picked so far, until `count` seats are picked. A seat refused only by the single-seat rule is retried
 * together with the next seats to its right (up to the seats still wanted), so that e.g. the last two
 * seats of a row can be taken together when taking only the first would strand the second.
 */
function pickGreedy(search: Search, order: ArrayLike<number>, allowSpecial: boolean): Picked {
  const { data } = search.ctx;
  const { right } = search.ctx.neighbours;
  const work = search.ctx.state.slice();
  const ctx: RuleContext = { ...search.ctx, state: work };
  const summary = { ...search.summary };
  const picks: number[] = [];
  let failure: RuleFailure | null = null;

  const eligible = (i: number) =>
    work[i] === FREE && inFilter(search, i) && (allowSpecial || !(data.flags[i]! & SPECIAL));
  const unitOf = (i: number): number[] | null => {
    const members = sofaMembers(data, i);
    return members.every(eligible) ? members : null;
  };
  const accept = (seats: number[]): RuleFailure | null => {
    const problem = changeProblem(ctx, seats, [], summary);
    if (problem) return problem;
    for (const s of seats) {
      work[s] = SELECTED;
      summary.selected++;
      if (data.flags[s]! & FLAG.handicap) summary.accessible++;
      if (data.flags[s]! & FLAG.companion) summary.companions++;
      picks.push(s);
    }
    return null;
  };

  for (let k = 0; k < order.length && picks.length < search.count; k++) {
    const i = order[k]!;
    if (!eligible(i)) continue;
    const unit = unitOf(i);
    const room = search.count - picks.length;
    if (!unit || unit.length > room) {
      failure = { ok: false, code: 'sofa_together_error' };
      continue;
    }
    let problem = accept(unit);
    if (problem?.code === 'single_seat_error') {
      const block = [...unit];
      let last = Math.max(...unit);
      for (;;) {
        const next = right[last]!;
        if (next < 0 || !eligible(next)) break;
        const more = unitOf(next);
        if (!more || block.length + more.length > room || more.some((m) => block.includes(m))) break;
        block.push(...more);
        last = Math.max(...more);
        if (!accept(block)) {
          problem = null;
          break;
        }
      }
    }
    if (problem) failure = problem;
  }
  return picks.length === search.count ? { ok: true, seats: picks } : { ok: false, failure };
}

function range(lo: number, hi: number): Int32Array {
  const order = new Int32Array(Math.max(0, hi - lo));
  for (let k = 0; k < order.length; k++) order[k] = lo + k;
  return order;
}

/**
 * First available (spec): the first `count` free seats in plan order (index order), restricted to the
 * filter, that the rules accept one after another; seats whose check fails are skipped. When that gets
 * stuck although enough seats are free, `pickByRuns` looks for blocks in plan order that together make up
 * `count`. Ordinary seats first: accessible, companion and limited-view seats are only taken (in a second
 * round over all seats) when the ordinary ones cannot make up `count`. A sofa counts all its seats and is
 * skipped when it does not fit in what is still wanted.
 */
export function autoSelectFirst(
  ctx: RuleContext,
  count: number,
  opts: AutoSelectOptions = {},
): AutoSelectResult {
  const prepared = prepare(ctx, count, opts);
  if (prepared.result) return prepared.result;
  const { search } = prepared;
  const order = range(search.lo, search.hi);
  let failure: RuleFailure | null = null;
  for (const allowSpecial of [false, true]) {
    const picked = pickGreedy(search, order, allowSpecial);
    if (picked.ok) return { ok: true, seats: picked.seats };
    failure = picked.failure ?? failure;
    const byRuns = pickByRuns(search, allowSpecial, null);
    if (byRuns && changeProblem(ctx, byRuns, [], search.summary) === null) return { ok: true, seats: byRuns };
  }
  return failure ? failureOf(failure) : { ok: false, code: 'NOT_ENOUGH_SEATS' };
}

/**
 * The fallback when seat-by-seat picking gets stuck (typically the single-seat rule on a nearly sold-out
 * plan, where taking a first seat rules out every completion). Free seats fall apart into runs (maximal
 * chains of adjacent free seats); the single-seat rule only looks inside a run, so runs are independent.
 * For each run and each size m the earliest block of m adjacent eligible seats that keeps sofas whole,
 * brings no companion without an accessible seat and (policy 3) leaves no single free seat at either end
 * of the run; then a subset-sum over the runs, taken in the given order, picks as many seats as possible
 * from each run while the later runs can still make up the rest. For runs of plain seats this finds a
 * selection whenever one exists (a run of L can give 0, 1 … L − 2 or L seats without stranding one).
 */
function pickByRuns(
  search: Search,
  allowSpecial: boolean,
  centre: { x: number; y: number } | null,
): number[] | null {
  const { ctx, count } = search;
  const { data, state } = ctx;
  const { right } = ctx.neighbours;
  const { flags } = data;
  const policy3 = ctx.seatingPolicyId === SINGLE_SEAT_POLICY;
  const eligible = (i: number) => inFilter(search, i) && (allowSpecial || !(flags[i]! & SPECIAL));

  const options: Int32Array[] = [];
  const keys: number[] = [];
  for (const row of data.rows) {
    if (search.section !== undefined && row.sectionIndex !== search.section) continue;
    let i = row.start;
    while (i < row.end) {
      if (state[i] !== FREE) {
        i++;
        continue;
      }
      let e = i;
      while (right[e] === e + 1 && state[e + 1] === FREE) e++;
      const starts = new Int32Array(count + 1).fill(-1);
      let any = false;
      let nearest = Infinity;
      for (let m = 1; m <= Math.min(count, e - i + 1); m++) {
        let eligibleRun = 0;
        for (let b = i; b <= e; b++) {
          eligibleRun = eligible(b) ? eligibleRun + 1 : 0;
          if (eligibleRun < m) continue;
          const a = b - m + 1;
          if (policy3 && (a - i === 1 || e - b === 1)) continue;
          if (!sofasWhole(data, a, b) || !companionsCovered(search, a, b)) continue;
          starts[m] = a;
          any = true;
          if (centre) {
            for (let j = a; j <= b; j++) {
              nearest = Math.min(nearest, dist(data.x[j]! - centre.x, data.y[j]! - centre.y));
            }
          }
          break;
        }
      }
      if (any) {
        options.push(starts);
        keys.push(centre ? nearest : i);
      }
      i = e + 1;
    }
  }

  const order = options.map((_, k) => k);
  if (centre) order.sort((p, q) => keys[p]! - keys[q]! || p - q);
  const K = order.length;
  const width = count + 1;
  // feasible[k * width + j]: the runs order[k..] can give exactly j seats.
  const feasible = new Uint8Array((K + 1) * width);
  feasible[K * width] = 1;
  for (let k = K - 1; k >= 0; k--) {
    const starts = options[order[k]!]!;
    for (let j = 0; j <= count; j++) {
      let f = feasible[(k + 1) * width + j]!;
      for (let m = 1; m <= j && !f; m++) if (starts[m]! >= 0 && feasible[(k + 1) * width + j - m]) f = 1;
      feasible[k * width + j] = f;
    }
  }
  if (!feasible[count]) return null;
  const seats: number[] = [];
  let need = count;
  for (let k = 0; k < K && need > 0; k++) {
    const starts = options[order[k]!]!;
    for (let m = need; m >= 1; m--) {
      if (starts[m]! >= 0 && feasible[(k + 1) * width + need - m]) {
        for (let j = 0; j < m; j++) seats.push(starts[m]! + j);
        need -= m;
        break;
      }
    }
  }
  return seats;
}

function companionsCovered(search: Search, a: number, b: number): boolean {
  if (search.summary.accessible > 0) return true;
  const { flags } = search.ctx.data;
  let companion = false;
  for (let s = a; s <= b; s++) {
    if (flags[s]! & FLAG.handicap) return true;
    if (flags[s]! & FLAG.companion) companion = true;
  }
  return !companion;
}

// ---------------------------------------------------------------------------------------------------------
// Best available
// ---------------------------------------------------------------------------------------------------------

/** The point seats are scored against: the stage's centre, or the top centre of the plan without one. */
export function stageCentre(data: PlanData): { x: number; y: number } {
  const { stage, bounds } = data;
  if (stage) return { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
  return { x: (bounds.minX + bounds.maxX) / 2, y: bounds.minY };
}

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
  centre: { x: number; y: number };
  allowSpecial: boolean;
  allowLone: boolean;
}

/** Called for each acceptable block a..b (k seats) of row `row`. */
type Visit = (row: number, a: number, b: number, cx: number, cy: number, d: number, centred: number) => void;

/**
 * Every block of k adjacent eligible free seats in one row (index range a..b, chained by neighbours) that
 * keeps sofas whole, brings no companion without an accessible seat, and (unless allowLone) strands no
 * lone free seat at either end.
 */
function scanBlocks(scan: Scan, k: number, visit: Visit): void {
  const { search, prefix, centre, allowSpecial, allowLone } = scan;
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
      visit(r, a, b, cx, cy, dist(cx - centre.x, cy - centre.y), Math.abs(a + b - (start + end - 1)) / 2);
    }
  }
}

function sofasWhole(data: PlanData, a: number, b: number): boolean {
  for (let s = a; s <= b; s++) {
    if (data.sofa[s]! < 0) continue;
    const members = sofaMembers(data, s);
    if (members[0]! < a || members[members.length - 1]! > b) return false;
  }
  return true;
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
  const { centre } = scan;
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
      const d = dist(cx - centre.x, cy - centre.y);
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

/** Eligible free seats of the filter, nearest the centre first (index order on ties). */
function byDistance(search: Search, centre: { x: number; y: number }, allowSpecial: boolean): Int32Array {
  const { data, state } = search.ctx;
  const seats: number[] = [];
  for (let i = search.lo; i < search.hi; i++) {
    if (state[i] !== FREE || !inFilter(search, i)) continue;
    if (!allowSpecial && data.flags[i]! & SPECIAL) continue;
    seats.push(i);
  }
  const d = new Float64Array(data.count);
  for (const i of seats) d[i] = dist(data.x[i]! - centre.x, data.y[i]! - centre.y);
  return Int32Array.from(seats).sort((p, q) => d[p]! - d[q]! || p - q);
}

/**
 * Best available: `count` adjacent free seats in one row, stranding no lone free seat (whatever the
 * policy), nearest the centre of the stage (block centroid to stage centre; ties: the block most centred
 * in its row, then plan order). When there is no such block the search relaxes step by step:
 *   1. blocks that strand a lone seat (not under policy 3, whose rules refuse them);
 *   2. a split over two consecutive rows of one section (no lone seat first, then, not under policy 3,
 *      allowing them);
 *   3. any free seats, nearest the stage first, each accepted by the rules on top of the previous ones;
 *   4. when that gets stuck, blocks from several runs of free seats, nearest runs first (`pickByRuns`).
 * All of that first with ordinary seats only, then again allowing accessible, companion and limited-view
 * seats. The proposal is checked against the rules as a whole before it is returned.
 */
export function autoSelectBest(
  ctx: RuleContext,
  count: number,
  opts: AutoSelectOptions = {},
): AutoSelectResult {
  const prepared = prepare(ctx, count, opts);
  if (prepared.result) return prepared.result;
  const { search } = prepared;
  const centre = stageCentre(ctx.data);
  const prefix = prefixOf(ctx.data);
  const loneModes = ctx.seatingPolicyId === SINGLE_SEAT_POLICY ? [false] : [false, true];
  const accepted = (seats: number[] | null): seats is number[] =>
    seats !== null && changeProblem(ctx, seats, [], search.summary) === null;

  let failure: RuleFailure | null = null;
  for (const allowSpecial of [false, true]) {
    for (const allowLone of loneModes) {
      const block = bestBlock({ search, prefix, centre, allowSpecial, allowLone }, count);
      if (accepted(block)) return { ok: true, seats: block };
    }
    if (count >= 2) {
      for (const allowLone of loneModes) {
        const split = bestSplit({ search, prefix, centre, allowSpecial, allowLone }, count);
        if (accepted(split)) return { ok: true, seats: split };
      }
    }
    const picked = pickGreedy(search, byDistance(search, centre, allowSpecial), allowSpecial);
    if (picked.ok && accepted(picked.seats)) return { ok: true, seats: picked.seats };
    if (!picked.ok) failure = picked.failure ?? failure;
    const byRuns = pickByRuns(search, allowSpecial, centre);
    if (accepted(byRuns)) return { ok: true, seats: byRuns };
  }
  return failure ? failureOf(failure) : { ok: false, code: 'NOT_ENOUGH_SEATS' };
}
