import { type PlanData, SEAT_STATE } from './model.ts';

/**
 * Seat lookup by key `sectionId_x_y` without building 100,000 strings: per section, a map from the
 * packed plan coordinates to the seat index.
 */
export interface KeyIndex {
  sectionIndexById: Map<number, number>;
  bySection: Map<number, number>[];
}

const pack = (x: number, y: number) => (x + 0x8000) * 0x10000 + (y + 0x8000);

export function buildKeyIndex(data: PlanData): KeyIndex {
  const sectionIndexById = new Map<number, number>();
  const bySection = data.sections.map((s, si) => {
    sectionIndexById.set(s.id, si);
    const m = new Map<number, number>();
    for (let i = s.start; i < s.end; i++) m.set(pack(data.px[i]!, data.py[i]!), i);
    return m;
  });
  return { sectionIndexById, bySection };
}

/** The seat index of a key, or -1. */
export function seatIndexOf(index: KeyIndex, key: string): number {
  const a = key.indexOf('_');
  const b = key.indexOf('_', a + 1);
  if (a < 0 || b < 0) return -1;
  const si = index.sectionIndexById.get(Number(key.slice(0, a)));
  if (si === undefined) return -1;
  return index.bySection[si]!.get(pack(Number(key.slice(a + 1, b)), Number(key.slice(b + 1)))) ?? -1;
}

export interface StatusResult {
  /** SEAT_STATE per seat; seats selected by this customer stay selected. */
  state: Uint8Array;
  /** Seats whose state changed compared with the previous state. */
  changed: Uint32Array;
  /** Share of seats not available (taken, or selected by this customer), rounded to 3 decimals. */
  takenRatio: number;
  /** Keys in the map that match no seat (a plan and status of different halls, say). */
  unknownKeys: number;
}

/**
 * Applies a sparse status map (free seats only, `section_x_y` → `ticketGroup,allocation`): a seat
 * absent from the map is unavailable. Returns the new state and which seats changed, as a diff.
 */
export function applyStatus(
  data: PlanData,
  index: KeyIndex,
  status: Record<string, string>,
  previous: Uint8Array | null,
): StatusResult {
  const state = new Uint8Array(data.count); // all taken (0) until the map says free
  let unknownKeys = 0;
  for (const key in status) {
    const i = seatIndexOf(index, key);
    if (i < 0) unknownKeys++;
    else state[i] = SEAT_STATE.available;
  }
  let taken = 0;
  const changed: number[] = [];
  for (let i = 0; i < data.count; i++) {
    // The customer's own held seats are not free in the map, but stay theirs.
    if (previous && previous[i] === SEAT_STATE.selected && state[i] !== SEAT_STATE.available)
      state[i] = SEAT_STATE.selected;
    if (state[i] !== SEAT_STATE.available) taken++;
    if (previous === null || previous[i] !== state[i]) changed.push(i);
  }
  return {
    state,
    changed: Uint32Array.from(changed),
    takenRatio: takenRatio(taken, data.count),
    unknownKeys,
  };
}

/** The taken-seat ratio, rounded to 3 decimals (spec section 9). */
export function takenRatio(taken: number, count: number): number {
  return count === 0 ? 0 : Math.round((taken / count) * 1000) / 1000;
}
