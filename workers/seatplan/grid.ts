/**
 * A uniform grid over seat centres for hit testing: built once in the worker, handed to the main
 * thread as plain typed arrays, where a lookup touches at most nine cells (well under 0.2 ms).
 */
export interface SeatGrid {
  minX: number;
  minY: number;
  cell: number;
  cols: number;
  rows: number;
  /** Seats of cell c are cellItems[cellStart[c] .. cellStart[c + 1]). */
  cellStart: Uint32Array;
  cellItems: Uint32Array;
}

export function buildGrid(
  x: Float32Array,
  y: Float32Array,
  bounds: { minX: number; minY: number; maxX: number; maxY: number },
  seatRadius: number,
): SeatGrid {
  const n = x.length;
  const cell = Math.max(seatRadius * 4, 1);
  const cols = Math.max(1, Math.ceil((bounds.maxX - bounds.minX) / cell) + 1);
  const rows = Math.max(1, Math.ceil((bounds.maxY - bounds.minY) / cell) + 1);
  const cellOf = new Uint32Array(n);
  const counts = new Uint32Array(cols * rows + 1);
  for (let i = 0; i < n; i++) {
    const cx = Math.min(cols - 1, Math.max(0, Math.floor((x[i]! - bounds.minX) / cell)));
    const cy = Math.min(rows - 1, Math.max(0, Math.floor((y[i]! - bounds.minY) / cell)));
    const c = cy * cols + cx;
    cellOf[i] = c;
    counts[c + 1]!++;
  }
  for (let c = 1; c < counts.length; c++) counts[c]! += counts[c - 1]!;
  const cellStart = counts.slice();
  const fill = counts; // reused as write cursors
  const cellItems = new Uint32Array(n);
  for (let i = 0; i < n; i++) cellItems[fill[cellOf[i]!]!++] = i;
  return { minX: bounds.minX, minY: bounds.minY, cell, cols, rows, cellStart, cellItems };
}

/** The seat whose centre is nearest to (wx, wy) within maxDist world units, or -1. */
export function hitTestGrid(
  grid: SeatGrid,
  x: Float32Array,
  y: Float32Array,
  wx: number,
  wy: number,
  maxDist: number,
): number {
  const cx = Math.floor((wx - grid.minX) / grid.cell);
  const cy = Math.floor((wy - grid.minY) / grid.cell);
  let best = -1;
  let bestD = maxDist * maxDist;
  for (let gy = cy - 1; gy <= cy + 1; gy++) {
    if (gy < 0 || gy >= grid.rows) continue;
    for (let gx = cx - 1; gx <= cx + 1; gx++) {
      if (gx < 0 || gx >= grid.cols) continue;
      const c = gy * grid.cols + gx;
      for (let k = grid.cellStart[c]!; k < grid.cellStart[c + 1]!; k++) {
        const i = grid.cellItems[k]!;
        const dx = x[i]! - wx;
        const dy = y[i]! - wy;
        const d = dx * dx + dy * dy;
        if (d <= bestD) {
          bestD = d;
          best = i;
        }
      }
    }
  }
  return best;
}
