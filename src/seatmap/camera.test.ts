import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampCamera, fitCamera, screenToWorld, visibleRect, worldToScreen, zoomAt } from './camera.ts';

const bounds = { minX: 100, minY: 50, maxX: 1100, maxY: 550 };

describe('camera', () => {
  it('fits the plan inside the viewport, centred', () => {
    const cam = fitCamera(bounds, 800, 600, 20);
    const tl = worldToScreen(cam, bounds.minX, bounds.minY);
    const br = worldToScreen(cam, bounds.maxX, bounds.maxY);
    expect(tl.x).toBeCloseTo(20);
    expect(br.x).toBeCloseTo(780);
    expect((tl.y + br.y) / 2).toBeCloseTo(300);
  });

  it('zooms about the pointer: the world point under it stays put', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 800, noNaN: true }),
        fc.double({ min: 0, max: 600, noNaN: true }),
        (factor, sx, sy) => {
          const cam = fitCamera(bounds, 800, 600);
          const before = screenToWorld(cam, sx, sy);
          const after = zoomAt(cam, factor, sx, sy, { min: 0, max: 1e9 });
          const p = worldToScreen(after, before.x, before.y);
          expect(p.x).toBeCloseTo(sx, 6);
          expect(p.y).toBeCloseTo(sy, 6);
        },
      ),
    );
  });

  it('respects the zoom limits', () => {
    const cam = fitCamera(bounds, 800, 600);
    expect(zoomAt(cam, 100, 0, 0, { min: 0.1, max: 2 }).scale).toBe(2);
    expect(zoomAt(cam, 0.0001, 0, 0, { min: 0.1, max: 2 }).scale).toBe(0.1);
  });

  it('keeps the plan on screen when panned far away', () => {
    const cam = clampCamera({ scale: 1, x: -5000, y: 9000 }, bounds, 800, 600);
    const r = visibleRect(cam, 800, 600);
    expect(r.maxX).toBeGreaterThan(bounds.minX);
    expect(r.minY).toBeLessThan(bounds.maxY);
  });
});
