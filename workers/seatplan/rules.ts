import { FLAG, SEAT_STATE, type PlanData } from './model.ts';

/**
 * The seat rules of spec sections 4 and 5, checked in the worker before a seat is locked:
 *
 * - at most `maxSeats` seats per transaction (`max_seats_error`, params { maxSeats });
 * - all seats of a sofa or bed together (`sofa_together_error`);
 * - the same price level when swapping a seat for another (`swap_price_level_error`);
 * - companion seats only together with an accessible (handicap) seat (`companion_requires_accessible`);
 * - with seating policy 3, the single-seat rule: a change must not CREATE a lone free seat
 *   (`single_seat_error`, params { row, seat } of the first such seat). A lone free seat is a free seat
 *   whose existing neighbours are all taken or selected (and that has at least one neighbour). Lone seats
 *   that exist before the change (left by other customers' purchases) are not held against the customer,
 *   nor is a seat that turns lone only because the customer releases it from between seats taken by
 *   others (it would be lone without the customer's selection too: see `blamedLoneSeats`). So a change
 *   is refused when some free seat is lone after it, was not lone before it, and would not be lone with
 *   the customer's whole selection released; releasing the whole selection is therefore always allowed.
 * - handicap and limited-view seats are allowed but need the customer's confirmation (`confirm`).
 *
 * All functions are pure: they read `ctx.state` (SEAT_STATE per seat, this customer's selection as
 * `selected`) and never write it. They return the seats the action changes; the caller applies them.
 */
export interface RuleContext {
  data: PlanData;
  neighbours: { left: Int32Array; right: Int32Array };
  /** SEAT_STATE per seat, current selection included as 2. */
  state: Uint8Array;
  maxSeats: number;
  seatingPolicyId: number;
}

export type RuleCode =
  | 'max_seats_error'
  | 'single_seat_error'
  | 'sofa_together_error'
  | 'swap_price_level_error'
  | 'companion_requires_accessible'
  | 'seat_unavailable';

export type Confirm = 'handicap' | 'limitedView';

export type RuleResult =
  | { ok: true; seats: number[]; confirm: Confirm[] }
  | { ok: false; code: RuleCode; params?: Record<string, number | string> };

export type RuleFailure = Extract<RuleResult, { ok: false }>;

/** The seating policy under which the single-seat rule applies. */
export const SINGLE_SEAT_POLICY = 3;

const FREE = SEAT_STATE.available;
const SELECTED = SEAT_STATE.selected;

/** Counts over the current selection that the rules need. */
export interface SelectionSummary {
  selected: number;
  /** Selected seats with FLAG.handicap. */
  accessible: number;
  /** Selected seats with FLAG.companion. */
  companions: number;
}

export function selectionSummary(ctx: Pick<RuleContext, 'data' | 'state'>): SelectionSummary {
  const { state } = ctx;
  const flags = ctx.data.flags;
  let selected = 0;
  let accessible = 0;
  let companions = 0;
  for (let i = 0; i < state.length; i++) {
    if (state[i] !== SELECTED) continue;
    selected++;
    const f = flags[i]!;
    if (f & FLAG.handicap) accessible++;
    if (f & FLAG.companion) companions++;
  }
  return { selected, accessible, companions };
}

// ---------------------------------------------------------------------------------------------------------
// Sofas
// ---------------------------------------------------------------------------------------------------------

interface SofaIndex {
  /** Members of sofa s: members[offsets[s] .. offsets[s + 1]), in index order. */
  offsets: Int32Array;
  members: Int32Array;
}

const sofaIndexes = new WeakMap<PlanData, SofaIndex>();

function sofaIndex(data: PlanData): SofaIndex {
  let index = sofaIndexes.get(data);
  if (index) return index;
  const { sofa } = data;
  let groups = 0;
  for (let i = 0; i < data.count; i++) groups = Math.max(groups, sofa[i]! + 1);
  const offsets = new Int32Array(groups + 1);
  for (let i = 0; i < data.count; i++) if (sofa[i]! >= 0) offsets[sofa[i]! + 1]!++;
  for (let s = 0; s < groups; s++) offsets[s + 1]! += offsets[s]!;
  const fill = offsets.slice(0, groups);
  const members = new Int32Array(offsets[groups]!);
  for (let i = 0; i < data.count; i++) if (sofa[i]! >= 0) members[fill[sofa[i]!]!++] = i;
  index = { offsets, members };
  sofaIndexes.set(data, index);
  return index;
}

