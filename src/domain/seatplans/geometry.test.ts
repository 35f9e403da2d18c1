import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { enclosingSize, groupFrame, roundInt, toLocal, toWorld } from './geometry.ts';

describe('group frames', () => {
  it('turn clockwise (y down), then translate', () => {
    const [x, y] = toWorld(groupFrame({ rotation: 90, tx: 100, ty: 50 }), 10, 0);
    expect([roundInt(x), roundInt(y)]).toEqual([100, 60]);
  });

  it('bring a world point back to the same local point', () => {
    const coord = fc.integer({ min: -5000, max: 5000 });
    fc.assert(
      fc.property(
        fc.double({ min: -720, max: 720, noNaN: true }),
        coord,
        coord,
        coord,
        coord,
        (rotation, tx, ty, x, y) => {
          const frame = groupFrame({ rotation, tx, ty });
          const [wx, wy] = toWorld(frame, x, y);
          const [lx, ly] = toLocal(frame, Math.round(wx * 100) / 100, Math.round(wy * 100) / 100);
          expect([roundInt(lx), roundInt(ly)]).toEqual([x, y]);
        },
      ),
    );
  });
});

describe('enclosingSize', () => {
  it('holds every seat and the stage with a margin, never less than the plan says', () => {
    const seat = { r: '1', n: '1', si: 1, gi: 1, vi: 1, sp: 1, tg: 1, ai: 1 };
    const plan: Seatplan = {
      venueId: 1,
      seatplanId: 1,
      name: 'p',
      width: 0,
      height: 500,
      stage: { kind: 'stage', x: 0, y: 0, width: 300, height: 10 },
      S: [
        {
          id: 1,
          name: 's',
          G: [
            {
              id: 1,
              rotation: 180,
              tx: 200,
              ty: 100,
              R: [{ r: '1', S: [{ ...seat, x: -50, y: -20 }] }],
            },
          ],
        },
      ],
    };
    expect(enclosingSize(plan)).toEqual({ width: 320, height: 500 });
    plan.stage = undefined;
    expect(enclosingSize(plan)).toEqual({ width: 270, height: 500 });
  });
});
