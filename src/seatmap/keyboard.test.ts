import { describe, expect, it } from 'vitest';
import { cinemaHallPlan } from '../../server/seed/seatplans.ts';
import { parsePlan } from '../../workers/seatplan/parse.ts';
import { nextSeat } from './keyboard.ts';

const d = parsePlan(
  cinemaHallPlan(
    { venueId: 1, seatplanId: 1, name: 'h' },
    { rows: 5, seatsPerRow: 8, levels: { regular: 1 }, variant: 'standard' },
  ),
).data!;

describe('keyboard navigation', () => {
  it('starts at the first seat', () => {
    expect(nextSeat(d, -1, 'right')).toBe(0);
  });

  it('moves along the row by screen position and stops at its ends', () => {
    const row = d.rows[1]!;
    const right = nextSeat(d, row.start, 'right');
    expect(d.x[right]!).toBeGreaterThan(d.x[row.start]!);
    expect(d.row[right]).toBe(1);
    let i = row.start;
    for (let k = 0; k < 20; k++) i = nextSeat(d, i, 'right');
    expect(i).toBe(row.end - 1);
  });

  it('moves to the nearest seat of the row above or below', () => {
    const from = d.rows[2]!.start + 3;
    const down = nextSeat(d, from, 'down');
    const up = nextSeat(d, from, 'up');
    expect(d.y[down]!).toBeGreaterThan(d.y[from]!);
    expect(d.y[up]!).toBeLessThan(d.y[from]!);
    expect(Math.abs(d.x[down]! - d.x[from]!)).toBeLessThan(d.seatRadius * 2);
    expect(nextSeat(d, d.rows[0]!.start, 'up')).toBe(d.rows[0]!.start);
  });
});