/** All seats sold together with `seat` (its sofa or bed), in index order; just [seat] for other seats. */
export function sofaMembers(data: PlanData, seat: number): number[] {
  const s = data.sofa[seat] ?? -1;
  if (s < 0) return [seat];
  const { offsets, members } = sofaIndex(data);
  return Array.from(members.subarray(offsets[s]!, offsets[s + 1]!));
}

// ---------------------------------------------------------------------------------------------------------
// Lone free seats
// ---------------------------------------------------------------------------------------------------------

type StateAt = (seat: number) => number;

function isLone(left: Int32Array, right: Int32Array, at: StateAt, j: number): boolean {
  if (at(j) !== FREE) return false;
  const l = left[j]!;
  const r = right[j]!;
  if (l < 0 && r < 0) return false;
  return (l < 0 || at(l) !== FREE) && (r < 0 || at(r) !== FREE);
}

/**
 * Free seats whose neighbours in the row are all non-free (taken, selected or none), with at least one
 * neighbour: a single seat nobody is likely to buy.
 */
export function loneFreeSeats(ctx: Pick<RuleContext, 'data' | 'neighbours' | 'state'>): number[] {
  const { state } = ctx;
  const { left, right } = ctx.neighbours;
  const at: StateAt = (j) => state[j]!;
  const lone: number[] = [];
  for (let j = 0; j < state.length; j++) if (isLone(left, right, at, j)) lone.push(j);
  return lone;
}

/**
 * The free seats that would be lone after `changes` (seat → new state) but are not lone now. Only the
 * changed seats and their neighbours can change status, so this costs O(changes).
 */
export function createdLoneSeats(
  ctx: Pick<RuleContext, 'neighbours' | 'state'>,
  changes: ReadonlyMap<number, number>,
): number[] {
  const { state } = ctx;
  const { left, right } = ctx.neighbours;
  const before: StateAt = (j) => state[j]!;
  const after: StateAt = (j) => changes.get(j) ?? state[j]!;
  const candidates = new Set<number>();
  for (const s of changes.keys()) {
    candidates.add(s);
    if (left[s]! >= 0) candidates.add(left[s]!);
    if (right[s]! >= 0) candidates.add(right[s]!);
  }
  const created: number[] = [];
  for (const j of candidates) {
    if (isLone(left, right, after, j) && !isLone(left, right, before, j)) created.push(j);
  }
  return created.sort((a, b) => a - b);
}

/**
 * Of the seats `changes` would make lone, those the customer is to blame for: not lone with the whole
 * selection released either (selected seats counted as free). The others are boxed in by other customers'
 * purchases only, i.e. pre-existing lone seats; they become lone again when the customer releases a seat
 * between taken seats, which must stay possible. For a selection (seats only becoming selected) this is
 * exactly `createdLoneSeats`.
 */
export function blamedLoneSeats(
  ctx: Pick<RuleContext, 'neighbours' | 'state'>,
  changes: ReadonlyMap<number, number>,
): number[] {
  const { state } = ctx;
  const { left, right } = ctx.neighbours;
  const released: StateAt = (j) => (state[j] === SELECTED ? FREE : state[j]!);
  return createdLoneSeats(ctx, changes).filter((j) => !isLone(left, right, released, j));
}

function singleSeatError(data: PlanData, seat: number): RuleFailure {
  const row = data.rows[data.row[seat]!];
  return {
    ok: false,
    code: 'single_seat_error',
    params: { row: row?.name ?? '', seat: data.names[seat] ?? '' },
  };
}

// ---------------------------------------------------------------------------------------------------------
// One change of the selection
// ---------------------------------------------------------------------------------------------------------

const fail = (code: RuleCode, params?: Record<string, number | string>): RuleFailure =>
  params ? { ok: false, code, params } : { ok: false, code };

