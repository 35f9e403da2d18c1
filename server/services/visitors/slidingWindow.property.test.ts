import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedWindow, SlidingWindow } from './slidingWindow.ts';

/** Instants from 1970 to 2100 (epoch ms) and window lengths from 1 ms to a day. */
const instant = fc.integer({ min: 0, max: 4_102_444_800_000 });
const windowMs = fc.integer({ min: 1, max: 86_400_000 });

describe('the fixed windows of the shared rate limits', () => {
  it('hold their instant, are a window long, and start on a whole number of windows', () => {
    fc.assert(
      fc.property(instant, windowMs, (now, ms) => {
        const { start, end } = fixedWindow(now, ms);
        expect(start).toBeLessThanOrEqual(now);
        expect(now).toBeLessThan(end);
        expect(end - start).toBe(ms);
        expect(start % ms).toBe(0);
        // Every instant of the window names the same one (each process reads its own clock); its end starts the next.
        expect(fixedWindow(start, ms)).toEqual({ start, end });
        expect(fixedWindow(end - 1, ms)).toEqual({ start, end });
        expect(fixedWindow(end, ms).start).toBe(end);
      }),
    );
  });

  it('refuse for at most a window, and a caller back after the wait is in the next window', () => {
    fc.assert(
      fc.property(instant, windowMs, (now, ms) => {
        const { start, end } = fixedWindow(now, ms);
        const wait = end - now;
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(ms);
        expect(fixedWindow(now + wait, ms).start).toBe(start + ms);
      }),
    );
  });

  it('accept at most `max` calls a window, and at most twice that in any window-long stretch (sliding: `max`)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 10, max: 1000 }),
        fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 80 }),
        (max, ms, gaps) => {
          // The shared counter's rule: count the call in its window, refuse past `max`.
          const counts = new Map<number, number>();
          const sliding = new SlidingWindow(max, ms);
          const fixedAccepted: number[] = [];
          const slidingAccepted: number[] = [];
          let now = 0;
          for (const gap of gaps) {
            now += gap;
            const { start } = fixedWindow(now, ms);
            const n = (counts.get(start) ?? 0) + 1;
            counts.set(start, n);
            if (n <= max) fixedAccepted.push(now);
            if (sliding.hit('k', now) === null) slidingAccepted.push(now);
          }
          for (const start of counts.keys())
            expect(
              fixedAccepted.filter((t) => fixedWindow(t, ms).start === start).length,
            ).toBeLessThanOrEqual(max);
          const most = (times: number[]) =>
            Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + ms).length));
          expect(most(fixedAccepted)).toBeLessThanOrEqual(2 * max);
          expect(most(slidingAccepted)).toBeLessThanOrEqual(max);
        },
      ),
    );
  });
});
