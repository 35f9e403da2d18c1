import type { PlanData } from './model.ts';

/**
 * Who sits next to whom.
 *
 * Two seats are neighbours when they are consecutive seats of one row (index i and i + 1, same row) and
 * their world distance is below NEIGHBOUR_GAP_FACTOR × the row's typical pitch: the lower median of the
 * distances between consecutive seats of that row. A centre aisle, a radial aisle or the gap between two
 * sofas therefore breaks adjacency, while the ordinary spacing of a curved row does not.
 *
 * The bound is exclusive, with a 0.1 % tolerance for float32 positions: a gap of exactly 1.6 pitches is
 * not adjacent. That is what makes the cinema generator's love-seat sofas (pitch 10, 16 units from one
 * sofa to the next) separate units.
 */
export const NEIGHBOUR_GAP_FACTOR = 1.6;
const TOLERANCE = 1e-3;

/** Math.hypot is exact but several times slower; seat coordinates are small. */
const dist = (dx: number, dy: number): number => Math.sqrt(dx * dx + dy * dy);

export interface Neighbours {
  /** The seat to the left (index − 1) when adjacent, else -1. */
  left: Int32Array;
  /** The seat to the right (index + 1) when adjacent, else -1. */
  right: Int32Array;
}

export function buildNeighbours(data: PlanData): Neighbours {
  const n = data.count;
  const left = new Int32Array(n).fill(-1);
  const right = new Int32Array(n).fill(-1);
  const { x, y, rows } = data;

  let longest = 0;
  for (const r of rows) longest = Math.max(longest, r.end - r.start);
  const gaps = new Float64Array(Math.max(0, longest - 1));
  const scratch = new Float64Array(gaps.length);

  for (const { start, end } of rows) {
    const m = end - start - 1;
    if (m <= 0) continue;
    for (let k = 0; k < m; k++) {
      const i = start + k;
      gaps[k] = dist(x[i + 1]! - x[i]!, y[i + 1]! - y[i]!);
    }
    const pitch = lowerMedian(gaps, scratch, m);
    const limit = NEIGHBOUR_GAP_FACTOR * pitch * (1 - TOLERANCE);
    for (let k = 0; k < m; k++) {
      if (gaps[k]! < limit) {
        const i = start + k;
        right[i] = i + 1;
        left[i + 1] = i;
      }
    }
  }
  return { left, right };
}

/** The lower median of values[0, m) (the smaller middle one when m is even), by quickselect on a copy. */
function lowerMedian(values: Float64Array, scratch: Float64Array, m: number): number {
  scratch.set(values.subarray(0, m));
  const target = (m - 1) >> 1;
  let lo = 0;
  let hi = m - 1;
  while (lo < hi) {
    const pivot = scratch[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (scratch[i]! < pivot) i++;
      while (scratch[j]! > pivot) j--;
      if (i <= j) {
        const t = scratch[i]!;
        scratch[i] = scratch[j]!;
        scratch[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return scratch[target]!;
}
