import type { RenderData } from '../../workers/seatplan/engine.ts';

export type Direction = 'left' | 'right' | 'up' | 'down';

/**
 * Keyboard navigation in row order: left and right step to the neighbouring seat of the row (by screen
 * position, whichever way the plan numbers it), up and down to the nearest seat of the row before or
 * after in the same section. From no seat (-1), the first seat of the plan.
 */
export function nextSeat(
  d: Pick<RenderData, 'count' | 'rows' | 'row' | 'x' | 'y'>,
  from: number,
  dir: Direction,
): number {
  if (d.count === 0) return -1;
  if (from < 0 || from >= d.count) return 0;
  const row = d.rows[d.row[from]!]!;
  if (dir === 'left' || dir === 'right') {
    const candidates = [from - 1, from + 1].filter((i) => i >= row.start && i < row.end);
    const want = dir === 'left' ? -1 : 1;
    const pick = candidates.find((i) => Math.sign(d.x[i]! - d.x[from]!) === want);
    return pick ?? from;
  }
  const r = d.row[from]!;
  const step = dir === 'up' ? -1 : 1;
  // Rows of a section are consecutive; pick the neighbour row that lies in the pressed direction on screen.
  for (const k of [r + step, r - step]) {
    const other = d.rows[k];
    if (!other || other.sectionIndex !== row.sectionIndex) continue;
    const mid = other.start + ((other.end - other.start) >> 1);
    const dy = d.y[mid]! - d.y[from]!;
    if ((dir === 'up' && dy >= 0) || (dir === 'down' && dy <= 0)) continue;
    let best = other.start;
    let bestD = Infinity;
    for (let i = other.start; i < other.end; i++) {
      const dist = Math.abs(d.x[i]! - d.x[from]!) + Math.abs(d.y[i]! - d.y[from]!) * 0.1;
      if (dist < bestD) {
        bestD = dist;
        best = i;
      }
    }
    return best;
  }
  return from;
}
