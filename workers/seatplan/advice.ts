import { SEAT_STATE } from './model.ts';
import { nearestBlock } from './bestAvailable.ts';
import { type RuleContext, SINGLE_SEAT_POLICY, sofaMembers, validateSelection } from './rules.ts';

/**
 * What the shop tells a customer about the seats they hold, under the single-seat rule (seating policy
 * 3), while they are still choosing: the customer may build a selection in any order, and only the
 * whole selection is judged (at Continue, and at the box office on commit). A selection that would leave
 * a free seat on its own between taken ones comes with the seats it strands, shown on the map before the
 * customer goes on, and the nearest valid choices:
 *   - `fill`: take the stranded seats too (when the seat cap allows it);
 *   - `move`: the nearest block of as many seats, at the same price level, that leaves nobody alone.
 * Each choice is checked as a whole (`validateSelection`) before it is offered. All pure: `ctx.state`
 * is read, never written.
 */
export interface SelectionAdvice {
  /** Free seats the selection leaves on their own, in index order (empty: the selection is fine). */
  stranded: number[];
  /** Seats to take as well so that nobody is left alone, or null. */
  fill: number[] | null;
  /**
   * A move to the nearest block that leaves nobody alone: seats to take, seats to let go, and the whole
   * block the customer ends up with; or null.
   */
  move: { take: number[]; release: number[]; seats: number[] } | null;
}

const FREE = SEAT_STATE.available;
const SELECTED = SEAT_STATE.selected;

const isLone = (ctx: RuleContext, state: Uint8Array, j: number): boolean => {
  if (state[j] !== FREE) return false;
  const l = ctx.neighbours.left[j]!;
  const r = ctx.neighbours.right[j]!;
  if (l < 0 && r < 0) return false;
  return (l < 0 || state[l] !== FREE) && (r < 0 || state[r] !== FREE);
};

/** The selection's seats, in index order. */
function selectedSeats(state: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < state.length; i++) if (state[i] === SELECTED) out.push(i);
  return out;
}

/**
 * Free seats next to the selection that are alone because of it: lone now, and not lone with the whole
 * selection let go (a seat boxed in by other customers' purchases is not the customer's doing).
 */
export function strandedSeats(ctx: RuleContext): number[] {
  const { state } = ctx;
  const selected = selectedSeats(state);
  if (selected.length === 0) return [];
  const released = state.slice();
  for (const s of selected) released[s] = FREE;
  const out = new Set<number>();
  for (const s of selected) {
    for (const j of [ctx.neighbours.left[s]!, ctx.neighbours.right[s]!]) {
      if (j >= 0 && isLone(ctx, state, j) && !isLone(ctx, released, j)) out.add(j);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** Whether the selection after taking `take` and letting go `release` passes every seat rule. */
function validAfter(ctx: RuleContext, take: readonly number[], release: readonly number[]): boolean {
  const state = ctx.state.slice();
  for (const s of release) state[s] = FREE;
  for (const s of take) {
    if (ctx.state[s] !== FREE && !release.includes(s)) return false;
    state[s] = SELECTED;
  }
  return validateSelection({ ...ctx, state }).ok;
}

export function adviseSelection(ctx: RuleContext): SelectionAdvice {
  const none: SelectionAdvice = { stranded: [], fill: null, move: null };
  if (ctx.seatingPolicyId !== SINGLE_SEAT_POLICY) return none;
  const stranded = strandedSeats(ctx);
  if (stranded.length === 0) return none;
  const { data, state } = ctx;
  const selected = selectedSeats(state);

  const fillSet = new Set<number>();
  for (const s of stranded) for (const m of sofaMembers(data, s)) if (state[m] === FREE) fillSet.add(m);
  const fillSeats = [...fillSet].sort((a, b) => a - b);
  const fill =
    selected.length + fillSeats.length <= ctx.maxSeats && validAfter(ctx, fillSeats, []) ? fillSeats : null;

  // The nearest block of as many seats around the selection's centre, at its price level when it has one.
  let x = 0;
  let y = 0;
  for (const s of selected) {
    x += data.x[s]!;
    y += data.y[s]!;
  }
  const levels = new Set(selected.map((s) => data.ticketGroup[s]!));
  const released = state.slice();
  for (const s of selected) released[s] = FREE;
  const block = nearestBlock(
    { ...ctx, state: released },
    selected.length,
    { x: x / selected.length, y: y / selected.length },
    levels.size === 1 ? [...levels][0] : undefined,
  );
  let move: SelectionAdvice['move'] = null;
  if (block) {
    const inBlock = new Set(block);
    const mine = new Set(selected);
    const take = block.filter((s) => !mine.has(s));
    const release = selected.filter((s) => !inBlock.has(s));
    if (take.length > 0 && validAfter(ctx, take, release)) move = { take, release, seats: block };
  }
  return { stranded, fill, move };
}
