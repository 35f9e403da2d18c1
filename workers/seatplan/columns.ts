import { FLAG, type ParseIssue, type PlanData, type RowInfo, type SectionInfo } from './model.ts';
import { localName, type ParseResult, parsePlan, placer } from './parse.ts';

/**
 * The seat plan in columns: what the box office sends the shop's seat map instead of the seat plan V2
 * JSON (which stays for other clients). It is the worker's own model (model.ts) laid out as typed arrays,
 * built once per plan by the same parser (parse.ts), so the worker reads it without parsing megabytes of
 * text: a small JSON head (sections, row names, group placements, the seat-name table) and one column per
 * seat attribute, each as narrow as its values allow.
 *
 * Layout (little-endian): "SPC1", the head's byte length (uint32), the head (UTF-8 JSON), then the
 * columns, each at an offset the head gives, aligned to its element size. World positions are not sent:
 * each group's placement is, and the decoder places the seats with the parser's own formula.
 */
export const COLUMNS_TYPE = 'application/vnd.seatplan-columns';
const MAGIC = [0x53, 0x50, 0x43, 0x31]; // "SPC1"

type ColumnType = 'u8' | 'i8' | 'u16' | 'i16' | 'u32' | 'i32';
const CTORS = {
  u8: Uint8Array,
  i8: Int8Array,
  u16: Uint16Array,
  i16: Int16Array,
  u32: Uint32Array,
  i32: Int32Array,
} as const;
type ColumnName = 'px' | 'py' | 'tg' | 'ai' | 'flags' | 'sofa' | 'name';

interface Head {
  v: 1;
  count: number;
  venueId: number;
  seatplanId: number;
  name: string;
  seatRadius: number;
  bounds: PlanData['bounds'];
  stage: PlanData['stage'];
  sections: Array<Omit<SectionInfo, 'name'> & { name: string; names?: Record<string, string> }>;
  /** Row names and where each row starts (rows are contiguous: one ends where the next starts). */
  rows: { names: string[]; starts: number[] };
  groups: { starts: number[]; rotation: number[]; tx: number[]; ty: number[] };
  /** The distinct seat names; the `name` column indexes them. */
  seatNames: string[];
  issues: ParseIssue[];
  columns: Array<[ColumnName, ColumnType, number]>;
}

/** The narrowest integer column type that holds every value of `a`. */
function narrowest(a: ArrayLike<number>): ColumnType {
  let min = 0;
  let max = 0;
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min >= 0) return max <= 0xff ? 'u8' : max <= 0xffff ? 'u16' : 'u32';
  if (min >= -0x80 && max <= 0x7f) return 'i8';
  return min >= -0x8000 && max <= 0x7fff ? 'i16' : 'i32';
}

/**
 * A seat plan V2 tree in columns, or no bytes when it is no plan (the parser's issues say why). The section
 * names per language travel too, so each shop language names them as the tree would.
 */
