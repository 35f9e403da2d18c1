/**
 * Seat plans for the seat-map benchmark: deterministic, size-parametric generators of seat plan V2 objects
 * in three shapes, and status maps for them.
 *
 * - `cinema`: one hall of straight rows (a plain grid, blocks of seats between aisles), screen on top;
 * - `concert`: a concert hall of curved rows: the stalls around the stage and two balconies behind them;
 * - `stadium`: the seed data's arena (`arenaPlan`): 56 wedge-shaped sections in two rings, each a rotated
 *   and translated group.
 *
 * Every plan holds the requested number of seats within ±5 % (in practice exactly: the generators build a
 * little more and then trim the back rows), validates against `SeatplanSchema` and has seat keys unique per
 * section. No I/O and no randomness beyond a seeded PRNG: the same call always gives the same plan.
 */
import type { PlanGroup, PlanRow, PlanSeat, PlanSection, Seatplan } from '../../src/api/contract/seatplan.ts';
import { seatKey } from '../../src/domain/seatKey.ts';
import { prng } from '../../server/seed/prng.ts';
import { arenaPlan, countSeats } from '../../server/seed/seatplans.ts';

export type Shape = 'cinema' | 'concert' | 'stadium';
export const SHAPES: readonly Shape[] = ['cinema', 'concert', 'stadium'];
export const SIZES: readonly number[] = [1_000, 10_000, 50_000, 100_000];

/** A status map: seat key `section_x_y` → `"tg,ai"`, free seats only. */
export type StatusMap = Record<string, string>;

const SEAT_PITCH = 10;
const ROW_PITCH = 12;
const AISLE = 12;
const MARGIN = 20;
const VENUE_ID = 9000;

