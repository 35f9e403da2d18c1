import { type PlanData, SEAT_STATE } from './model.ts';
import { type KeyIndex, seatIndexOf, type StatusResult, takenRatio } from './status.ts';

/**
 * Seats whose availability changed since a status version, as the status stream pushes them (one
 * `changes` event): a sparse diff of the seats-statusV2 map instead of the whole map.
 */
export interface SeatChanges {
  /** Seats that became free: key → `ticketGroup,allocation`, the status map's own value format. */
  free: Record<string, string>;
  /** Seats that became unavailable: held by anyone (this customer too), or sold. */
  taken: string[];
}

/**
 * Applies a diff to the current state. The result is the state a full status map would give whose keys
 * differ from the last one by exactly these (`applyStatus` and `finish` in status.ts): a `taken` seat
 * the customer has selected stays selected (their own hold shows as taken to everyone), a `free` seat
 * becomes available even when selected (the customer's hold lapsed). Seats the diff does not name keep
 * their state. A key in both lists counts as free. `changed` lists the seats whose state changed, in
 * index order; `unknownKeys` counts the diff's keys that match no seat.
 */
export function applySeatChanges(
  data: PlanData,
  index: KeyIndex,
  changes: SeatChanges,
  previous: Uint8Array,
): StatusResult {
  if (previous.length !== data.count) throw new Error('the seat state does not match the plan');
  const state = previous.slice();
  const touched = new Set<number>();
  let unknownKeys = 0;
  for (const key of changes.taken) {
    const i = seatIndexOf(index, key);
    if (i < 0) {
      unknownKeys++;
      continue;
    }
    if (state[i] !== SEAT_STATE.selected) state[i] = SEAT_STATE.taken;
    touched.add(i);
  }
  for (const key in changes.free) {
    const i = seatIndexOf(index, key);
    if (i < 0) {
      unknownKeys++;
      continue;
    }
    state[i] = SEAT_STATE.available;
    touched.add(i);
  }
  const changed = Uint32Array.from([...touched].filter((i) => state[i] !== previous[i])).sort();
  // One pass over a byte array (≈0.1 ms for 100,000 seats) keeps the ratio exact, as a full map does.
  let taken = 0;
  for (let i = 0; i < state.length; i++) if (state[i] !== SEAT_STATE.available) taken++;
  return { state, changed, takenRatio: takenRatio(taken, data.count), unknownKeys };
}