export function encodeColumns(plan: unknown): { bytes: Uint8Array; result: ParseResult } {
  const result = parsePlan(plan);
  const d = result.data;
  if (!d) return { bytes: new Uint8Array(0), result };
  const namesById = new Map<number, Record<string, string>>();
  for (const s of (plan as { S: unknown[] }).S) {
    const o = s as { id?: unknown; names?: unknown };
    if (typeof o.id === 'number' && typeof o.names === 'object' && o.names !== null)
      namesById.set(o.id, o.names as Record<string, string>);
  }
  const table = new Map<string, number>();
  const nameIndex = new Uint32Array(d.count);
  for (let i = 0; i < d.count; i++) {
    const n = d.names[i]!;
    let k = table.get(n);
    if (k === undefined) table.set(n, (k = table.size));
    nameIndex[i] = k;
  }
  const groups = result.groups ?? [];
  const values: Array<[ColumnName, ArrayLike<number>]> = [
    ['px', d.px],
    ['py', d.py],
    ['tg', d.ticketGroup],
    ['ai', d.allocation],
    ['flags', d.flags],
    ['name', nameIndex],
  ];
  if (d.sofa.some((v) => v >= 0)) values.push(['sofa', d.sofa]);
  const typed = values.map(([name, a]) => [name, narrowest(a), a] as const);
  const head: Head = {
    v: 1,
    count: d.count,
    venueId: d.venueId,
    seatplanId: d.seatplanId,
    name: d.name,
    seatRadius: d.seatRadius,
    bounds: d.bounds,
    stage: d.stage,
    sections: d.sections.map((s) => {
      const names = namesById.get(s.id);
      return { ...s, ...(names ? { names } : {}) };
    }),
    rows: { names: d.rows.map((r) => r.name), starts: d.rows.map((r) => r.start) },
    groups: {
      starts: groups.map((g) => g.start),
      rotation: groups.map((g) => g.rotation),
      tx: groups.map((g) => g.tx),
      ty: groups.map((g) => g.ty),
    },
    seatNames: [...table.keys()],
    issues: result.issues,
    columns: [],
  };
  // The head holds the columns' offsets, which depend on the head's length: lay out with room for them.
  const layout = (headBytes: number) => {
    let at = 8 + headBytes;
    return typed.map(([name, type]) => {
      const size = CTORS[type].BYTES_PER_ELEMENT;
      at = Math.ceil(at / 4) * 4;
      const offset = at;
      at += size * d.count;
      return [name, type, offset] as [ColumnName, ColumnType, number];
    });
  };
  const headFor = (guess: number): Uint8Array => {
    head.columns = layout(guess);
    const bytes = new TextEncoder().encode(JSON.stringify(head));
    return bytes.length <= guess ? bytes : headFor(bytes.length + 16);
  };
  const headBytes = headFor(0);
  // The head is padded with spaces up to the first column; its stated length covers the padding.
  const headLength = head.columns[0]![2] - 8;
  const last = head.columns.at(-1)!;
  const out = new Uint8Array(last[2] + CTORS[last[1]].BYTES_PER_ELEMENT * d.count);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, headLength, true);
  out.fill(0x20, 8, 8 + headLength);
  out.set(headBytes, 8);
  typed.forEach(([, type, a], k) => {
    new CTORS[type](out.buffer, head.columns[k]![2], d.count).set(a);
  });
  return { bytes: out, result };
}

/** Whether the bytes are the columnar form (else they are JSON text). */
export function isColumns(bytes: ArrayBuffer): boolean {
  if (bytes.byteLength < 8) return false;
  const b = new Uint8Array(bytes, 0, 4);
  return MAGIC.every((m, i) => b[i] === m);
}

const bad = (message: string): ParseResult => ({ data: null, issues: [{ path: '', message }] });

type Column = InstanceType<(typeof CTORS)[ColumnType]>;
/** What the head and columns of a plan in columns hold, before any seat is placed or named. */
interface Opened {
  head: Head;
  cols: Map<ColumnName, Column>;
}

/** The head, and a view on each column (nothing copied); a string when the file is not a sound one. */
function open(bytes: ArrayBuffer): Opened | string {
  if (!isColumns(bytes)) return 'not a seat plan in columns';
  const headLength = new DataView(bytes).getUint32(4, true);
  if (8 + headLength > bytes.byteLength) return 'the seat plan in columns is cut short';
  let head: Head;
  try {
    head = JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, 8, headLength))) as Head;
  } catch {
    return 'the seat plan in columns has a damaged head';
  }
  const count = head.count;
  if (head.v !== 1 || !Number.isInteger(count) || count < 0) return 'unknown seat plan columns version';
  const cols = new Map<ColumnName, Column>();
  for (const [name, type, offset] of head.columns) {
    const Ctor = CTORS[type];
    if (
      !Ctor ||
      offset % Ctor.BYTES_PER_ELEMENT !== 0 ||
      offset + Ctor.BYTES_PER_ELEMENT * count > bytes.byteLength
    )
      return `the column ${name} lies outside the file`;
    cols.set(name, new Ctor(bytes, offset, count));
  }
  if (head.sections.some((s) => !(s.start >= 0 && s.start <= s.end && s.end <= count)))
    return 'a section lies outside the seat plan';
  return { head, cols };
}

const sectionsOf = (head: Head, locale: string | undefined): SectionInfo[] =>
  head.sections.map(({ names, ...info }) => ({ ...info, name: localName({ names }, locale) ?? info.name }));

