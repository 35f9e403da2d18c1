import { type PlanData, SEAT_STATE, type SectionInfo } from './model.ts';
import { isEmptyStatusText } from './status.ts';
import type { Rgb, SeatColors, StylePalette } from './style.ts';

/**
 * What the far level of the map shows, and all it needs: the plan's outline (bounds, stage, section
 * shapes) and, per section, how much of it is free and at which price level. The worker sends it as soon
 * as the status map is applied, before the seats are indexed for rules and hit tests, so the first frame
 * can show something true while the rest is built (issue 41).
 */
export interface SectionShare {
  available: number;
  total: number;
  /** The ticket group most of its free seats are at, or -1 when none is free. */
  level: number;
}

export interface PlanSummary {
  count: number;
  name: string;
  bounds: PlanData['bounds'];
  seatRadius: number;
  stage: PlanData['stage'];
  sections: SectionInfo[];
  shares: SectionShare[];
  /** Price-level colours: ticket group id → colour (as RenderData's). */
  levels: [number, string][];
}

/** Each section's free seats and the price level most of them are at. */
export function sectionShares(
  sections: readonly SectionInfo[],
  ticketGroup: ArrayLike<number>,
  state: ArrayLike<number>,
): SectionShare[] {
  return sections.map((s) => {
    const counts = new Map<number, number>();
    let available = 0;
    for (let i = s.start; i < s.end; i++) {
      if (state[i] !== SEAT_STATE.available) continue;
      available++;
      counts.set(ticketGroup[i]!, (counts.get(ticketGroup[i]!) ?? 0) + 1);
    }
    return { available, total: s.end - s.start, level: mostCommon(counts) };
  });
}

/** The ticket group with the most free seats; on a tie the lowest id, whatever order they came in. */
function mostCommon(counts: Map<number, number>): number {
  let level = -1;
  let most = 0;
  for (const [tg, n] of counts) if (n > most || (n === most && tg < level)) [level, most] = [tg, n];
  return level;
}

/**
 * The same shares read straight from the status map's text, before any seat is looked up: each free
 * seat's key names its section (`section_x_y`) and its value its ticket group (`"ticketGroup,allocation"`,
 * spec section 7), so the far level's first frame waits for neither the key index nor the status applied.
 * Null when the text holds a key that is not of that form (the full read then says what is wrong).
 */
export function sharesFromStatusText(sections: readonly SectionInfo[], text: string): SectionShare[] | null {
  const byId = new Map<number, number>();
  sections.forEach((s, i) => byId.set(s.id, i));
  const counts = sections.map(() => new Map<number, number>());
  const available = new Array<number>(sections.length).fill(0);
  const n = text.length;
  let keys = 0;
  // Every string that is followed by a colon is a key: "<section>_<x>_<y>": "<ticketGroup>,<allocation>".
  let k = text.indexOf('"');
  while (k >= 0) {
    const close = text.indexOf('"', k + 1);
    if (close < 0) break;
    let p = close + 1;
    while (p < n && text.charCodeAt(p) <= 32) p++;
    if (text.charCodeAt(p) !== 58) {
      k = text.indexOf('"', close + 1);
      continue;
    }
    p++;
    while (p < n && text.charCodeAt(p) <= 32) p++;
    // A seat's value is a string starting with its ticket group; anything else ("seats": {) is not a seat.
    if (text.charCodeAt(p) === 34) {
      const section = readInt(text, k + 1);
      const tg = readInt(text, p + 1);
      if (section === null || text.charCodeAt(section.end) !== 95 || tg === null) return null;
      keys++;
      const si = byId.get(section.value);
      if (si !== undefined) {
        available[si]!++;
        const m = counts[si]!;
        m.set(tg.value, (m.get(tg.value) ?? 0) + 1);
      }
      const end = text.indexOf('"', p + 1);
      // A value that never closes: the text is cut short (the full read says so).
      if (end < 0) return null;
      k = text.indexOf('"', end + 1);
    } else {
      k = text.indexOf('"', p);
    }
  }
  if (keys === 0 && !isEmptyStatusText(text)) return null;
  return sections.map((s, i) => ({
    available: available[i]!,
    total: s.end - s.start,
    level: mostCommon(counts[i]!),
  }));
}

/** An integer (maybe negative) at `at`: its value and where it ends; null when there is none. */
function readInt(text: string, at: number): { value: number; end: number } | null {
  let p = at;
  const negative = text.charCodeAt(p) === 45;
  if (negative) p++;
  let v = 0;
  const start = p;
  for (let c = text.charCodeAt(p); c >= 48 && c <= 57; c = text.charCodeAt(++p)) v = v * 10 + (c - 48);
  return p === start ? null : { value: negative ? -v : v, end: p };
}

/** What the summary takes of a plan: its outline, which a plan in columns gives before its seats. */
export type PlanOutline = Pick<PlanData, 'count' | 'name' | 'bounds' | 'seatRadius' | 'stage' | 'sections'>;

export function summarize(
  data: PlanOutline,
  shares: SectionShare[],
  levels: Map<number, string>,
): PlanSummary {
  return {
    count: data.count,
    name: data.name,
    bounds: data.bounds,
    seatRadius: data.seatRadius,
    stage: data.stage,
    sections: data.sections,
    shares,
    levels: [...levels],
  };
}

/**
 * A section's shade: by price level, the colour of the level most of its free seats are at (in the
 * status colour mode, the free colour), more opaque the more of it is free; the taken colour when full.
 */
export function sectionShade(
  share: SectionShare,
  palette: StylePalette,
  colors: SeatColors,
): { fill: string; alpha: number } {
  if (share.available === 0) return { fill: colors.taken, alpha: 0.25 };
  const css = ([r, g, b]: Rgb) => `rgb(${r},${g},${b})`;
  const rgb =
    palette.mode === 'ticketGroup' ? (palette.levels.get(share.level) ?? palette.default) : palette.default;
  return { fill: css(rgb), alpha: 0.25 + 0.6 * (share.total > 0 ? share.available / share.total : 0) };
}
