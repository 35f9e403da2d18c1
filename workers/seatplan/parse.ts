import { type SeatKey, seatKey } from '../../src/domain/seatKey.ts';
import { FLAG, packXY, type ParseIssue, type PlanData, type RowInfo, type SectionInfo } from './model.ts';

/**
 * Parses a seat plan V2 tree (sections S → groups G → rows R → seats S) into typed arrays.
 *
 * Hand-written checks rather than a schema parse: a 100,000-seat plan must load in well under 300 ms in
 * the worker, and a bad seat must be reported with its path (S[2].G[0].R[5].S[7]) so venue staff can
 * find it. Problems with single seats skip the seat and are reported; a plan without sections is an error.
 */
export interface ParseResult {
  data: PlanData | null;
  issues: ParseIssue[];
  /**
   * Where each group's seats start and how the group is placed (its rotation in degrees, then its
   * translation): what the columnar form (columns.ts) sends instead of every seat's world position.
   */
  groups?: GroupPlacement[];
}

export interface GroupPlacement {
  start: number;
  rotation: number;
  tx: number;
  ty: number;
}

/** World position of plan point (x, y) in a group placed so: the one formula of parsing and decoding. */
export function placer(rotation: number, tx: number, ty: number) {
  const rot = (rotation * Math.PI) / 180;
  const cos = Math.cos(rot);
  const sin = Math.sin(rot);
  return {
    x: (x: number, y: number) => x * cos - y * sin + tx,
    y: (x: number, y: number) => x * sin + y * cos + ty,
  };
}

const MAX_ISSUES = 50;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Seat keys seen, without a string per seat: per section id, plan coordinates packed into one number
 * (strings only for coordinates beyond ±32,767).
 */
class KeySet {
  private readonly packed = new Map<number, Set<number>>();
  private readonly wide = new Set<SeatKey>();

  /** Adds a seat's key; false when it was there already. */
  add(section: number, x: number, y: number): boolean {
    if (Math.abs(x) > 0x7fff || Math.abs(y) > 0x7fff) {
      const key = seatKey(section, x, y);
      if (this.wide.has(key)) return false;
      this.wide.add(key);
      return true;
    }
    let set = this.packed.get(section);
    if (!set) this.packed.set(section, (set = new Set()));
    const k = packXY(x, y);
    if (set.has(k)) return false;
    set.add(k);
    return true;
  }
}

/**
 * `locale`: the shop's language; a section that has a name in it (`names`, issue 33) is called so, else
 * by its `name`.
 */