/**
 * What is wrong with selecting `add` and releasing `remove` at once, or null when the rules accept it.
 * `add` must be free and `remove` selected (seat_unavailable otherwise); the seats must be distinct.
 * Checks, in this order: seat_unavailable, max_seats_error (only when the selection grows),
 * sofa_together_error (every sofa touched ends up entirely selected or entirely not),
 * companion_requires_accessible (only when the change adds a companion or removes an accessible seat),
 * and under policy 3 single_seat_error (no lone free seat created that `blamedLoneSeats` holds against
 * the customer; not checked when the change clears the whole selection). `summary` describes the current
 * selection (computed when not given).
 */
export function changeProblem(
  ctx: RuleContext,
  add: readonly number[],
  remove: readonly number[],
  summary: SelectionSummary = selectionSummary(ctx),
): RuleFailure | null {
  const { data, state } = ctx;
  const { flags } = data;
  for (const s of add) if (state[s] !== FREE) return fail('seat_unavailable');
  for (const s of remove) if (state[s] !== SELECTED) return fail('seat_unavailable');

  const after = summary.selected + add.length - remove.length;
  if (add.length > remove.length && after > ctx.maxSeats)
    return fail('max_seats_error', { maxSeats: ctx.maxSeats });

  const changes = new Map<number, number>();
  for (const s of add) changes.set(s, SELECTED);
  for (const s of remove) changes.set(s, FREE);
  const at: StateAt = (j) => changes.get(j) ?? state[j]!;

  const sofasSeen = new Set<number>();
  for (const s of changes.keys()) {
    const id = data.sofa[s]!;
    if (id < 0 || sofasSeen.has(id)) continue;
    sofasSeen.add(id);
    const members = sofaMembers(data, s);
    const chosen = members.filter((m) => at(m) === SELECTED).length;
    if (chosen !== 0 && chosen !== members.length) return fail('sofa_together_error');
  }

  let accessible = summary.accessible;
  let companions = summary.companions;
  let addsCompanion = false;
  let removesAccessible = false;
  for (const s of add) {
    if (flags[s]! & FLAG.handicap) accessible++;
    if (flags[s]! & FLAG.companion) {
      companions++;
      addsCompanion = true;
    }
  }
  for (const s of remove) {
    if (flags[s]! & FLAG.handicap) {
      accessible--;
      removesAccessible = true;
    }
    if (flags[s]! & FLAG.companion) companions--;
  }
  if (companions > 0 && accessible <= 0 && (addsCompanion || removesAccessible)) {
    return fail('companion_requires_accessible');
  }

  if (ctx.seatingPolicyId === SINGLE_SEAT_POLICY && after > 0) {
    const created = blamedLoneSeats(ctx, changes);
    if (created.length > 0) return singleSeatError(data, created[0]!);
  }
  return null;
}

/** The confirmations the customer must give for these seats. */
export function confirmationsFor(data: PlanData, seats: readonly number[]): Confirm[] {
  let f = 0;
  for (const s of seats) f |= data.flags[s]!;
  const confirm: Confirm[] = [];
  if (f & FLAG.handicap) confirm.push('handicap');
  if (f & FLAG.limitedView) confirm.push('limitedView');
  return confirm;
}

const isSeat = (ctx: RuleContext, seat: number): boolean =>
  Number.isInteger(seat) && seat >= 0 && seat < ctx.data.count && seat < ctx.state.length;

// ---------------------------------------------------------------------------------------------------------
// The actions
// ---------------------------------------------------------------------------------------------------------

/** The free seats of `seat`'s sofa (members already selected are left out), or null when one is taken. */
function freeSofaMembers(ctx: RuleContext, seat: number): number[] | null {
  const members = sofaMembers(ctx.data, seat);
  if (members.some((m) => ctx.state[m] !== FREE && ctx.state[m] !== SELECTED)) return null;
  return members.filter((m) => ctx.state[m] === FREE);
}

/**
 * Selecting `seat`. A sofa seat brings the rest of its sofa (`seats` lists every seat to select); a sofa
 * partly taken by someone else cannot be bought (sofa_together_error).
 */
export function checkSelect(ctx: RuleContext, seat: number): RuleResult {
  if (!isSeat(ctx, seat) || ctx.state[seat] !== FREE) return fail('seat_unavailable');
  const add = freeSofaMembers(ctx, seat);
  if (!add) return fail('sofa_together_error');
  const problem = changeProblem(ctx, add, []);
  if (problem) return problem;
  return { ok: true, seats: add, confirm: confirmationsFor(ctx.data, add) };
}

