/**
 * Pure helpers of the plan screens: which format a file is, the seats of a plan by key, and what a
 * selection of seats has in common (what the edit panel shows). No React, no I/O.
 */
import type { Locale } from '../../api/contract/constants.ts';
import type { PlanSeat, Seatplan } from '../../api/contract/seatplan.ts';
import type { SeatKey } from '../../domain/seatKey.ts';
import { seatKey } from '../../domain/seatKey.ts';
import type { PlanFormat } from './api.ts';

/** How far into a file the format is looked for (a JSON file names its first keys early). */
const SNIFF_CHARS = 64_000;

/**
 * The format a file most likely is, from its name and its first characters: CSV by extension or when it
 * is not JSON; pretix's JSON has `zones`, the shop's JSON does not. The user may choose another.
 */
export function guessFormat(fileName: string, text: string): PlanFormat {
  const name = fileName.toLowerCase();
  if (/\.(csv|tsv|txt)$/.test(name)) return 'csv';
  const head = text
    .slice(0, SNIFF_CHARS)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!head.startsWith('{') && !head.startsWith('[')) return 'csv';
  return /"zones"\s*:/.test(head) || name.includes('pretix') ? 'pretix' : 'seatplanV2';
}

export const SEAT_FLAGS = ['handicap', 'companion', 'limitedView', 'premium'] as const;
export type SeatFlag = (typeof SEAT_FLAGS)[number];

export interface SeatEntry {
  seat: PlanSeat;
  sectionId: number;
  section: string;
}

/** Every seat of a plan by its key; sections named in `locale` where the plan names them so. */
export function seatsByKey(plan: Seatplan, locale?: Locale): Map<SeatKey, SeatEntry> {
  const out = new Map<SeatKey, SeatEntry>();
  for (const s of plan.S) {
    const section = (locale && s.names?.[locale]) || s.name;
    for (const g of s.G) {
      for (const r of g.R) {
        for (const seat of r.S) out.set(seatKey(s.id, seat.x, seat.y), { seat, sectionId: s.id, section });
      }
    }
  }
  return out;
}

/** A value all selected seats share, `mixed` when they differ. */
export type Shared<T> = { kind: 'same'; value: T } | { kind: 'mixed' };

export interface SelectionSummary {
  count: number;
  tg: Shared<number> | null;
  flags: Record<SeatFlag, 'on' | 'off' | 'mixed'>;
  sofa: Shared<string | null> | null;
  /** The one row every seat is in, when they are all in one. */
  row: { sectionId: number; section: string; row: string } | null;
  /** Up to `limit` seats for the panel's list, in the order given. */
  seats: { key: SeatKey; section: string; row: string; seat: string }[];
}

function share<T>(acc: Shared<T> | null, value: T): Shared<T> {
  if (acc === null) return { kind: 'same', value };
  return acc.kind === 'same' && acc.value === value ? acc : { kind: 'mixed' };
}

/** What the selected seats have in common (keys the plan lacks are left out). */
export function summarise(
  keys: Iterable<SeatKey>,
  seats: ReadonlyMap<SeatKey, SeatEntry>,
  limit = 8,
): SelectionSummary {
  let count = 0;
  let tg: Shared<number> | null = null;
  let sofa: Shared<string | null> | null = null;
  let row: SelectionSummary['row'] | undefined;
  const on: Record<SeatFlag, number> = { handicap: 0, companion: 0, limitedView: 0, premium: 0 };
  const listed: SelectionSummary['seats'] = [];
  for (const key of keys) {
    const e = seats.get(key);
    if (!e) continue;
    count++;
    tg = share(tg, e.seat.tg);
    sofa = share(sofa, e.seat.sofa ?? null);
    for (const f of SEAT_FLAGS) if (e.seat[f]) on[f]++;
    if (row === undefined) row = { sectionId: e.sectionId, section: e.section, row: e.seat.r };
    else if (row && (row.sectionId !== e.sectionId || row.row !== e.seat.r)) row = null;
    if (listed.length < limit) listed.push({ key, section: e.section, row: e.seat.r, seat: e.seat.n });
  }
  const flag = (n: number) => (n === 0 ? 'off' : n === count ? 'on' : 'mixed');
  return {
    count,
    tg,
    sofa,
    row: row ?? null,
    seats: listed,
    flags: {
      handicap: flag(on.handicap),
      companion: flag(on.companion),
      limitedView: flag(on.limitedView),
      premium: flag(on.premium),
    },
  };
}

/** The price levels a plan's seats use and its figures count, in order. */
export function priceLevelsOf(byPriceLevel: Record<string, number>): number[] {
  return Object.keys(byPriceLevel)
    .map(Number)
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
}