export function parsePlan(input: unknown, locale?: string): ParseResult {
  const issues: ParseIssue[] = [];
  const issue = (path: string, message: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ path, message });
  };
  if (!isObj(input)) return { data: null, issues: [{ path: '', message: 'the plan is not a JSON object' }] };
  const sectionsIn = input.S;
  if (!Array.isArray(sectionsIn))
    return { data: null, issues: [{ path: 'S', message: 'the plan has no sections (S)' }] };

  // First pass: count seats to size the arrays.
  let total = 0;
  for (const s of sectionsIn)
    if (isObj(s) && Array.isArray(s.G))
      for (const g of s.G)
        if (isObj(g) && Array.isArray(g.R))
          for (const r of g.R) if (isObj(r) && Array.isArray(r.S)) total += r.S.length;

  const x = new Float32Array(total);
  const y = new Float32Array(total);
  const px = new Int32Array(total);
  const py = new Int32Array(total);
  const section = new Uint16Array(total);
  const row = new Uint32Array(total);
  const ticketGroup = new Uint32Array(total);
  const allocation = new Uint32Array(total);
  const flags = new Uint8Array(total);
  const sofa = new Int32Array(total).fill(-1);
  const names: string[] = new Array<string>(total);
  const rows: RowInfo[] = [];
  const sections: SectionInfo[] = [];
  const sofaIds = new Map<string, number>();
  const keys = new KeySet();
  const groups: GroupPlacement[] = [];
  let n = 0;

  sectionsIn.forEach((s, si) => {
    const sPath = `S[${si}]`;
    if (!isObj(s) || !isInt(s.id) || !Array.isArray(s.G)) {
      issue(sPath, 'a section needs an integer id and groups (G)');
      return;
    }
    const sectionIndex = sections.length;
    const start = n;
    s.G.forEach((g, gi) => {
      const gPath = `${sPath}.G[${gi}]`;
      if (!isObj(g) || !Array.isArray(g.R)) {
        issue(gPath, 'a group needs rows (R)');
        return;
      }
      const placement = {
        start: n,
        rotation: isNum(g.rotation) ? g.rotation : 0,
        tx: isNum(g.tx) ? g.tx : 0,
        ty: isNum(g.ty) ? g.ty : 0,
      };
      const place = placer(placement.rotation, placement.tx, placement.ty);
      g.R.forEach((r, ri) => {
        const rPath = `${gPath}.R[${ri}]`;
        if (!isObj(r) || !Array.isArray(r.S)) {
          issue(rPath, 'a row needs seats (S)');
          return;
        }
        const rowIndex = rows.length;
        const rowStart = n;
        const rowName = typeof r.r === 'string' || typeof r.r === 'number' ? String(r.r) : '';
        r.S.forEach((seat, i) => {
          const path = `${rPath}.S[${i}]`;
          if (!isObj(seat)) return issue(path, 'a seat must be an object');
          if (!isInt(seat.x) || !isInt(seat.y)) return issue(path, 'x and y must be integers');
          if (!isInt(seat.tg)) return issue(path, 'tg (ticket group) must be an integer');
          if (!keys.add(s.id as number, seat.x, seat.y))
            return issue(path, `two seats share the key ${seatKey(s.id as number, seat.x, seat.y)}`);
          x[n] = place.x(seat.x, seat.y);
          y[n] = place.y(seat.x, seat.y);
          px[n] = seat.x;
          py[n] = seat.y;
          section[n] = sectionIndex;
          row[n] = rowIndex;
          ticketGroup[n] = seat.tg;
          allocation[n] = isInt(seat.ai) ? seat.ai : 1;
          let f = 0;
          if (seat.premium === true) f |= FLAG.premium;
          if (seat.handicap === true) f |= FLAG.handicap;
          if (seat.companion === true) f |= FLAG.companion;
          if (seat.limitedView === true) f |= FLAG.limitedView;
          if (typeof seat.sofa === 'string' && seat.sofa !== '') {
            f |= FLAG.sofa;
            const sofaKey = `${s.id as number}:${seat.sofa}`;
            let id = sofaIds.get(sofaKey);
            if (id === undefined) {
              id = sofaIds.size;
              sofaIds.set(sofaKey, id);
            }
            sofa[n] = id;
          }
          flags[n] = f;
          names[n] =
            typeof seat.n === 'string' || typeof seat.n === 'number' ? String(seat.n) : String(i + 1);
          n++;
        });
        if (n > rowStart) rows.push({ name: rowName, sectionIndex, start: rowStart, end: n });
        else if (r.S.length === 0) issue(rPath, 'the row has no seats');
      });
      if (n > placement.start) groups.push(placement);
    });
    sections.push({
      id: s.id,
      name: localName(s, locale) ?? (typeof s.name === 'string' ? s.name : String(s.id)),
      start,
      end: n,
      minX: 0,
      minY: 0,
      maxX: 0,
      maxY: 0,
      hull: [],
    });
  });

  if (sections.length === 0)
    return { data: null, issues: issues.length ? issues : [{ path: 'S', message: 'no valid section' }] };

  const count = n;
  const trim = <T extends Float32Array | Int32Array | Uint32Array | Uint16Array | Uint8Array>(a: T): T =>
    (count === total ? a : a.slice(0, count)) as T;
  const data: PlanData = {
    venueId: isInt(input.venueId) ? input.venueId : 0,
    seatplanId: isInt(input.seatplanId) ? input.seatplanId : 0,
    name: typeof input.name === 'string' ? input.name : '',
    count,
    x: trim(x),
    y: trim(y),
    px: trim(px),
    py: trim(py),
    section: trim(section),
    row: trim(row),
    ticketGroup: trim(ticketGroup),
    allocation: trim(allocation),
    flags: trim(flags),
    sofa: trim(sofa),
    names: names.slice(0, count),
    rows,
    sections,
    seatRadius: 5,
    bounds: { minX: 0, minY: 0, maxX: 0, maxY: 0 },
    stage: parseStage(input.stage),
  };
  data.seatRadius = seatRadiusOf(data);
  measure(data);
  return { data, issues, groups };
}

