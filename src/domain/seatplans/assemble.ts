/**
 * Turns what a CSV or pretix file says (sections by name, seats at positions in the file's frame) into a
 * seat plan V2: section and group ids (taken over from the base plan where a section's name matches),
 * seats in their group's frame at integer coordinates, rows in order of first appearance, the plan's size.
 */
import type { Locale } from '../../api/contract/constants.ts';
import type { PlanGroup, PlanRow, PlanSeat, PlanSection, Seatplan } from '../../api/contract/seatplan.ts';
import { seatKey } from '../seatKey.ts';
import { enclosingSize, groupFrame, IDENTITY, roundInt } from './geometry.ts';
import type { ImportContext, SourceRef } from './importContext.ts';
import { type PlanProblem, problem } from './problems.ts';
import { SeatKeyMap } from './seatKeyMap.ts';

type SeatFlags = Pick<PlanSeat, 'premium' | 'handicap' | 'companion' | 'limitedView' | 'sofa'>;

export interface DraftSeat extends SeatFlags, SourceRef {
  row: string;
  name: string;
  /** Position in the file's frame of the section (see DraftSection.tx, ty). */
  x: number;
  y: number;
  tg: number;
  ai: number;
}

export interface DraftSection {
  name: string;
  /** Names per locale; undefined when the file has no say (the base's are kept then). */
  names: Partial<Record<Locale, string>> | undefined;
  /** Where the file puts the section's origin (pretix's zone position); world = (x + tx, y + ty). */
  tx: number;
  ty: number;
  seats: DraftSeat[];
}

export interface DraftPlan {
  name: string;
  width: number;
  height: number;
  stage: Seatplan['stage'];
  sections: DraftSection[];
}

export interface Assembled {
  plan: Seatplan;
  /** Problems found while assembling (duplicate seat keys: structural). */
  problems: PlanProblem[];
  /** The file's seat behind each key, with its line or path (for naming it in later checks). */
  byKey: SeatKeyMap<DraftSeat>;
}

const normalName = (name: string): string => name.trim().toLowerCase();

/** Base sections by every name they go by; each can be claimed by one imported section only. */
function baseIndex(base: Seatplan | undefined): Map<string, PlanSection[]> {
  const index = new Map<string, PlanSection[]>();
  for (const section of base?.S ?? []) {
    const names = new Set([section.name, ...Object.values(section.names ?? {})].map(normalName));
    for (const name of names) {
      if (name === '') continue;
      const list = index.get(name);
      if (list) list.push(section);
      else index.set(name, [section]);
    }
  }
  return index;
}

function cleanNames(
  names: Partial<Record<Locale, string>> | undefined,
): Partial<Record<Locale, string>> | undefined {
  if (!names) return undefined;
  const out: Partial<Record<Locale, string>> = {};
  let any = false;
  for (const [locale, name] of Object.entries(names) as [Locale, string | undefined][]) {
    if (name !== undefined && name !== '') {
      out[locale] = name;
      any = true;
    }
  }
  return any ? out : undefined;
}

export function assemblePlan(draft: DraftPlan, ctx: ImportContext): Assembled {
  const problems: PlanProblem[] = [];
  const byKey = new SeatKeyMap<DraftSeat>();
  const claimed = new Set<PlanSection>();
  const byName = baseIndex(ctx.base);
  let nextId = Math.max(0, ...(ctx.base?.S ?? []).map((s) => s.id)) + 1;
  const sections: PlanSection[] = [];

  for (const ds of draft.sections) {
    const match = byName.get(normalName(ds.name))?.find((s) => !claimed.has(s));
    if (match) claimed.add(match);
    const id = match ? match.id : nextId++;
    const baseGroup = match?.G.length === 1 ? match.G[0] : undefined;
    const group: PlanGroup = { id: baseGroup?.id ?? id, R: [] };
    // With a base group the seats are brought into its frame (world → local); otherwise the file's frame
    // is kept: its seats' coordinates as they are, the section's offset as the group's translation.
    let frame = IDENTITY;
    if (baseGroup) {
      if (baseGroup.rotation !== undefined) group.rotation = baseGroup.rotation;
      if (baseGroup.tx !== undefined) group.tx = baseGroup.tx;
      if (baseGroup.ty !== undefined) group.ty = baseGroup.ty;
      const f = groupFrame(baseGroup);
      frame = { cos: f.cos, sin: f.sin, tx: f.tx - ds.tx, ty: f.ty - ds.ty };
    } else if (ds.tx !== 0 || ds.ty !== 0) {
      group.tx = ds.tx;
      group.ty = ds.ty;
    }
    const { cos, sin, tx, ty } = frame;
    const section: PlanSection = { id, name: ds.name, G: [group] };
    const names = ds.names === undefined ? match?.names : cleanNames(ds.names);
    if (names && Object.keys(names).length > 0) section.names = { ...names };

    const rows = new Map<string, PlanRow>();
    for (const d of ds.seats) {
      // toLocal(frame, d.x, d.y), inline: this loop runs for every seat of the file.
      const dx = d.x - tx;
      const dy = d.y - ty;
      const x = roundInt(dx * cos + dy * sin);
      const y = roundInt(-dx * sin + dy * cos);
      const other = byKey.get(id, x, y);
      if (other) {
        const key = seatKey(id, x, y);
        const params: Record<string, string | number> = { otherRow: other.row, otherSeat: other.name };
        if (other.line !== undefined) params.otherLine = other.line;
        if (other.path !== undefined) params.otherPath = other.path;
        const seat = { key, section: ds.name, row: d.row, seat: d.name };
        problems.push(problem('duplicate_seat_key', { ...sourceOf(d), seat, params }));
        continue;
      }
      byKey.set(id, x, y, d);
      let row = rows.get(d.row);
      if (!row) {
        row = { r: d.row, S: [] };
        rows.set(d.row, row);
        group.R.push(row);
      }
      const seat: PlanSeat = {
        x,
        y,
        r: d.row,
        n: d.name,
        si: id,
        gi: group.id,
        vi: ctx.venueId,
        sp: ctx.seatplanId,
        tg: d.tg,
        ai: d.ai,
      };
      if (d.premium) seat.premium = true;
      if (d.handicap) seat.handicap = true;
      if (d.companion) seat.companion = true;
      if (d.limitedView) seat.limitedView = true;
      if (d.sofa !== undefined && d.sofa !== '') seat.sofa = d.sofa;
      row.S.push(seat);
    }
    sections.push(section);
  }

  const plan: Seatplan = {
    venueId: ctx.venueId,
    seatplanId: ctx.seatplanId,
    name: draft.name.trim() === '' ? ctx.name : draft.name,
    width: draft.width,
    height: draft.height,
    S: sections,
  };
  if (draft.stage) plan.stage = draft.stage;
  const size = enclosingSize(plan);
  plan.width = size.width;
  plan.height = size.height;
  return { plan, problems, byKey };
}

/** Where in the file a draft seat came from. */
export function sourceOf(seat: DraftSeat): SourceRef {
  return seat.line !== undefined ? { line: seat.line } : seat.path !== undefined ? { path: seat.path } : {};
}