/**
 * Releasing `seat`: its whole sofa goes; when it takes the last selected accessible seat, the selected
 * companion seats go too (listed in `seats` after the seat's own). Under policy 3 the release must not
 * create a lone free seat, unless it clears the whole selection (or the seat is only lone because it
 * sits between seats taken by others).
 */
export function checkDeselect(ctx: RuleContext, seat: number): RuleResult {
  const { data, state } = ctx;
  if (!isSeat(ctx, seat) || state[seat] !== SELECTED) return fail('seat_unavailable');
  const remove = sofaMembers(data, seat).filter((m) => state[m] === SELECTED);
  const summary = selectionSummary(ctx);
  const losesAccessible = remove.filter((s) => data.flags[s]! & FLAG.handicap).length;
  if (summary.companions > 0 && losesAccessible > 0 && summary.accessible - losesAccessible <= 0) {
    const going = new Set(remove);
    for (let i = 0; i < state.length; i++) {
      if (state[i] !== SELECTED || !(data.flags[i]! & FLAG.companion) || going.has(i)) continue;
      for (const m of sofaMembers(data, i)) {
        if (state[m] === SELECTED && !going.has(m)) {
          going.add(m);
          remove.push(m);
        }
      }
    }
  }
  const problem = changeProblem(ctx, [], remove, summary);
  if (problem) return problem;
  return { ok: true, seats: remove, confirm: [] };
}

/**
 * Replacing the selected seat `from` (with its sofa) by the free seat `to` (with its sofa): both must be
 * of the same ticket group (price level), then the change is checked like a selection. `seats` lists the
 * seats to select; every selected seat of `from`'s sofa is released.
 */
export function checkSwap(ctx: RuleContext, from: number, to: number): RuleResult {
  const { data, state } = ctx;
  if (!isSeat(ctx, from) || state[from] !== SELECTED) return fail('seat_unavailable');
  if (!isSeat(ctx, to) || state[to] !== FREE) return fail('seat_unavailable');
  if (data.ticketGroup[from] !== data.ticketGroup[to]) return fail('swap_price_level_error');
  const remove = sofaMembers(data, from).filter((m) => state[m] === SELECTED);
  const add = freeSofaMembers(ctx, to);
  if (!add) return fail('sofa_together_error');
  const problem = changeProblem(ctx, add, remove);
  if (problem) return problem;
  return { ok: true, seats: add, confirm: confirmationsFor(data, add) };
}

/**
 * The whole current selection, before the customer proceeds: at most maxSeats seats, sofas complete,
 * companions with an accessible seat, and under policy 3 no lone free seat created by the selection
 * (a free seat next to a selected one that is lone: with the selection released it would not be).
 * `seats` lists the selection in index order.
 */
export function validateSelection(ctx: RuleContext): RuleResult {
  const { data, state } = ctx;
  const { left, right } = ctx.neighbours;
  const selected: number[] = [];
  for (let i = 0; i < state.length; i++) if (state[i] === SELECTED) selected.push(i);
  if (selected.length > ctx.maxSeats) return fail('max_seats_error', { maxSeats: ctx.maxSeats });

  let accessible = 0;
  let companions = 0;
  for (const s of selected) {
    const f = data.flags[s]!;
    if (f & FLAG.handicap) accessible++;
    if (f & FLAG.companion) companions++;
    if (data.sofa[s]! >= 0 && sofaMembers(data, s).some((m) => state[m] !== SELECTED)) {
      return fail('sofa_together_error');
    }
  }
  if (companions > 0 && accessible === 0) return fail('companion_requires_accessible');

  if (ctx.seatingPolicyId === SINGLE_SEAT_POLICY) {
    const at: StateAt = (j) => state[j]!;
    for (const s of selected) {
      for (const j of [left[s]!, right[s]!]) {
        if (j >= 0 && isLone(left, right, at, j)) return singleSeatError(data, j);
      }
    }
  }
  return { ok: true, seats: selected, confirm: confirmationsFor(data, selected) };
}
