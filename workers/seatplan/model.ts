/**
 * The seat plan as compact typed arrays: what the worker builds from a seat plan V2 tree and the sparse
 * status map, what the rules and auto-select read, and what the renderer draws. Seat i is described by
 * the i-th element of every array. Seats are stored row by row, each row in the plan's seat order, rows
 * section by section; so "row order" for keyboard navigation is plain index order within a row.
 */
import { type SeatKey, seatKey } from '../../src/domain/seatKey.ts';
import type { RenderData } from './loading.ts';

/** Seat flags (bits of `PlanData.flags`). */
export const FLAG = {
  premium: 1,
  handicap: 2,
  companion: 4,
  limitedView: 8,
  sofa: 16,
} as const;

export interface RowInfo {
  /** Row name as printed (`r`). */
  name: string;
  sectionIndex: number;
  /** Seat index range [start, end) of this row. */
  start: number;
  end: number;
}

export interface SectionInfo {
  id: number;
  name: string;
  /** Seat index range [start, end) of this section. */
  start: number;
  end: number;
  /** World bounding box of the section's seats (centres), padded by the seat radius. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Convex hull of the section's seats in world units, flat [x0, y0, x1, y1, ...]. */
  hull: number[];
}

export interface PlanData {
  venueId: number;
  seatplanId: number;
  name: string;
  count: number;
  /** World position of each seat centre (group rotation and translation applied). */
  x: Float32Array;
  y: Float32Array;
  /** Plan coordinates (section-local x, y) that key the seat with its section's id (`seatKey`). */
  px: Int32Array;
  py: Int32Array;
  /** Index into `sections`. */
  section: Uint16Array;
  /** Index into `rows`. */
  row: Uint32Array;
  /** Ticket group (price level) id from the plan (`tg`). */
  ticketGroup: Uint32Array;
  /** Allocation id from the plan (`ai`). */
  allocation: Uint32Array;
  /** FLAG bits. */
  flags: Uint8Array;
  /** Sofa group index (seats sold together), or -1. */
  sofa: Int32Array;
  /** Seat names (`n`). */
  names: string[];
  rows: RowInfo[];
  sections: SectionInfo[];
  /** Seat radius in world units: half the smallest distance between neighbours in a row, at most 6. */
  seatRadius: number;
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
  stage: { kind: 'screen' | 'stage' | 'field'; x: number; y: number; width: number; height: number } | null;
}

/** A problem found while parsing a plan, with the path of the seat (or node) that caused it. */
export interface ParseIssue {
  path: string;
  message: string;
}

/** Seat state for drawing and rules. */
export const SEAT_STATE = {
  /** Not in the status map: sold, held by someone else, or not for sale. */
  taken: 0,
  available: 1,
  /** Held by this customer. */
  selected: 2,
} as const;
export type SeatState = (typeof SEAT_STATE)[keyof typeof SEAT_STATE];

/** What a customer can see about a seat, also what the screen reader announces. */
export type SeatKind =
  'available' | 'premium' | 'taken' | 'selected' | 'accessible' | 'limitedView' | 'companion';

/**
 * Plan coordinates packed into one number, for maps keyed by seat within a section: a small integer
 * (which V8 stores and hashes without a heap number) while both lie within ±16,383, as in every real plan;
 * a negative number for the rest of ±32,767. Beyond that two seats may share a number.
 */
export function packXY(x: number, y: number): number {
  if (x >= -0x3fff && x <= 0x3fff && y >= -0x3fff && y <= 0x3fff) return ((x + 0x4000) << 15) | (y + 0x4000);
  return -1 - ((x + 0x8000) * 0x10000 + (y + 0x8000));
}

/** The key of seat i (see src/domain/seatKey.ts). */
export function seatKeyOf(data: PlanData, i: number): SeatKey {
  return seatKey(data.sections[data.section[i]!]!.id, data.px[i]!, data.py[i]!);
}

/** The kind a seat is drawn as: state first (selected, taken), then its most telling flag. */
export function seatKind(flags: number, state: SeatState): SeatKind {
  if (state === SEAT_STATE.selected) return 'selected';
  if (state === SEAT_STATE.taken) return 'taken';
  if (flags & FLAG.handicap) return 'accessible';
  if (flags & FLAG.companion) return 'companion';
  if (flags & FLAG.limitedView) return 'limitedView';
  if (flags & FLAG.premium) return 'premium';
  return 'available';
}

/** Numeric kind codes for the GPU (attribute values); order matches the shader. */
export const KIND_CODE: Record<SeatKind, number> = {
  available: 0,
  premium: 1,
  taken: 2,
  selected: 3,
  accessible: 4,
  limitedView: 5,
  companion: 6,
};

/** The buffers of a plan's per-seat arrays: what moves, rather than copies, between threads. */
export function renderBuffers(d: RenderData): ArrayBuffer[] {
  return [d.x, d.y, d.px, d.py, d.flags, d.ticketGroup, d.section, d.row, d.style].map(
    (a) => a.buffer as ArrayBuffer,
  );
}
