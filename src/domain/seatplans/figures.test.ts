import { describe, expect, it } from 'vitest';
import { cinemaHallPlan } from '../../../server/seed/seatplans.ts';
import { planFigures } from './figures.ts';

describe('planFigures', () => {
  it('counts seats per section and price level, and flagged seats', () => {
    const plan = cinemaHallPlan(
      { venueId: 1, seatplanId: 1, name: 'Hall 1' },
      { rows: 12, seatsPerRow: 16, levels: { regular: 1, premium: 2, sofa: 3 }, variant: 'sofas' },
    );
    const figures = planFigures(plan);
    expect(figures.seats).toBe(11 * 16 + 16);
    expect(figures.sections).toEqual([
      { id: 1, name: plan.S[0]!.name, seats: figures.seats, byPriceLevel: figures.byPriceLevel },
    ]);
    expect(Object.values(figures.byPriceLevel).reduce((a, b) => a + b)).toBe(figures.seats);
    expect(figures.byPriceLevel[3]).toBe(16);
    const seats = plan.S.flatMap((s) => s.G.flatMap((g) => g.R.flatMap((r) => r.S)));
    const count = (f: (s: (typeof seats)[number]) => boolean) => seats.filter(f).length;
    expect(figures.flagged).toEqual({
      handicap: count((s) => s.handicap === true),
      companion: count((s) => s.companion === true),
      limitedView: count((s) => s.limitedView === true),
      premium: count((s) => s.premium === true),
      sofa: 16,
      house: 4,
    });
    expect(figures.flagged.handicap).toBeGreaterThan(0);
  });
});
