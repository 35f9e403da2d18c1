import { describe, expect, it } from 'vitest';
// The seed generators live with the server; tests may use them as realistic inputs (the module is pure).
import {
  arenaPlan,
  cinemaHallPlan,
  concertHallPlan,
  orchestraHallPlan,
} from '../../server/seed/seatplans.ts';
import { buildNeighbours } from './adjacency.ts';
import type { PlanData } from './model.ts';
import { parsePlan } from './parse.ts';

const ids = { venueId: 1, seatplanId: 1, name: 'test' };

/**
 * A small plan from row strings: 'o' a seat, A–Z a sofa seat (a run of one letter is one sofa), ' ' an
 * empty place (one pitch of 10: an aisle), '_' a 6-unit gap (between two cinema sofas: exactly 1.6 pitches
 * from seat to seat), ',' a 5-unit gap (1.5 pitches: still adjacent).
 */
function buildPlan(rows: string[]): PlanData {
  const R = rows.map((row, ri) => {
    const S: Array<Record<string, unknown>> = [];
    let x = 0;
    for (const ch of row) {
      if (ch === ' ') x += 10;
      else if (ch === '_') x += 6;
      else if (ch === ',') x += 5;
      else {
        const seat: Record<string, unknown> = {
          x,
          y: ri * 12,
          r: String(ri + 1),
          n: String(S.length + 1),
          tg: 1,
        };
        if (/[A-Z]/.test(ch)) seat.sofa = `${ri}${ch}`;
        S.push(seat);
        x += 10;
      }
    }
    return { r: String(ri + 1), S };
  });
  const { data, issues } = parsePlan({
    venueId: 1,
    seatplanId: 1,
    name: 't',
    S: [{ id: 1, name: 'A', G: [{ id: 1, R }] }],
  });
  expect(issues).toEqual([]);
  return data!;
}

const links = (data: PlanData, r: number) => {
  const { right } = buildNeighbours(data);
  const { start, end } = data.rows[r]!;
  return Array.from(right.subarray(start, end), (v) => (v < 0 ? -1 : v - start));
};

describe('buildNeighbours', () => {
  it('links consecutive seats of a row both ways, -1 at the ends', () => {
    const data = buildPlan(['oooo']);
    const { left, right } = buildNeighbours(data);
    expect(Array.from(right)).toEqual([1, 2, 3, -1]);
    expect(Array.from(left)).toEqual([-1, 0, 1, 2]);
  });

  it('breaks at an aisle and at the gap between sofas, not at a gap of 1.5 pitches', () => {
    expect(links(buildPlan(['ooo oo']), 0)).toEqual([1, 2, -1, 4, -1]);
    expect(links(buildPlan(['AA_BB_CC']), 0)).toEqual([1, -1, 3, -1, 5, -1]);
    expect(links(buildPlan(['oo,oo']), 0)).toEqual([1, 2, 3, -1]);
  });

  it('never links across rows, and a lone seat in a row has no neighbours', () => {
    const data = buildPlan(['oo', 'o', 'ooo']);
    const { left, right } = buildNeighbours(data);
    expect(Array.from(right)).toEqual([1, -1, -1, 4, 5, -1]);
    expect(Array.from(left)).toEqual([-1, 0, -1, -1, 3, 4]);
  });

  it("uses the row's lower median pitch, so an aisle does not widen it", () => {
    // distances 10 and 20: the lower median is 10, so the aisle (20) breaks adjacency.
    expect(links(buildPlan(['oo o']), 0)).toEqual([1, -1, -1]);
    // A two-seat row has only its own distance as pitch: the two seats are neighbours.
    expect(links(buildPlan(['o  o']), 0)).toEqual([1, -1]);
  });

  it('handles an empty plan', () => {
    const { data } = parsePlan({ S: [{ id: 1, name: 'A', G: [] }] });
    const n = buildNeighbours(data!);
    expect(n.left.length).toBe(0);
  });

  it('splits the cinema rows at the centre aisle and the sofa row into two-seat sofas', () => {
    const data = parsePlan(
      cinemaHallPlan(ids, { rows: 8, seatsPerRow: 14, levels: { regular: 1, sofa: 2 }, variant: 'sofas' }),
    ).data!;
    const { left, right } = buildNeighbours(data);
    const front = data.rows[0]!;
    const breaks = [];
    for (let i = front.start; i < front.end; i++) if (right[i] === -1) breaks.push(i - front.start);
    expect(breaks).toEqual([6, 13]); // aisle after the 7th of 14 seats
    const back = data.rows[data.rows.length - 1]!;
    for (let i = back.start; i < back.end; i++) {
      const partner = right[i]! >= 0 ? right[i]! : left[i]!;
      expect(partner).toBeGreaterThanOrEqual(0);
      expect(data.sofa[partner]).toBe(data.sofa[i]); // each seat's only neighbour is its sofa partner
      expect(right[i]! < 0 || left[i]! < 0).toBe(true);
    }
  });

  it('follows curved rows and stops at the radial aisles of the concert hall', () => {
    const data = parsePlan(concertHallPlan(ids, [1, 2, 3, 4, 5])).data!;
    const { right } = buildNeighbours(data);
    for (const row of data.rows) {
      let breaks = 0;
      for (let i = row.start; i < row.end; i++) if (right[i] === -1) breaks++;
      expect(breaks).toBe(3); // three blocks per row: two radial aisles and the row end
    }
  });

  it('links rotated blocks (orchestra terraces and choir)', () => {
    const data = parsePlan(orchestraHallPlan(ids, [1, 2, 3, 4])).data!;
    const { right } = buildNeighbours(data);
    const terrace = data.sections.findIndex((s) => s.name === 'Left terrace');
    for (const row of data.rows.filter((r) => r.sectionIndex === terrace)) {
      for (let i = row.start; i < row.end - 1; i++) expect(right[i]).toBe(i + 1);
    }
  });

  it('takes under 30 ms for a 100,000-seat arena', () => {
    const data = parsePlan(arenaPlan(ids, [1, 2, 3, 4], { minSeats: 100_000 })).data!;
    expect(data.count).toBeGreaterThanOrEqual(100_000);
    let best = Infinity;
    let result = buildNeighbours(data);
    for (let k = 0; k < 5; k++) {
      const t = performance.now();
      result = buildNeighbours(data);
      best = Math.min(best, performance.now() - t);
    }
    expect(best).toBeLessThan(30);
    let linked = 0;
    for (let i = 0; i < data.count; i++) if (result.right[i]! >= 0) linked++;
    expect(linked).toBe(data.count - data.rows.length); // arena rows have no aisles
  });
});