export interface ColumnsOutline extends Pick<
  PlanData,
  'count' | 'name' | 'bounds' | 'seatRadius' | 'stage' | 'sections'
> {
  ticketGroup: Column;
}

/**
 * A plan's outline straight from its head, before its seats are placed: enough for the far level's first
 * frame (summary.ts), with a view on its ticket-group column. Null when the file is not a sound one.
 */
export function columnsOutline(bytes: ArrayBuffer, locale?: string): ColumnsOutline | null {
  const opened = open(bytes);
  if (typeof opened === 'string') return null;
  const { head, cols } = opened;
  const ticketGroup = cols.get('tg');
  if (!ticketGroup) return null;
  const { count, name, bounds, seatRadius, stage } = head;
  return { count, name, bounds, seatRadius, stage, sections: sectionsOf(head, locale), ticketGroup };
}

/**
 * The plan data of the columnar form, with no per-seat parsing: the columns become the model's arrays
 * (widened where sent narrower), world positions come from the groups' placements. `locale`: as in
 * parsePlan. A damaged or foreign file gives an issue, never a half-built plan.
 */
export function decodeColumns(bytes: ArrayBuffer, locale?: string): ParseResult {
  const opened = open(bytes);
  if (typeof opened === 'string') return bad(opened);
  const { head, cols } = opened;
  const count = head.count;
  const col = (name: ColumnName) => cols.get(name);
  const px = col('px');
  const py = col('py');
  const tg = col('tg');
  const nameIdx = col('name');
  if (!px || !py || !tg || !nameIdx) return bad('the seat plan in columns lacks a column');
  const { rows: r, groups: g } = head;
  const rowCount = r.starts.length;
  if (r.names.length !== rowCount || (rowCount > 0 && r.starts[0] !== 0 && count > 0))
    return bad('the rows of the seat plan in columns do not add up');

  const data: PlanData = {
    venueId: head.venueId,
    seatplanId: head.seatplanId,
    name: head.name,
    count,
    x: new Float32Array(count),
    y: new Float32Array(count),
    px: new Int32Array(px),
    py: new Int32Array(py),
    section: new Uint16Array(count),
    row: new Uint32Array(count),
    ticketGroup: new Uint32Array(tg),
    allocation: col('ai') ? new Uint32Array(col('ai')!) : new Uint32Array(count).fill(1),
    flags: col('flags') ? new Uint8Array(col('flags')!) : new Uint8Array(count),
    sofa: col('sofa') ? new Int32Array(col('sofa')!) : new Int32Array(count).fill(-1),
    names: new Array<string>(count),
    rows: [],
    sections: [],
    seatRadius: head.seatRadius,
    bounds: head.bounds,
    stage: head.stage,
  };
  for (let k = 0; k < g.starts.length; k++) {
    const end = k + 1 < g.starts.length ? g.starts[k + 1]! : count;
    const place = placer(g.rotation[k]!, g.tx[k]!, g.ty[k]!);
    for (let i = g.starts[k]!; i < end; i++) {
      data.x[i] = place.x(data.px[i]!, data.py[i]!);
      data.y[i] = place.y(data.px[i]!, data.py[i]!);
    }
  }
  // (Each section lies inside the plan: open() checked.)
  sectionsOf(head, locale).forEach((s, si) => {
    data.section.fill(si, s.start, s.end);
    data.sections.push(s);
  });
  let section = 0;
  for (let k = 0; k < rowCount; k++) {
    const start = r.starts[k]!;
    const end = k + 1 < rowCount ? r.starts[k + 1]! : count;
    if (!(end >= start && end <= count)) return bad('a row lies outside the seat plan');
    while (section < data.sections.length - 1 && data.sections[section]!.end <= start) section++;
    data.row.fill(k, start, end);
    data.rows.push({ name: r.names[k]!, sectionIndex: section, start, end } satisfies RowInfo);
  }
  const table = head.seatNames;
  for (let i = 0; i < count; i++) data.names[i] = table[nameIdx[i]!] ?? String(i + 1);
  if (data.flags.some((f) => f & FLAG.sofa) && !col('sofa')) return bad('sofa seats without their sofas');
  return { data, issues: head.issues ?? [] };
}
