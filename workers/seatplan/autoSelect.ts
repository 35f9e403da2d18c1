import { FLAG, SEAT_STATE, type PlanData } from './model.ts';
import { runSplits } from './runSplits.ts';
import { type Sight, viewDistance } from './sight.ts';
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
  | {
      ok: false;
      code: 'NOT_ENOUGH_SEATS' | 'NO_ACCESSIBLE_BLOCK' | RuleCode;
      params?: Record<string, number | string>;
    };

export interface AutoSelectOptions {
  ticketGroup?: number;
  section?: number;
  /** Best available: the block must hold a wheelchair space (and may hold its companion seats). */
  accessible?: boolean;
}

export const FREE = SEAT_STATE.available;
const SELECTED = SEAT_STATE.selected;
export const SPECIAL = FLAG.handicap | FLAG.companion | FLAG.limitedView;
/** Distances closer than this (world units) are a tie. */
export const TIE = 1e-6;

export interface Search {
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

export function prepare(ctx: RuleContext, count: number, opts: AutoSelectOptions): Prepared {
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

export function inFilter(search: Search, i: number): boolean {
  return (
    i >= search.lo &&
    i < search.hi &&
    (search.ticketGroup === undefined || search.ctx.data.ticketGroup[i] === search.ticketGroup)
  );
}

export const failureOf = (f: RuleFailure): AutoSelectResult =>
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
export function pickGreedy(search: Search, order: ArrayLike<number>, allowSpecial: boolean): Picked {
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
 * of the run (where no single block gives m, several blocks inside the run may: `runSplits`); then a
 * subset-sum over the runs, taken in the given order, picks as many seats as possible from each run while
 * the later runs can still make up the rest. This finds a selection whenever one exists, sofas included.
 */
export function pickByRuns(search: Search, allowSpecial: boolean, sight: Sight | null): number[] | null {
  const { ctx, count } = search;
  const { data, state } = ctx;
  const { right } = ctx.neighbours;
  const { flags } = data;
  const policy3 = ctx.seatingPolicyId === SINGLE_SEAT_POLICY;
  const eligible = (i: number) => inFilter(search, i) && (allowSpecial || !(flags[i]! & SPECIAL));

  const options: (number[] | null)[][] = [];
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
      const choices: (number[] | null)[] = Array.from({ length: count + 1 }, () => null);
      let missing = false;
      for (let m = 1; m <= Math.min(count, e - i + 1); m++) {
        let eligibleRun = 0;
        for (let b = i; b <= e; b++) {
          eligibleRun = eligible(b) ? eligibleRun + 1 : 0;
          if (eligibleRun < m) continue;
          const a = b - m + 1;
          if (policy3 && (a - i === 1 || e - b === 1)) continue;
          if (!sofasWhole(data, a, b) || !companionsCovered(search, a, b)) continue;
          choices[m] = Array.from({ length: m }, (_, j) => a + j);
          break;
        }
        if (!choices[m]) missing = true;
      }
      // No single block of some size: several blocks inside the run may still give it.
      if (missing) {
        const splits = runSplits(data, i, e, count, {
          eligible,
          policy3,
          holdsAccessible: search.summary.accessible > 0,
        });
        for (let m = 1; m <= count; m++) choices[m] ??= splits[m] ?? null;
      }
      if (choices.some(Boolean)) {
        let nearest = Infinity;
        if (sight)
          for (const block of choices)
            for (const j of block ?? [])
              nearest = Math.min(nearest, viewDistance(sight, data.x[j]!, data.y[j]!));
        options.push(choices);
        keys.push(sight ? nearest : i);
      }
      i = e + 1;
    }
  }

  const order = options.map((_, k) => k);
  if (sight) order.sort((p, q) => keys[p]! - keys[q]! || p - q);
  const K = order.length;
  const width = count + 1;
  // feasible[k * width + j]: the runs order[k..] can give exactly j seats.
  const feasible = new Uint8Array((K + 1) * width);
  feasible[K * width] = 1;
  for (let k = K - 1; k >= 0; k--) {
    const choices = options[order[k]!]!;
    for (let j = 0; j <= count; j++) {
      let f = feasible[(k + 1) * width + j]!;
      for (let m = 1; m <= j && !f; m++) if (choices[m] && feasible[(k + 1) * width + j - m]) f = 1;
      feasible[k * width + j] = f;
    }
  }
  if (!feasible[count]) return null;
  const seats: number[] = [];
  let need = count;
  for (let k = 0; k < K && need > 0; k++) {
    const choices = options[order[k]!]!;
    for (let m = need; m >= 1; m--) {
      if (choices[m] && feasible[(k + 1) * width + need - m]) {
        seats.push(...choices[m]!);
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

export function sofasWhole(data: PlanData, a: number, b: number): boolean {
  for (let s = a; s <= b; s++) {
    if (data.sofa[s]! < 0) continue;
    const members = sofaMembers(data, s);
    if (members[0]! < a || members[members.length - 1]! > b) return false;
  }
  return true;
}
