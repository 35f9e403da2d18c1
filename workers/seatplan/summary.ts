import { type PlanData, SEAT_STATE, type SectionInfo } from './model.ts';
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
    let level = -1;
    let most = 0;
    for (const [tg, n] of counts) if (n > most) [level, most] = [tg, n];
    return { available, total: s.end - s.start, level };
  });
}

export function summarize(data: PlanData, state: Uint8Array, levels: Map<number, string>): PlanSummary {
  return {
    count: data.count,
    name: data.name,
    bounds: data.bounds,
    seatRadius: data.seatRadius,
    stage: data.stage,
    sections: data.sections,
    shares: sectionShares(data.sections, data.ticketGroup, state),
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
