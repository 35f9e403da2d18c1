import type { SeatGrid } from './grid.ts';
import { columnsOutline, decodeColumns, isColumns } from './columns.ts';
import { type ParseIssue, type PlanData, SEAT_STATE } from './model.ts';
import { type ParseResult, parsePlan } from './parse.ts';
import type { PlanInput } from './sources.ts';
import type { ColorMode, SeatColors } from './style.ts';

/** What a load of the engine (engine.ts) is given and answers, and how it reads a plan. */

export type { ParseResult } from './parse.ts';

export interface EngineOptions {
  maxSeats: number;
  seatingPolicyId: number;
  /** The colour scheme: seat styles are built here, off the main thread. */
  colors?: SeatColors;
  colorMode?: ColorMode;
  /** The shop's language: sections named in it (the plan's `names`) are called so. */
  locale?: string;
}

/** What the main thread needs to draw and hit-test: copies, so the worker keeps its own arrays. */
export interface RenderData {
  count: number;
  x: Float32Array;
  y: Float32Array;
  /** Plan coordinates, for seat keys (`sectionId_px_py`). */
  px: Int32Array;
  py: Int32Array;
  flags: Uint8Array;
  ticketGroup: Uint32Array;
  section: Uint16Array;
  row: Uint32Array;
  rows: PlanData['rows'];
  sections: PlanData['sections'];
  seatRadius: number;
  bounds: PlanData['bounds'];
  stage: PlanData['stage'];
  name: string;
  /** 4 style bytes per seat (r, g, b, kind): the tile painter's colours and shapes. */
  style: Uint8Array;
  /** Price-level colours: ticket group id → colour. */
  levels: [number, string][];
}

export interface LoadResult {
  ok: boolean;
  issues: ParseIssue[];
  render: RenderData | null;
  /** From the worker, a copy of `render` of the drawing's own, for the page to hand on without copying. */
  scene?: RenderData | null;
  grid: SeatGrid | null;
  state: Uint8Array;
  takenRatio: number;
  available: number;
  unknownKeys: number;
  /** The status stream's version the status map is current to (`x-status-version`), when known. */
  statusVersion?: string;
  timings: {
    fetchMs: number;
    /** The plan's read alone (bytes or text into the model). */
    parseMs: number;
    /** The far level's summary told before the read (a plan in columns with a status text), or 0. */
    summaryMs: number;
    indexMs: number;
    statusMs: number;
    totalMs: number;
    /** When the plan's and status map's bytes were in hand here: epoch ms (comparable across threads). */
    dataAt: number;
  };
}

export interface StatusUpdate {
  changed: Uint32Array;
  /** New state of each changed seat, in the same order. */
  states: Uint8Array;
  takenRatio: number;
  available: number;
  unknownKeys: number;
  /** As in LoadResult: the version of a fetched status map, when its answer said. */
  statusVersion?: string;
  ms: number;
}

/** How long a load waits for the page to draw its summary before it indexes the seats regardless. */
export const SUMMARY_WAIT_MS = 150;

const epoch = () => performance.timeOrigin + performance.now();

/** A load that could not read its plan or status: its issues, nothing drawn. */
export function failed(issues: ParseIssue[], totalMs: number): LoadResult {
  return {
    ok: false,
    issues,
    render: null,
    grid: null,
    state: new Uint8Array(0),
    takenRatio: 0,
    available: 0,
    unknownKeys: 0,
    timings: { fetchMs: 0, parseMs: 0, summaryMs: 0, indexMs: 0, statusMs: 0, totalMs, dataAt: epoch() },
  };
}

/**
 * The plan's model from what came: a tree is parsed; bytes are decoded, columns as they are (no text to
 * read), JSON text first into a tree. Throws when JSON text does not parse.
 */
export function readPlan(plan: PlanInput, locale: string | undefined): ParseResult {
  if ('tree' in plan) return parsePlan(plan.tree, locale);
  if (isColumns(plan.bytes)) return decodeColumns(plan.bytes, locale);
  return parsePlan(JSON.parse(new TextDecoder().decode(plan.bytes)), locale);
}

/** A plan in columns' outline, before its seats are read (a tree or JSON text has none to give first). */
export function outlineOf(plan: PlanInput, locale: string | undefined) {
  return 'bytes' in plan && isColumns(plan.bytes) ? columnsOutline(plan.bytes, locale) : null;
}

/** Without a status map (staff preview of a bare plan) every seat counts as free. */
export function allFree(data: PlanData) {
  const state = new Uint8Array(data.count).fill(SEAT_STATE.available);
  const changed = new Uint32Array(data.count);
  for (let i = 0; i < data.count; i++) changed[i] = i;
  return { state, changed, takenRatio: 0, unknownKeys: 0 };
}
