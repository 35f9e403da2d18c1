import type { PresentationSummary } from '../../api/contract/presentations.ts';

export interface DayGroup {
  /** The business date, or null for video on demand (watchable any day). */
  day: string | null;
  presentations: PresentationSummary[];
}

/** Video on demand first, then one group per business date, in the server's start order. */
export function groupByDay(presentations: readonly PresentationSummary[]): DayGroup[] {
  const vod = presentations.filter((p) => p.isVod);
  const groups: DayGroup[] = vod.length > 0 ? [{ day: null, presentations: vod }] : [];
  const byDay = new Map<string, DayGroup>();
  for (const p of presentations) {
    if (p.isVod) continue;
    let g = byDay.get(p.businessDate);
    if (!g) {
      g = { day: p.businessDate, presentations: [] };
      byDay.set(p.businessDate, g);
      groups.push(g);
    }
    g.presentations.push(p);
  }
  return groups;
}
