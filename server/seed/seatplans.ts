/**
 * Demo seat plans (seat plan V2) for the seed data and the benchmarks.
 *
 * Pure, deterministic generators: no I/O, no randomness. Every plan validates against `SeatplanSchema`.
 *
 * Conventions used throughout:
 * - plan units: a seat pitch is SEAT_PITCH (10) units along a row, ROW_PITCH (12) units between rows;
 * - every section holds exactly one group, and both get the same small id (1, 2, 3, ...), so the seat key
 *   `section_x_y` only has to be unique within a group;
 * - a block of seats is laid out in its group's local frame facing "up": the stage is towards -y, row 1 is
 *   at y = 0 and the rows go back in +y; the group's rotation (degrees clockwise, y pointing down) and
 *   translation (tx, ty) then turn it towards the stage and put it in place:
 *   world = (x cos θ - y sin θ + tx, x sin θ + y cos θ + ty);
 * - layouts are designed around an arbitrary origin; `finalize` shifts everything so that the plan starts
 *   at MARGIN and sets width/height to enclose every seat and the stage.
 */
import type { PlanGroup, PlanRow, PlanSeat, PlanSection, Seatplan } from '../../src/api/contract/seatplan.ts';
import { seatKey } from '../../src/domain/seatKey.ts';
import { DEMO_SECTION_NAMES } from './sectionNames.ts';

export interface PlanIds {
  venueId: number;
  seatplanId: number;
  name: string;
}

const SEAT_PITCH = 10;
const ROW_PITCH = 12;
const MARGIN = 20;
/** Allocation ids: seats sold online, and house seats held back by the venue. */
const ONLINE = 1;
const HOUSE = 2;

type Stage = NonNullable<Seatplan['stage']>;
type SeatFlags = Pick<PlanSeat, 'premium' | 'handicap' | 'companion' | 'limitedView' | 'sofa'>;

interface Placement {
  rotation: number;
  tx: number;
  ty: number;
}

interface Draft {
  ids: PlanIds;
  stage: Stage;
  sections: PlanSection[];
}

/** Adds seats to the single group of one section. */
interface GroupBuilder {
  readonly draft: Draft;
  readonly sectionId: number;
  readonly group: PlanGroup;
  readonly rows: Map<string, PlanRow>;
}

// ---------------------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------------------

function newDraft(ids: PlanIds, stage: Stage): Draft {
  return { ids, stage, sections: [] };
}

function addSection(draft: Draft, name: string, placement?: Placement): GroupBuilder {
  const id = draft.sections.length + 1;
  const group: PlanGroup = { id, R: [] };
  if (placement) {
    if (placement.rotation !== 0) group.rotation = placement.rotation;
    group.tx = placement.tx;
    group.ty = placement.ty;
  }
  const names = DEMO_SECTION_NAMES[name];
  draft.sections.push({ id, name, ...(names ? { names } : {}), G: [group] });
  return { draft, sectionId: id, group, rows: new Map() };
}

function addSeat(g: GroupBuilder, row: string, n: number, x: number, y: number, tg: number): PlanSeat {
  let planRow = g.rows.get(row);
  if (!planRow) {
    planRow = { r: row, S: [] };
    g.rows.set(row, planRow);
    g.group.R.push(planRow);
  }
  const seat: PlanSeat = {
    x: Math.round(x),
    y: Math.round(y),
    r: row,
    n: String(n),
    si: g.sectionId,
    gi: g.group.id,
    vi: g.draft.ids.venueId,
    sp: g.draft.ids.seatplanId,
    tg,
    ai: ONLINE,
  };
  planRow.S.push(seat);
  return seat;
}

function seatsOfRow(g: GroupBuilder, row: string): PlanSeat[] {
  const planRow = g.rows.get(row);
  if (!planRow) throw new Error(`no row ${row} in section ${g.sectionId}`);
  return planRow.S;
}