export function makePlan(shape: Shape, seats: number): Seatplan {
  switch (shape) {
    case 'cinema':
      return cinemaGridPlan(seats);
    case 'concert':
      return concertHallPlan(seats);
    case 'stadium':
      return stadiumPlan(seats);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------------------

function requireSize(seats: number, min: number): void {
  if (!Number.isInteger(seats) || seats < min) throw new Error(`seats must be an integer ≥ ${min}`);
}

function ids(shape: Shape, seats: number) {
  return { venueId: VENUE_ID + SHAPES.indexOf(shape), seatplanId: seats, name: `Bench ${shape} ${seats}` };
}

function seat(
  plan: { venueId: number; seatplanId: number },
  section: number,
  row: string,
  n: number,
  x: number,
  y: number,
  tg: number,
): PlanSeat {
  return {
    x: Math.round(x),
    y: Math.round(y),
    r: row,
    n: String(n),
    si: section,
    gi: section,
    vi: plan.venueId,
    sp: plan.seatplanId,
    tg,
    ai: 1,
  };
}

/**
 * Removes seats until the plan holds `target`: one at a time, round-robin over the sections, from the
 * back row (the last one listed) of each, alternately from its two ends, so that the shape stays balanced.
 */
export function trimToSize(plan: Seatplan, target: number): Seatplan {
  let excess = countSeats(plan) - target;
  let turn = 0;
  while (excess > 0) {
    let removed = false;
    for (const section of plan.S) {
      if (excess <= 0) break;
      const group = section.G[section.G.length - 1];
      if (!group || group.R.length <= 1) continue;
      const row = group.R[group.R.length - 1];
      if (!row) continue;
      if (turn % 2 === 0) row.S.pop();
      else row.S.shift();
      if (row.S.length === 0) group.R.pop();
      excess--;
      removed = true;
    }
    if (!removed) throw new Error(`cannot trim the plan to ${target} seats`);
    turn++;
  }
  return plan;
}

/** Shifts a plan laid out around an arbitrary origin so that it starts at MARGIN; sets width/height. */
function place(
  base: Omit<Seatplan, 'width' | 'height' | 'stage' | 'S'>,
  stage: NonNullable<Seatplan['stage']>,
  sections: PlanSection[],
): Seatplan {
  let minX = stage.x;
  let minY = stage.y;
  let maxX = stage.x + stage.width;
  let maxY = stage.y + stage.height;
  for (const s of allSeats(sections)) {
    if (s.x < minX) minX = s.x;
    if (s.y < minY) minY = s.y;
    if (s.x > maxX) maxX = s.x;
    if (s.y > maxY) maxY = s.y;
  }
  const dx = Math.ceil(MARGIN - minX);
  const dy = Math.ceil(MARGIN - minY);
  for (const s of allSeats(sections)) {
    s.x += dx;
    s.y += dy;
  }
  return {
    ...base,
    width: Math.ceil(maxX + dx + MARGIN),
    height: Math.ceil(maxY + dy + MARGIN),
    stage: { ...stage, x: stage.x + dx, y: stage.y + dy },
    S: sections,
  };
}

function* allSeats(sections: readonly PlanSection[]): Generator<PlanSeat> {
  for (const section of sections) {
    for (const group of section.G) {
      for (const row of group.R) yield* row.S;
    }
  }
}

/** Every seat of the plan with its key, in plan order. */
export function* planSeats(plan: Seatplan): Generator<{ key: string; seat: PlanSeat; group: PlanGroup }> {
  for (const section of plan.S) {
    for (const group of section.G) {
      for (const row of group.R) {
        for (const s of row.S) yield { key: seatKey(section.id, s.x, s.y), seat: s, group };
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Cinema grid
// ---------------------------------------------------------------------------------------------------------

/** Seats between two aisles of the cinema grid. */
const CINEMA_BLOCK = 24;

/**
 * A cinema-style grid of `seats` seats: one "Hall" section, about twice as many seats per row as rows,
 * blocks of up to 24 seats between aisles, the screen on top. The middle fifth of the rows is the premium
 * price level (tg 2), the rest regular (tg 1).
 */
export function cinemaGridPlan(seats: number): Seatplan {
  requireSize(seats, 10);
  const planIds = ids('cinema', seats);
  const rows = Math.max(3, Math.round(Math.sqrt(seats / 2)));
  const perRow = Math.ceil(seats / rows);
  const xs = Array.from({ length: perRow }, (_, i) => i * SEAT_PITCH + Math.floor(i / CINEMA_BLOCK) * AISLE);
  const width = (xs[xs.length - 1] ?? 0) + SEAT_PITCH;
  const premium = [Math.floor(rows * 0.4), Math.ceil(rows * 0.6)];
  const R: PlanRow[] = [];
  for (let r = 0; r < rows; r++) {
    const name = String(r + 1);
    const tg = r >= (premium[0] ?? 0) && r < (premium[1] ?? 0) ? 2 : 1;
    R.push({ r: name, S: xs.map((x, i) => seat(planIds, 1, name, i + 1, x, r * ROW_PITCH, tg)) });
  }
  const stage = { kind: 'screen' as const, x: 0, y: -60, width, height: 8 };
  const plan = place(planIds, stage, [{ id: 1, name: 'Hall', G: [{ id: 1, R }] }]);
  return trimToSize(plan, seats);
}

// ---------------------------------------------------------------------------------------------------------
// Concert hall with balconies
// ---------------------------------------------------------------------------------------------------------

interface Tier {
  name: string;
  /** Rows of the tier for a stalls depth of k rows. */
  rows: (k: number) => number;
  halfAngle: number;
  /** Price levels, front to back. */
  tg: (row: number, rows: number) => number;
}

const STALLS_FRONT = 90;
const BALCONY_GAP = 60;
const TIERS: readonly Tier[] = [
  { name: 'Stalls', rows: (k) => k, halfAngle: 50, tg: (r, n) => (r < n / 3 ? 1 : 2) },
  { name: 'Balcony 1', rows: (k) => Math.max(2, Math.round(k * 0.3)), halfAngle: 44, tg: () => 3 },
  { name: 'Balcony 2', rows: (k) => Math.max(2, Math.round(k * 0.25)), halfAngle: 40, tg: () => 4 },
];

interface ArcRowSpec {
  radius: number;
  halfAngle: number;
  blocks: number;
}

/** Seats per block of a curved row (see `arcRow`). */
function arcPerBlock({ radius, halfAngle, blocks }: ArcRowSpec): number {
  const length = 2 * ((halfAngle * Math.PI) / 180) * radius;
  return Math.max(0, Math.floor((length - (blocks - 1) * 2 * AISLE) / blocks / SEAT_PITCH));
}

/**
 * One curved row: an arc of `radius` around the stage centre (0, 0), ±halfAngle about +y, split into
 * `blocks` blocks by radial aisles, seats SEAT_PITCH apart along the arc, left to right. Rows ROW_PITCH
 * apart in radius never share a rounded position, nor do neighbours in a row.
 */
function arcRow(spec: ArcRowSpec): Array<[number, number]> {
  const { radius, halfAngle, blocks } = spec;
  const length = 2 * ((halfAngle * Math.PI) / 180) * radius;
  const blockLength = (length - (blocks - 1) * 2 * AISLE) / blocks;
  const perBlock = arcPerBlock(spec);
  const out: Array<[number, number]> = [];
  for (let b = 0; b < blocks; b++) {
    const centre = -length / 2 + blockLength / 2 + b * (blockLength + 2 * AISLE);
    for (let j = 0; j < perBlock; j++) {
      const phi = (centre + (j - (perBlock - 1) / 2) * SEAT_PITCH) / radius;
      out.push([radius * Math.sin(phi), radius * Math.cos(phi)]);
    }
  }
  return out;
}

interface TierLayout {
  tier: Tier;
  rows: number;
  front: number;
  blocks: number;
}

function concertLayout(k: number): TierLayout[] {
  const layout: TierLayout[] = [];
  let front = STALLS_FRONT;
  for (const tier of TIERS) {
    const rows = tier.rows(k);
    const back = front + (rows - 1) * ROW_PITCH;
    // Radial aisles roughly every 30 seats of the back row.
    const blocks = Math.max(3, Math.round((2 * ((tier.halfAngle * Math.PI) / 180) * back) / 300));
    layout.push({ tier, rows, front, blocks });
    front = back + BALCONY_GAP;
  }
  return layout;
}

function concertCount(layout: readonly TierLayout[]): number {
  let count = 0;
  for (const t of layout) {
    for (let r = 0; r < t.rows; r++) {
      const spec = { radius: t.front + r * ROW_PITCH, halfAngle: t.tier.halfAngle, blocks: t.blocks };
      count += spec.blocks * arcPerBlock(spec);
    }
  }
  return count;
}

/**
 * A concert hall of `seats` seats in curved rows around the stage: the "Stalls" and, behind them, two
 * balconies ("Balcony 1", "Balcony 2"), each split into blocks by radial aisles. The depth of the stalls
 * grows with the size and the balconies grow with it. Prices fall from the front stalls (tg 1) to
 * Balcony 2 (tg 4).
 */
export function concertHallPlan(seats: number): Seatplan {
  requireSize(seats, 100);
  const planIds = ids('concert', seats);
  let k = 4;
  while (concertCount(concertLayout(k)) < seats) k++;
  const sections: PlanSection[] = concertLayout(k).map((t, index) => {
    const id = index + 1;
    const R: PlanRow[] = [];
    for (let r = 0; r < t.rows; r++) {
      const name = String(r + 1);
      const tg = t.tier.tg(r, t.rows);
      const row = arcRow({ radius: t.front + r * ROW_PITCH, halfAngle: t.tier.halfAngle, blocks: t.blocks });
      R.push({ r: name, S: row.map(([x, y], i) => seat(planIds, id, name, i + 1, x, y, tg)) });
    }
    return { id, name: t.tier.name, G: [{ id, R }] };
  });
  const stage = { kind: 'stage' as const, x: -110, y: -70, width: 220, height: 120 };
  return trimToSize(place(planIds, stage, sections), seats);
}

// ---------------------------------------------------------------------------------------------------------
// Stadium
// ---------------------------------------------------------------------------------------------------------

/** The seed data's arena (rotated wedge sections in two rings) with enough rows for `seats`, trimmed. */
export function stadiumPlan(seats: number): Seatplan {
  requireSize(seats, 500);
  return trimToSize(arenaPlan(ids('stadium', seats), [11, 12, 13, 14], { minSeats: seats }), seats);
}

// ---------------------------------------------------------------------------------------------------------
// Status maps
// ---------------------------------------------------------------------------------------------------------

export interface StatusMaps {
  /** The first status map: ~30 % of the seats taken (absent). */
  first: StatusMap;
  /** The second one: differs from the first in exactly `changed` seats (10 %), half freed, half taken. */
  second: StatusMap;
  seats: number;
  takenFirst: number;
  takenSecond: number;
  changed: number;
}

/**
 * Two status maps for a plan. Seats are shuffled with a seeded PRNG; the first 30 % are taken in the first
 * map; the second map frees half of the 10 % that change (taken → free) and takes the other half
 * (free → taken), so both maps have ~30 % taken.
 */
export function statusMaps(
  plan: Seatplan,
  opts: { takenRatio?: number; changeRatio?: number; seed?: number } = {},
): StatusMaps {
  const { takenRatio = 0.3, changeRatio = 0.1, seed = 42 } = opts;
  const all = [...planSeats(plan)].map(({ key, seat: s }) => [key, `${s.tg},${s.ai}`] as const);
  const n = all.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const rand = prng(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = order[i] ?? 0;
    order[i] = order[j] ?? 0;
    order[j] = t;
  }
  const taken = Math.round(n * takenRatio);
  const changed = Math.round(n * changeRatio);
  const freed = Math.min(taken, Math.floor(changed / 2));
  const newlyTaken = changed - freed;
  if (newlyTaken > n - taken) throw new Error('too many changes for the free seats');
  // order[0, taken) taken in the first map; order[0, freed) are freed and order[taken, taken + newlyTaken)
  // get taken in the second one.
  const first: StatusMap = {};
  const second: StatusMap = {};
  for (let p = 0; p < n; p++) {
    const entry = all[order[p] ?? 0];
    if (!entry) continue;
    const [key, value] = entry;
    const takenInFirst = p < taken;
    const takenInSecond = p < taken ? p >= freed : p < taken + newlyTaken;
    if (!takenInFirst) first[key] = value;
    if (!takenInSecond) second[key] = value;
  }
  return { first, second, seats: n, takenFirst: taken, takenSecond: taken - freed + newlyTaken, changed };
}

/** `count` seat keys spread evenly over the plan (for aiming hit tests). */
export function sampleSeatKeys(plan: Seatplan, count: number): string[] {
  const keys = [...planSeats(plan)].map((s) => s.key);
  const step = keys.length / Math.max(1, count);
  const out: string[] = [];
  for (let i = 0; i < count && i * step < keys.length; i++) {
    const key = keys[Math.floor(i * step + step / 2)];
    if (key !== undefined) out.push(key);
  }
  return out;
}
