import { packXY, type PlanData, SEAT_STATE } from './model.ts';

/**
 * Seat lookup by key `sectionId_x_y` without building 100,000 strings: per section, a map from the
 * packed plan coordinates to the seat index.
 */
export interface KeyIndex {
  sectionIndexById: Map<number, number>;
  bySection: Map<number, number>[];
}

const pack = packXY;

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

/**
 * The seat index of a key (`sectionId_x_y`, x and y may be negative; src/domain/seatKey.ts writes them),
 * or -1. Parsed by hand rather than with `parseSeatKey`: it runs for every key of every status map, and
 * substrings would allocate 3 strings a key.
 */
export function seatIndexOf(index: KeyIndex, key: string): number {
  const parts = [0, 0, 0];
  let part = 0;
  let value = 0;
  let negative = false;
  let digits = 0;
  for (let k = 0; k <= key.length; k++) {
    const c = k < key.length ? key.charCodeAt(k) : 95; // a final '_' closes the last part
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits++;
    } else if (c === 45 && digits === 0 && !negative) {
      negative = true;
    } else if (c === 95 && digits > 0 && part < 3) {
      parts[part++] = negative ? -value : value;
      value = 0;
      digits = 0;
      negative = false;
    } else {
      return -1;
    }
  }
  if (part !== 3) return -1;
  const si = index.sectionIndexById.get(parts[0]!);
  if (si === undefined) return -1;
  return index.bySection[si]!.get(pack(parts[1]!, parts[2]!)) ?? -1;
}

/** A status map with no free seat: `{}`, or an answer whose `seats` is `{}`. */
export function isEmptyStatusText(text: string): boolean {
  return /^\s*\{\s*(?:"seats"\s*:\s*\{\s*\}\s*(?:,[^]*)?)?\}\s*$/.test(text);
}

/**
 * Reads the free seats straight from the status map's JSON text: every `"section_x_y":` key, wherever
 * it stands (a bare map, or the seats-statusV2 answer with its `seats` object). No object with 70,000
 * keys is built and no key string is allocated, which makes a status update several times faster than
 * JSON.parse plus a lookup per key. Returns the seat indices, or null when the text holds no such key
 * and is not an empty object (let JSON.parse report what is wrong then).
 */
export function scanStatusText(
  index: KeyIndex,
  text: string,
): { free: number[]; unknownKeys: number } | null {
  const free: number[] = [];
  let unknownKeys = 0;
  let keys = 0;
  const n = text.length;
  let k = text.indexOf('"');
  while (k >= 0 && k < n) {
    // Try to read  "<int>_<int>_<int>"  followed by optional spaces and a colon.
    let p = k + 1;
    const nums = [0, 0, 0];
    let ok = true;
    for (let part = 0; part < 3 && ok; part++) {
      let neg = false;
      if (text.charCodeAt(p) === 45) {
        neg = true;
        p++;
      }
      let digits = 0;
      let v = 0;
      while (p < n) {
        const c = text.charCodeAt(p);
        if (c < 48 || c > 57) break;
        v = v * 10 + (c - 48);
        digits++;
        p++;
      }
      if (digits === 0) ok = false;
      nums[part] = neg ? -v : v;
      const expected = part < 2 ? 95 : 34; // '_' between parts, '"' at the end
      if (ok && text.charCodeAt(p) === expected) p++;
      else ok = false;
    }
    if (ok) {
      while (p < n && text.charCodeAt(p) <= 32) p++;
      if (text.charCodeAt(p) === 58) {
        keys++;
        const si = index.sectionIndexById.get(nums[0]!);
        const i = si === undefined ? undefined : index.bySection[si]!.get(pack(nums[1]!, nums[2]!));
        if (i === undefined) unknownKeys++;
        else free.push(i);
      }
    }
    // Next string: skip this one to its closing quote first.
    const close = text.indexOf('"', k + 1);
    k = close < 0 ? -1 : text.indexOf('"', close + 1);
  }
  if (keys === 0 && !isEmptyStatusText(text)) return null;
  return { free, unknownKeys };
}

/** Like `applyStatus`, from the seat indices of the free seats. */
export function applyFreeSeats(
  data: PlanData,
  free: readonly number[],
  unknownKeys: number,
  previous: Uint8Array | null,
): StatusResult {
  const state = new Uint8Array(data.count);
  for (const i of free) state[i] = SEAT_STATE.available;
  return finish(data, state, previous, unknownKeys);
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
  return finish(data, state, previous, unknownKeys);
}

function finish(
  data: PlanData,
  state: Uint8Array,
  previous: Uint8Array | null,
  unknownKeys: number,
): StatusResult {
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