function parseStage(v: unknown): PlanData['stage'] {
  if (!isObj(v) || !isNum(v.x) || !isNum(v.y) || !isNum(v.width) || !isNum(v.height)) return null;
  const kind = v.kind === 'screen' || v.kind === 'field' ? v.kind : 'stage';
  return { kind, x: v.x, y: v.y, width: v.width, height: v.height };
}

/** Half the median distance between neighbours in a row (sampled), clamped to [1.5, 6]. */
function seatRadiusOf(d: PlanData): number {
  const gaps: number[] = [];
  const step = Math.max(1, Math.floor(d.rows.length / 400));
  for (let r = 0; r < d.rows.length; r += step) {
    const { start, end } = d.rows[r]!;
    for (let i = start + 1; i < end && i < start + 6; i++) {
      gaps.push(Math.hypot(d.x[i]! - d.x[i - 1]!, d.y[i]! - d.y[i - 1]!));
    }
  }
  if (gaps.length === 0) return 5;
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)]!;
  return Math.min(6, Math.max(1.5, median * 0.42));
}

/** Bounds of the plan and of each section, and each section's convex hull. */
function measure(d: PlanData): void {
  const r = d.seatRadius;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const s of d.sections) {
    let sx0 = Infinity;
    let sy0 = Infinity;
    let sx1 = -Infinity;
    let sy1 = -Infinity;
    for (let i = s.start; i < s.end; i++) {
      const x = d.x[i]!;
      const y = d.y[i]!;
      if (x < sx0) sx0 = x;
      if (x > sx1) sx1 = x;
      if (y < sy0) sy0 = y;
      if (y > sy1) sy1 = y;
    }
    if (s.end > s.start) {
      s.minX = sx0 - r;
      s.minY = sy0 - r;
      s.maxX = sx1 + r;
      s.maxY = sy1 + r;
      s.hull = convexHull(d.x, d.y, s.start, s.end);
      minX = Math.min(minX, s.minX);
      minY = Math.min(minY, s.minY);
      maxX = Math.max(maxX, s.maxX);
      maxY = Math.max(maxY, s.maxY);
    }
  }
  if (d.stage) {
    minX = Math.min(minX, d.stage.x);
    minY = Math.min(minY, d.stage.y);
    maxX = Math.max(maxX, d.stage.x + d.stage.width);
    maxY = Math.max(maxY, d.stage.y + d.stage.height);
  }
  d.bounds = Number.isFinite(minX) ? { minX, minY, maxX, maxY } : { minX: 0, minY: 0, maxX: 1, maxY: 1 };
}

/** Andrew's monotone chain over a seat range; returns a flat polygon. */
export function convexHull(xs: Float32Array, ys: Float32Array, start: number, end: number): number[] {
  const idx: number[] = [];
  for (let i = start; i < end; i++) idx.push(i);
  if (idx.length <= 2) return idx.flatMap((i) => [xs[i]!, ys[i]!]);
  idx.sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]!);
  const cross = (o: number, a: number, b: number) =>
    (xs[a]! - xs[o]!) * (ys[b]! - ys[o]!) - (ys[a]! - ys[o]!) * (xs[b]! - xs[o]!);
  const lower: number[] = [];
  for (const i of idx) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, i) <= 0)
      lower.pop();
    lower.push(i);
  }
  const upper: number[] = [];
  for (let k = idx.length - 1; k >= 0; k--) {
    const i = idx[k]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, i) <= 0)
      upper.pop();
    upper.push(i);
  }
  const hull = lower.slice(0, -1).concat(upper.slice(0, -1));
  return hull.flatMap((i) => [xs[i]!, ys[i]!]);
}

/** A section's name in the shop's language, when the plan gives one. */
export function localName(section: Record<string, unknown>, locale: string | undefined): string | undefined {
  const names = section.names;
  if (!locale || !isObj(names)) return undefined;
  const name = names[locale];
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}