/** The seat with the given 1-based position in the row's seat list. */
function seatAt(seats: readonly PlanSeat[], position: number): PlanSeat {
  const seat = seats[position - 1];
  if (!seat) throw new Error(`no seat at position ${position}`);
  return seat;
}

function mark(seat: PlanSeat, flags: SeatFlags): void {
  Object.assign(seat, flags);
}

/** A wheelchair space with its companion seat (one position further into the row, by `towards`). */
function markWheelchair(seats: readonly PlanSeat[], position: number, towards: 1 | -1): void {
  mark(seatAt(seats, position), { handicap: true });
  mark(seatAt(seats, position + towards), { companion: true });
}

/** Wheelchair spaces at both ends of a row, companions next to them. */
function markWheelchairEnds(seats: readonly PlanSeat[]): void {
  if (seats.length < 4) return;
  markWheelchair(seats, 1, 1);
  markWheelchair(seats, seats.length, -1);
}

/** Price level `index` (0 = most expensive), clamped to the cheapest level available. */
function level(levels: readonly number[], index: number): number {
  const tg = levels[Math.min(index, levels.length - 1)];
  if (tg === undefined) throw new Error('at least one price level is required');
  return tg;
}

function requireInt(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}`);
}

function requireLevels(levels: readonly number[]): void {
  if (levels.length === 0) throw new Error('at least one price level is required');
}

const round2 = (v: number): number => Math.round(v * 100) / 100;
const rad = (deg: number): number => (deg * Math.PI) / 180;

/**
 * Places a block at `angle` degrees around the centre (0 = below it, 90 = left of it, clockwise on a
 * y-down screen), its front row `distance` units from the centre, rotated so that it faces the centre.
 */
function facingCentre(angle: number, distance: number, cx = 0, cy = 0): Placement {
  const a = rad(angle);
  return {
    rotation: round2(((angle % 360) + 360) % 360),
    tx: round2(cx - distance * Math.sin(a)),
    ty: round2(cy + distance * Math.cos(a)),
  };
}

/**
 * Local x of `count` seats along a straight row centred on x = 0, with an optional aisle of `aisle` extra
 * units after the first half of the row. Integers, SEAT_PITCH apart.
 */
function straightRowXs(count: number, aisle: number): number[] {
  const aisleAfter = aisle > 0 ? Math.ceil(count / 2) : count;
  const raw = Array.from({ length: count }, (_, i) => i * SEAT_PITCH + (i >= aisleAfter ? aisle : 0));
  const shift = Math.round(((raw[count - 1] ?? 0) - (raw[0] ?? 0)) / 2);
  return raw.map((x) => x - shift);
}

interface ArcSeat {
  x: number;
  y: number;
  block: number;
}

/**
 * Seats of one curved row: an arc of `radius` around (0, 0), spanning ±halfAngle degrees about the +y
 * axis (so the centre, i.e. the stage, is "above" the row), split into `blocks` blocks by radial aisles of
 * `aisle` units. Seats are SEAT_PITCH apart along the arc and listed from left to right. After rounding to
 * integers neighbours stay ≥ 8.5 units apart, and rows (ROW_PITCH apart in radius) never collide.
 */
function arcRow(radius: number, halfAngle: number, blocks: number, aisle: number): ArcSeat[] {
  const length = 2 * rad(halfAngle) * radius;
  const blockLength = (length - (blocks - 1) * aisle) / blocks;
  const perBlock = Math.floor(blockLength / SEAT_PITCH);
  const seats: ArcSeat[] = [];
  for (let b = 0; b < blocks; b++) {
    const centre = -length / 2 + blockLength / 2 + b * (blockLength + aisle);
    for (let j = 0; j < perBlock; j++) {
      const phi = (centre + (j - (perBlock - 1) / 2) * SEAT_PITCH) / radius;
      seats.push({ x: Math.round(radius * Math.sin(phi)), y: Math.round(radius * Math.cos(phi)), block: b });
    }
  }
  return seats;
}

/** Positions (1-based, in the row) of the first and last seat of each block. */
function blockEnds(seats: readonly ArcSeat[]): Array<[number, number]> {
  const ends: Array<[number, number]> = [];
  seats.forEach((s, i) => {
    const last = ends[ends.length - 1];
    if (last && seats[i - 1]?.block === s.block) last[1] = i + 1;
    else ends.push([i + 1, i + 1]);
  });
  return ends;
}

/** World position of a local point under a group transform. */
function toWorld(x: number, y: number, cos: number, sin: number, tx: number, ty: number): [number, number] {
  return [x * cos - y * sin + tx, x * sin + y * cos + ty];
}

/**
 * Shifts the whole plan so that its seats and stage start at MARGIN, sets width and height, and checks
 * that every seat key is unique. Groups without a transform get their seat coordinates shifted (whole
 * units), the others their translation.
 */
function finalize(draft: Draft): Seatplan {
  const { stage } = draft;
  let minX = stage.x;
  let minY = stage.y;
  let maxX = stage.x + stage.width;
  let maxY = stage.y + stage.height;
  for (const section of draft.sections) {
    for (const group of section.G) {
      let lx0 = Infinity;
      let ly0 = Infinity;
      let lx1 = -Infinity;
      let ly1 = -Infinity;
      for (const row of group.R) {
        for (const s of row.S) {
          if (s.x < lx0) lx0 = s.x;
          if (s.x > lx1) lx1 = s.x;
          if (s.y < ly0) ly0 = s.y;
          if (s.y > ly1) ly1 = s.y;
        }
      }
      if (lx0 === Infinity) continue;
      const a = rad(group.rotation ?? 0);
      const cos = Math.cos(a);
      const sin = Math.sin(a);
      for (const [cx, cy] of [
        [lx0, ly0],
        [lx1, ly0],
        [lx0, ly1],
        [lx1, ly1],
      ] as const) {
        const [wx, wy] = toWorld(cx, cy, cos, sin, group.tx ?? 0, group.ty ?? 0);
        minX = Math.min(minX, wx);
        minY = Math.min(minY, wy);
        maxX = Math.max(maxX, wx);
        maxY = Math.max(maxY, wy);
      }
    }
  }
  const dx = Math.ceil(MARGIN - minX);
  const dy = Math.ceil(MARGIN - minY);
  for (const section of draft.sections) {
    for (const group of section.G) {
      if (group.rotation === undefined && group.tx === undefined && group.ty === undefined) {
        for (const row of group.R) {
          for (const s of row.S) {
            s.x += dx;
            s.y += dy;
          }
        }
      } else {
        group.tx = round2((group.tx ?? 0) + dx);
        group.ty = round2((group.ty ?? 0) + dy);
      }
    }
  }
  assertUniqueKeys(draft.sections);
  return {
    venueId: draft.ids.venueId,
    seatplanId: draft.ids.seatplanId,
    name: draft.ids.name,
    width: Math.ceil(maxX + dx + MARGIN),
    height: Math.ceil(maxY + dy + MARGIN),
    stage: { ...stage, x: stage.x + dx, y: stage.y + dy },
    S: draft.sections,
  };
}

/** Guards the generators: (section, x, y) must identify one seat. Numeric keys keep this fast. */
function assertUniqueKeys(sections: readonly PlanSection[]): void {
  const seen = new Set<number>();
  for (const section of sections) {
    for (const group of section.G) {
      for (const row of group.R) {
        for (const s of row.S) {
          const key = (section.id * 2 ** 21 + (s.x + 2 ** 20)) * 2 ** 21 + (s.y + 2 ** 20);
          if (seen.has(key)) throw new Error(`duplicate seat key ${seatKey(section.id, s.x, s.y)}`);
          seen.add(key);
        }
      }
    }
  }
}

export function countSeats(plan: Seatplan): number {
  let count = 0;
  for (const section of plan.S) {
    for (const group of section.G) {
      for (const row of group.R) count += row.S.length;
    }
  }
  return count;
}

// ---------------------------------------------------------------------------------------------------------
// Cinema
// ---------------------------------------------------------------------------------------------------------

const CINEMA_AISLE = 12;
const SOFA_GAP = 6;

export interface CinemaOptions {
  rows: number;
  seatsPerRow: number;
  levels: { regular: number; premium?: number; sofa?: number };
  variant: 'standard' | 'premium-row' | 'sofas';
}

/**
 * A multiplex cinema auditorium: one "Hall" section, screen at the top, straight rows "1".."N" from the
 * screen back, seats numbered from 1 (left to right as seen from the seats), a centre aisle in rows of 12+
 * seats. Row 1's outermost seats have a limited view of the screen; two wheelchair spaces with companion
 * seats sit at the ends of the back row (or in the front row when the back row holds sofas); four house
 * seats in the middle of the hall are held back by the venue. Variants: a premium middle row, or a back
 * row of two-seat love-seat sofas sold as a unit.
 */
export function cinemaHallPlan(ids: PlanIds, opts: CinemaOptions): Seatplan {
  const { rows, seatsPerRow, levels, variant } = opts;
  requireInt('rows', rows, 3);
  requireInt('seatsPerRow', seatsPerRow, 6);
  const premiumTg = variant === 'premium-row' ? required(levels.premium, 'levels.premium') : undefined;
  const sofaTg = variant === 'sofas' ? required(levels.sofa, 'levels.sofa') : undefined;

  const aisle = seatsPerRow >= 12 ? CINEMA_AISLE : 0;
  const xs = straightRowXs(seatsPerRow, aisle);
  const left = xs[0] ?? 0;
  const right = xs[xs.length - 1] ?? 0;
  const draft = newDraft(ids, { kind: 'screen', x: left - 15, y: -48, width: right - left + 30, height: 6 });
  const hall = addSection(draft, 'Hall');
  const premiumRow = Math.floor(rows / 2) + 1;

  for (let r = 1; r <= rows; r++) {
    const name = String(r);
    if (r === rows && sofaTg !== undefined) {
      addSofaRow(hall, name, (r - 1) * ROW_PITCH + 4, seatsPerRow, aisle, sofaTg);
      continue;
    }
    const premium = r === premiumRow && premiumTg !== undefined;
    xs.forEach((x, i) => {
      const seat = addSeat(hall, name, i + 1, x, (r - 1) * ROW_PITCH, premium ? premiumTg : levels.regular);
      if (premium) seat.premium = true;
    });
  }

  const front = seatsOfRow(hall, '1');
  mark(seatAt(front, 1), { limitedView: true });
  mark(seatAt(front, front.length), { limitedView: true });
  if (sofaTg === undefined) {
    markWheelchairEnds(seatsOfRow(hall, String(rows)));
  } else {
    markWheelchair(front, 2, 1);
    markWheelchair(front, front.length - 1, -1);
  }

  const house = seatsOfRow(hall, String(Math.ceil(rows / 2)));
  const mid = Math.floor(seatsPerRow / 2);
  for (let n = mid - 1; n <= mid + 2; n++) seatAt(house, n).ai = HOUSE;

  return finalize(draft);
}

function required(value: number | undefined, name: string): number {
  if (value === undefined) throw new Error(`${name} is required for this variant`);
  return value;
}

/** A back row of two-seat sofas (as many as fit the row), each with its own sofa id, e.g. "R10-S1". */
function addSofaRow(
  hall: GroupBuilder,
  row: string,
  y: number,
  seatsPerRow: number,
  aisle: number,
  tg: number,
) {
  const sofas = Math.floor(seatsPerRow / 2);
  const aisleAfter = aisle > 0 ? Math.ceil(sofas / 2) : sofas;
  const sofaX = (k: number) => k * (2 * SEAT_PITCH + SOFA_GAP) + (k >= aisleAfter ? aisle : 0);
  const shift = Math.round((sofaX(sofas - 1) + SEAT_PITCH) / 2);
  for (let k = 0; k < sofas; k++) {
    const sofa = `R${row}-S${k + 1}`;
    for (let j = 0; j < 2; j++) {
      const seat = addSeat(hall, row, 2 * k + j + 1, sofaX(k) + j * SEAT_PITCH - shift, y, tg);
      seat.sofa = sofa;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Concert hall
// ---------------------------------------------------------------------------------------------------------

const CONCERT_STALLS = { rows: 26, radius: 90, halfAngle: 50, blocks: 3 };
const CONCERT_BALCONIES = [
  { name: 'Balcony 1', rows: 7, radius: 430, halfAngle: 42, blocks: 3 },
  { name: 'Balcony 2', rows: 6, radius: 540, halfAngle: 38, blocks: 3 },
] as const;
const RADIAL_AISLE = 16;

/**
 * A classic horseshoe concert hall (~1,800 seats): the stage at the top, the "Stalls" in curved rows
 * around it (three blocks between two radial aisles) and two balconies behind and above them, curved the
 * same way. Prices fall from the front centre stalls (levels[0]) to Balcony 2 (cheapest); wheelchair
 * spaces with companions at the ends of the blocks in the back row of the stalls; the two outermost seats
 * of every balcony row have a limited view.
 */
export function concertHallPlan(ids: PlanIds, levels: readonly number[]): Seatplan {
  requireLevels(levels);
  const draft = newDraft(ids, { kind: 'stage', x: -110, y: -70, width: 220, height: 120 });

  const stalls = addSection(draft, 'Stalls');
  const { rows, radius, halfAngle, blocks } = CONCERT_STALLS;
  for (let r = 1; r <= rows; r++) {
    const seats = arcRow(radius + (r - 1) * ROW_PITCH, halfAngle, blocks, RADIAL_AISLE);
    seats.forEach((s, i) => {
      const index = r <= 10 ? (s.block === 1 ? 0 : 1) : r <= 20 ? 1 : 2;
      addSeat(stalls, String(r), i + 1, s.x, s.y, level(levels, index));
    });
    if (r === rows) {
      const row = seatsOfRow(stalls, String(r));
      for (const [first, last] of blockEnds(seats)) {
        markWheelchair(row, first, 1);
        markWheelchair(row, last, -1);
      }
    }
  }
  const houseRow = seatsOfRow(stalls, '12');
  const mid = Math.floor(houseRow.length / 2);
  for (let n = mid - 1; n <= mid + 2; n++) seatAt(houseRow, n).ai = HOUSE;

  CONCERT_BALCONIES.forEach((b, index) => {
    const balcony = addSection(draft, b.name);
    for (let r = 1; r <= b.rows; r++) {
      const seats = arcRow(b.radius + (r - 1) * ROW_PITCH, b.halfAngle, b.blocks, RADIAL_AISLE);
      const tg = level(levels, index === 0 ? (r <= 3 ? 2 : 3) : 4);
      seats.forEach((s, i) => addSeat(balcony, String(r), i + 1, s.x, s.y, tg));
      const row = seatsOfRow(balcony, String(r));
      for (const p of [1, 2, row.length - 1, row.length]) mark(seatAt(row, p), { limitedView: true });
    }
  });

  return finalize(draft);
}

// ---------------------------------------------------------------------------------------------------------
// Orchestra hall (vineyard)
// ---------------------------------------------------------------------------------------------------------

interface BlockSpec {
  rows: number;
  /** Seats in row r (1-based). */
  seats: (r: number) => number;
  /** Ticket group of row r. */
  tg: (r: number) => number;
  /** Extra units of a centre aisle, 0 for none. */
  aisle?: number;
}

/**
 * A block of straight rows in a group's local frame (row 1 at y = 0, facing -y), each row centred on
 * x = 0, so that a group rotation about the origin turns the block about the middle of its front row.
 */
function addBlock(g: GroupBuilder, spec: BlockSpec): void {
  for (let r = 1; r <= spec.rows; r++) {
    const y = (r - 1) * ROW_PITCH;
    const tg = spec.tg(r);
    straightRowXs(spec.seats(r), spec.aisle ?? 0).forEach((x, i) => addSeat(g, String(r), i + 1, x, y, tg));
  }
}

/**
 * A "vineyard" symphony hall in the style of the Berlin Philharmonie (~1,100 seats): the stage in the
 * middle-top, the "Parterre" in front of it, two terraces angled towards it from the lower left and right,
 * the "Choir" seats behind the stage facing the audience, and a curved "Balcony" at the back. Terraces and
 * choir are rotated groups. Prices: front parterre, then back parterre and terraces, then balcony, then the
 * choir (limited view at its ends); wheelchair spaces at the back of the parterre.
 */
export function orchestraHallPlan(ids: PlanIds, levels: readonly number[]): Seatplan {
  requireLevels(levels);
  const draft = newDraft(ids, { kind: 'stage', x: -120, y: -60, width: 240, height: 120 });

  const parterre = addSection(draft, 'Parterre', facingCentre(0, 95));
  addBlock(parterre, { rows: 12, seats: (r) => 26 + r, tg: (r) => level(levels, r <= 6 ? 0 : 1), aisle: 12 });
  markWheelchairEnds(seatsOfRow(parterre, '12'));

  for (const [name, angle] of [
    ['Left terrace', 58],
    ['Right terrace', -58],
  ] as const) {
    const terrace = addSection(draft, name, facingCentre(angle, 320));
    addBlock(terrace, { rows: 8, seats: (r) => 14 + Math.floor(r / 2), tg: () => level(levels, 1) });
  }

  const choir = addSection(draft, 'Choir', facingCentre(180, 90));
  addBlock(choir, { rows: 5, seats: (r) => 20 + r, tg: () => level(levels, 3), aisle: 12 });
  for (let r = 1; r <= 5; r++) {
    const row = seatsOfRow(choir, String(r));
    for (const p of [1, row.length]) mark(seatAt(row, p), { limitedView: true });
  }

  const balcony = addSection(draft, 'Balcony');
  for (let r = 1; r <= 7; r++) {
    const seats = arcRow(370 + (r - 1) * ROW_PITCH, 38, 3, RADIAL_AISLE);
    seats.forEach((s, i) => addSeat(balcony, String(r), i + 1, s.x, s.y, level(levels, 2)));
  }

  return finalize(draft);
}

// ---------------------------------------------------------------------------------------------------------
// Arena
// ---------------------------------------------------------------------------------------------------------

const ARENA_FIELD = { width: 440, height: 280 };
const ARENA_LOWER = { sections: 24, front: 290, prefix: 1 };
const ARENA_UPPER = { sections: 32, prefix: 2 };
const ARENA_CONCOURSE = 40;
const ARENA_AISLE = 14;

/**
 * Seats in row `row` (1-based) of a section that is one of `sections` equal wedges of a ring, its front row
 * `front` units from the centre: as many as fit the wedge at that depth, leaving an aisle to the next one.
 * Since every seat stays inside its section's wedge, sections of a ring never overlap whatever the depth.
 */
function wedgeRowSeats(sections: number, front: number, row: number): number {
  const depth = front + (row - 1) * ROW_PITCH;
  const width = 2 * depth * Math.tan(Math.PI / sections) - ARENA_AISLE;
  return Math.max(0, Math.floor(width / SEAT_PITCH));
}

interface ArenaLayout {
  rows: number;
  upperFront: number;
}

function arenaLayout(rows: number): ArenaLayout {
  const lowerBack = ARENA_LOWER.front + (rows - 1) * ROW_PITCH;
  // The corners of the lower ring's back rows lie furthest out, at lowerBack / cos(half a wedge).
  const upperFront = Math.ceil(lowerBack / Math.cos(Math.PI / ARENA_LOWER.sections) + ARENA_CONCOURSE);
  return { rows, upperFront };
}

function arenaSeatCount({ rows, upperFront }: ArenaLayout): number {
  let count = 0;
  for (let r = 1; r <= rows; r++) {
    count += ARENA_LOWER.sections * wedgeRowSeats(ARENA_LOWER.sections, ARENA_LOWER.front, r);
    count += ARENA_UPPER.sections * wedgeRowSeats(ARENA_UPPER.sections, upperFront, r);
  }
  return count;
}

/**
 * A multi-purpose arena / stadium bowl: a rectangular field in the middle, a lower ring of 24 sections
 * ("101".."124") and an upper ring of 32 ("201".."232") all around it behind a concourse. Each section is a
 * wedge-shaped block of straight rows (wider towards the back) in its own group, rotated by its angle around
 * the centre so that it faces the field. Both rings get as many rows as needed for `minSeats` (default
 * 20,000). Prices by ring and side: the long sides of the field cost more than the ends. Wheelchair spaces
 * at the back of every sixth lower-ring section.
 */
export function arenaPlan(
  ids: PlanIds,
  levels: readonly number[],
  opts: { minSeats?: number } = {},
): Seatplan {
  requireLevels(levels);
  const minSeats = opts.minSeats ?? 20_000;
  requireInt('minSeats', minSeats, 1);
  let layout = arenaLayout(1);
  while (arenaSeatCount(layout) < minSeats) layout = arenaLayout(layout.rows + 1);

  const { width, height } = ARENA_FIELD;
  const draft = newDraft(ids, { kind: 'field', x: -width / 2, y: -height / 2, width, height });
  const rings = [
    { ...ARENA_LOWER, levelBase: 0 },
    { ...ARENA_UPPER, front: layout.upperFront, levelBase: 2 },
  ];
  for (const ring of rings) {
    for (let i = 0; i < ring.sections; i++) {
      const angle = (i * 360) / ring.sections;
      // Sections facing the long sides of the field (top and bottom) are the better ones.
      const longSide = Math.abs(Math.cos(rad(angle))) >= Math.SQRT1_2 - 1e-9;
      const tg = level(levels, ring.levelBase + (longSide ? 0 : 1));
      const name = String(ring.prefix * 100 + i + 1);
      const section = addSection(draft, name, facingCentre(angle, ring.front));
      const seats = (r: number) => wedgeRowSeats(ring.sections, ring.front, r);
      addBlock(section, { rows: layout.rows, seats, tg: () => tg });
      if (ring.prefix === 1 && i % 6 === 0) markWheelchairEnds(seatsOfRow(section, String(layout.rows)));
    }
  }
  return finalize(draft);
}

// ---------------------------------------------------------------------------------------------------------
// General admission
// ---------------------------------------------------------------------------------------------------------

const GA_ROW = 50;

/**
 * A standing-only club or open-air floor: one "Standing" section of `capacity` virtual seats in a grid of
 * rows of 50 in front of a stage at the top, all at one price, all sold online.
 */
export function generalAdmissionPlan(ids: PlanIds, ticketGroup: number, capacity: number): Seatplan {
  requireInt('capacity', capacity, 1);
  const draft = newDraft(ids, {
    kind: 'stage',
    x: -20,
    y: -80,
    width: (GA_ROW - 1) * SEAT_PITCH + 40,
    height: 50,
  });
  const floor = addSection(draft, 'Standing');
  for (let i = 0; i < capacity; i++) {
    const r = Math.floor(i / GA_ROW);
    const j = i % GA_ROW;
    addSeat(floor, String(r + 1), j + 1, j * SEAT_PITCH, r * ROW_PITCH, ticketGroup);
  }
  return finalize(draft);
}
