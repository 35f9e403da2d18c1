import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decidePlay, playsRemaining, rentalWindow, type RentalPlays, videoStatus } from './vod.ts';

const HOUR = 3_600_000;
const GRACE = 600_000;

const rental = fc.record({
  availableFrom: fc.integer({ min: 0, max: 1_000 * HOUR }),
  length: fc.integer({ min: 1, max: 200 * HOUR }),
  playsAllowed: fc.integer({ min: 0, max: 10 }),
  playsUsed: fc.integer({ min: 0, max: 12 }),
  playId: fc.option(fc.constantFrom('p1', 'p2'), { nil: null }),
  seenAgo: fc.option(fc.integer({ min: 0, max: 2 * GRACE }), { nil: null }),
});

describe('video on demand rules (spec sections 3 and 4)', () => {
  it('is future before its window, current inside it and expired from its end on', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer(),
        (from, len, dt) => {
          const now = from + dt;
          const s = videoStatus(now, from, from + len);
          expect(s).toBe(now < from ? 'future' : now >= from + len ? 'expired' : 'current');
        },
      ),
    );
  });

  it('gives exactly the rental hours, from the release or the purchase, whichever is later', () => {
    expect(rentalWindow({ releasedAt: 10 * HOUR, purchasedAt: 0, rentalHours: 48 })).toEqual({
      availableFrom: 10 * HOUR,
      availableUntil: 58 * HOUR,
    });
    // Bought the day after the release: the window starts at the purchase, not the day before it.
    expect(rentalWindow({ releasedAt: 0, purchasedAt: 29 * HOUR, rentalHours: 48 })).toEqual({
      availableFrom: 29 * HOUR,
      availableUntil: 77 * HOUR,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 720 }),
        (releasedAt, purchasedAt, rentalHours) => {
          const w = rentalWindow({ releasedAt, purchasedAt, rentalHours });
          expect(w.availableUntil - w.availableFrom).toBe(rentalHours * HOUR);
          expect(w.availableFrom).toBeGreaterThanOrEqual(purchasedAt);
          expect(w.availableFrom).toBeGreaterThanOrEqual(releasedAt);
        },
      ),
    );
  });

  it('never lets a start go beyond the plays allowed, nor outside the window', () => {
    fc.assert(
      fc.property(
        rental,
        fc.integer({ min: -HOUR, max: 300 * HOUR }),
        fc.option(fc.constantFrom('p1', 'p2'), { nil: undefined }),
        (r, offset, resume) => {
          const now = r.availableFrom + offset;
          const plays: RentalPlays = {
            availableFrom: r.availableFrom,
            availableUntil: r.availableFrom + r.length,
            playsAllowed: r.playsAllowed,
            playsUsed: r.playsUsed,
            playId: r.playId,
            playSeenAt: r.seenAgo === null ? null : now - r.seenAgo,
          };
          const d = decidePlay(plays, now, GRACE, resume);
          const status = videoStatus(now, plays.availableFrom, plays.availableUntil);
          if (status !== 'current') expect(d.kind).toBe('refuse');
          if (d.kind === 'count') expect(r.playsUsed).toBeLessThan(r.playsAllowed);
          if (d.kind === 'resume') {
            expect(resume).toBe(r.playId);
            expect(r.seenAgo).not.toBeNull();
            expect(r.seenAgo!).toBeLessThanOrEqual(GRACE);
          }
          if (status === 'current' && d.kind === 'refuse') expect(d.code).toBe('vod_no_plays_left');
          expect(playsRemaining(plays)).toBe(Math.max(0, r.playsAllowed - r.playsUsed));
        },
      ),
    );
  });

  it('lets the viewer of the play under way come back within the grace period without using a play', () => {
    const base: RentalPlays = {
      availableFrom: 0,
      availableUntil: 48 * HOUR,
      playsAllowed: 3,
      playsUsed: 3,
      playId: 'p1',
      playSeenAt: HOUR,
    };
    expect(decidePlay(base, HOUR + GRACE, GRACE, 'p1')).toEqual({ kind: 'resume' });
    expect(decidePlay(base, HOUR + GRACE + 1, GRACE, 'p1')).toEqual({
      kind: 'refuse',
      code: 'vod_no_plays_left',
    });
    expect(decidePlay(base, HOUR, GRACE, 'p2')).toEqual({ kind: 'refuse', code: 'vod_no_plays_left' });
    expect(decidePlay({ ...base, playsUsed: 1 }, HOUR, GRACE, undefined)).toEqual({ kind: 'count' });
  });
});
