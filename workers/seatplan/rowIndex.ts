import RBush from 'rbush';
import type { PlanData } from './model.ts';

interface RowBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  row: number;
}

/**
 * rbush behind a small class (after tldraw's RBushIndex): one box per row, bulk-loaded once. Rows, not
 * seats, keep the tree small (a 100,000-seat stadium has ~4,000 rows) so loading stays cheap; seat
 * queries filter the few rows a box touches.
 */
export class RowIndex {
  private readonly tree = new RBush<RowBox>();
  private readonly boxes = new Map<number, RowBox>();
  private readonly data: PlanData;

  constructor(data: PlanData) {
    this.data = data;
    const pad = data.seatRadius;
    const items: RowBox[] = data.rows.map((r, row) => {
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (let i = r.start; i < r.end; i++) {
        minX = Math.min(minX, data.x[i]!);
        maxX = Math.max(maxX, data.x[i]!);
        minY = Math.min(minY, data.y[i]!);
        maxY = Math.max(maxY, data.y[i]!);
      }
      return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad, row };
    });
    this.bulkLoad(items);
  }

  bulkLoad(items: RowBox[]): void {
    this.tree.load(items);
    for (const b of items) this.boxes.set(b.row, b);
  }

  upsert(box: RowBox): void {
    this.remove(box.row);
    this.tree.insert(box);
    this.boxes.set(box.row, box);
  }

  remove(row: number): void {
    const old = this.boxes.get(row);
    if (old) {
      this.tree.remove(old);
      this.boxes.delete(row);
    }
  }

  /** Rows whose box meets the rectangle. */
  searchRows(minX: number, minY: number, maxX: number, maxY: number): number[] {
    return this.tree.search({ minX, minY, maxX, maxY }).map((b) => b.row);
  }

  /** Seats whose centre lies in the rectangle, in row order. */
  searchSeats(minX: number, minY: number, maxX: number, maxY: number): number[] {
    const out: number[] = [];
    for (const row of this.searchRows(minX, minY, maxX, maxY).sort((a, b) => a - b)) {
      const { start, end } = this.data.rows[row]!;
      for (let i = start; i < end; i++) {
        const x = this.data.x[i]!;
        const y = this.data.y[i]!;
        if (x >= minX && x <= maxX && y >= minY && y <= maxY) out.push(i);
      }
    }
    return out;
  }
}
