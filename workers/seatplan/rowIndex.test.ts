import { describe, expect, it } from 'vitest';
import { arenaPlan } from '../../server/seed/seatplans.ts';
import { parsePlan } from './parse.ts';
import { RowIndex } from './rowIndex.ts';

const data = parsePlan(arenaPlan({ venueId: 1, seatplanId: 1, name: 'a' }, [1, 2, 3])).data!;
const index = new RowIndex(data);

describe('RowIndex', () => {
  it('finds exactly the seats inside a rectangle, like a full scan', () => {
    const { minX, minY, maxX, maxY } = data.bounds;
    for (const [fx, fy, fw] of [
      [0.1, 0.1, 0.2],
      [0.4, 0.6, 0.1],
      [0, 0, 1],
    ] as const) {
      const rect = [
        minX + (maxX - minX) * fx,
        minY + (maxY - minY) * fy,
        minX + (maxX - minX) * (fx + fw),
        minY + (maxY - minY) * (fy + fw),
      ] as const;
      const expected: number[] = [];
      for (let i = 0; i < data.count; i++) {
        if (data.x[i]! >= rect[0] && data.x[i]! <= rect[2] && data.y[i]! >= rect[1] && data.y[i]! <= rect[3])
          expected.push(i);
      }
      expect(index.searchSeats(...rect).sort((a, b) => a - b)).toEqual(expected);
    }
  });

  it('forgets a removed row and finds an upserted one', () => {
    const r = data.rows[0]!;
    const [x, y] = [data.x[r.start]!, data.y[r.start]!];
    expect(index.searchRows(x, y, x, y)).toContain(0);
    index.remove(0);
    expect(index.searchRows(x, y, x, y)).not.toContain(0);
    index.upsert({ minX: x - 1, minY: y - 1, maxX: x + 1, maxY: y + 1, row: 0 });
    expect(index.searchRows(x, y, x, y)).toContain(0);
  });
});
