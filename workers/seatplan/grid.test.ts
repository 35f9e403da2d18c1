import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGrid, hitTestGrid } from './grid.ts';

describe('hit testing through the grid', () => {
  it('finds the same nearest seat as a brute-force search', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 })), {
          minLength: 1,
          maxLength: 300,
        }),
        fc.tuple(
          fc.double({ min: -20, max: 520, noNaN: true }),
          fc.double({ min: -20, max: 520, noNaN: true }),
        ),
        (points, [qx, qy]) => {
          const x = Float32Array.from(points.map((p) => p[0]));
          const y = Float32Array.from(points.map((p) => p[1]));
          const radius = 5;
          const grid = buildGrid(x, y, { minX: 0, minY: 0, maxX: 500, maxY: 500 }, radius);
          const got = hitTestGrid(grid, x, y, qx, qy, radius);
          let best = -1;
          let bestD = radius * radius;
          for (let i = 0; i < x.length; i++) {
            const d = (x[i]! - qx) ** 2 + (y[i]! - qy) ** 2;
            if (d <= bestD) {
              bestD = d;
              best = i;
            }
          }
          if (best < 0) expect(got).toBe(-1);
          else expect((x[got]! - qx) ** 2 + (y[got]! - qy) ** 2).toBeCloseTo(bestD, 6);
        },
      ),
      { numRuns: 300 },
    );
  });
});
