import { describe, expect, it } from 'vitest';
import { SeatplanSchema } from '../../src/api/contract/seatplan.ts';
import type { PlanGroup, PlanSeat, PlanSection, Seatplan } from '../../src/api/contract/seatplan.ts';
import {
  arenaPlan,
  cinemaHallPlan,
  concertHallPlan,
  countSeats,
  generalAdmissionPlan,
  orchestraHallPlan,
} from './seatplans.ts';
import type { PlanIds } from './seatplans.ts';

const ids = (seatplanId: number, name = `Plan ${seatplanId}`): PlanIds => ({ venueId: 7, seatplanId, name });
const LEVELS = [11, 12, 13, 14, 15] as const;
const CINEMA_LEVELS = { regular: 21, premium: 22, sofa: 23 };

interface Placed {
  seat: PlanSeat;
  section: PlanSection;
  group: PlanGroup;
  wx: number;
  wy: number;
}

/** World positions as the renderer computes them: rotate (degrees clockwise, y down), then translate. */
function placed(plan: Seatplan): Placed[] {
  const out: Placed[] = [];
  for (const section of plan.S) {
    for (const group of section.G) {
      const a = ((group.rotation ?? 0) * Math.PI) / 180;
      const cos = Math.cos(a);
      const sin = Math.sin(a);
      for (const row of group.R) {
        for (const seat of row.S) {
          out.push({
            seat,
            section,
            group,
            wx: seat.x * cos - seat.y * sin + (group.tx ?? 0),
            wy: seat.x * sin + seat.y * cos + (group.ty ?? 0),
          });
        }
      }
    }
  }
  return out;
}

/** Smallest world distance between two seats of different sections (grid hash, cell = `limit`). */
function minCrossSectionDistance(all: readonly Placed[], limit: number): number {
  const cells = new Map<string, Placed[]>();
  const cell = (v: number) => Math.floor(v / limit);
  for (const p of all) {
    const key = `${cell(p.wx)},${cell(p.wy)}`;
    const list = cells.get(key);
    if (list) list.push(p);
    else cells.set(key, [p]);
  }
  let min = Infinity;
  for (const p of all) {
    for (let i = -1; i <= 1; i++) {
      for (let j = -1; j <= 1; j++) {
        for (const q of cells.get(`${cell(p.wx) + i},${cell(p.wy) + j}`) ?? []) {
          if (q.section !== p.section) min = Math.min(min, Math.hypot(p.wx - q.wx, p.wy - q.wy));
        }
      }
    }
  }
  return min;
}

/** The invariants every generated plan must satisfy. */
function expectValidPlan(plan: Seatplan, planIds: PlanIds): Placed[] {
  expect(SeatplanSchema.parse(plan)).toEqual(plan);
  expect(plan).toMatchObject(planIds);

  const sectionIds = plan.S.map((s) => s.id);
  const groupIds = plan.S.flatMap((s) => s.G.map((g) => g.id));
  expect(new Set(sectionIds).size).toBe(sectionIds.length);
  expect(new Set(groupIds).size).toBe(groupIds.length);
  for (const id of [...sectionIds, ...groupIds]) expect(id).toBeGreaterThanOrEqual(1);
  expect(Math.max(...sectionIds)).toBe(sectionIds.length);

  const all = placed(plan);
  expect(all.length).toBe(countSeats(plan));
  const keys = new Set<string>();
  const problems: string[] = [];
  for (const { seat, section, group, wx, wy } of all) {
    const key = `${seat.si}_${seat.x}_${seat.y}`;
    if (keys.has(key)) problems.push(`duplicate key ${key}`);
    keys.add(key);
    if (seat.si !== section.id || seat.gi !== group.id) problems.push(`${key}: wrong si/gi`);
    if (seat.vi !== planIds.venueId || seat.sp !== planIds.seatplanId) problems.push(`${key}: wrong vi/sp`);
    if (seat.ai !== 1 && seat.ai !== 2) problems.push(`${key}: ai ${seat.ai}`);
    if (!(wx >= 0 && wx <= plan.width && wy >= 0 && wy <= plan.height)) problems.push(`${key}: outside plan`);
    const st = plan.stage;
    if (st && wx > st.x && wx < st.x + st.width && wy > st.y && wy < st.y + st.height) {
      problems.push(`${key}: on the stage`);
    }
  }
  expect(problems.slice(0, 10)).toEqual([]);

  for (const section of plan.S) {
    for (const group of section.G) {
      const rowNames = group.R.map((r) => r.r);
      expect(new Set(rowNames).size).toBe(rowNames.length);
      for (const row of group.R) {
        const names = row.S.map((s) => s.n);
        expect(new Set(names).size).toBe(names.length);
        for (const seat of row.S) expect(seat.r).toBe(row.r);
      }
    }
  }

  const st = plan.stage;
  expect(st).toBeDefined();
  if (st) {
    expect(st.x).toBeGreaterThanOrEqual(0);
    expect(st.y).toBeGreaterThanOrEqual(0);
    expect(st.x + st.width).toBeLessThanOrEqual(plan.width);
    expect(st.y + st.height).toBeLessThanOrEqual(plan.height);
  }

  // Sections never overlap on the plan.
  if (plan.S.length > 1) expect(minCrossSectionDistance(all, 20)).toBeGreaterThanOrEqual(10);
  expectWheelchairsWithCompanions(plan);
  return all;
}

/** Each wheelchair space has a companion seat right next to it (seat number ± 1, same row). */
function expectWheelchairsWithCompanions(plan: Seatplan): void {
  for (const section of plan.S) {
    for (const group of section.G) {
      for (const row of group.R) {
        const byNumber = new Map(row.S.map((s) => [Number(s.n), s]));
        for (const seat of row.S.filter((s) => s.handicap)) {
          const n = Number(seat.n);
          const companions = [byNumber.get(n - 1), byNumber.get(n + 1)].filter((s) => s?.companion);
          expect(
            companions.length,
            `companion for ${section.name} ${row.r}/${seat.n}`,
          ).toBeGreaterThanOrEqual(1);
        }
      }
    }
  }
}

const seatsOf = (plan: Seatplan): PlanSeat[] => placed(plan).map((p) => p.seat);

describe('cinemaHallPlan', () => {
  const variants = ['standard', 'premium-row', 'sofas'] as const;
  const plans = variants.map((variant, i) =>
    cinemaHallPlan(ids(100 + i), { rows: 10, seatsPerRow: 14, levels: CINEMA_LEVELS, variant }),
  );

  it.each(variants.map((v, i) => [v, i] as const))('%s is a valid plan', (_variant, i) => {
    const plan = plans[i]!;
    expectValidPlan(plan, ids(100 + i));
    expect(plan.stage?.kind).toBe('screen');
    expect(plan.S.map((s) => s.name)).toEqual(['Hall']);
    const rows = plan.S[0]!.G[0]!.R;
    expect(rows.map((r) => r.r)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    for (const row of rows) expect(row.S.map((s) => s.n)).toEqual(row.S.map((_, k) => String(k + 1)));
    // Row 1 is nearest the screen (which is at the top).
    const ys = rows.map((r) => r.S[0]!.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(plan.stage!.y + plan.stage!.height).toBeLessThan(ys[0]!);
  });

  it('has the accessible, limited-view and house seats', () => {
    for (const plan of plans) {
      const seats = seatsOf(plan);
      expect(seats.filter((s) => s.handicap)).toHaveLength(2);
      expect(seats.filter((s) => s.companion)).toHaveLength(2);
      const handicapRows = new Set(seats.filter((s) => s.handicap).map((s) => s.r));
      expect([...handicapRows].every((r) => r === '1' || r === '10')).toBe(true);

      const front = plan.S[0]!.G[0]!.R[0]!.S;
      const limited = seats.filter((s) => s.limitedView);
      expect(limited).toEqual([front[0], front[front.length - 1]]);

      const house = seats.filter((s) => s.ai === 2);
      expect(house.length).toBeGreaterThanOrEqual(2);
      expect(house.length).toBeLessThanOrEqual(4);
      for (const s of house) {
        expect(Number(s.r)).toBeGreaterThan(2);
        expect(Number(s.r)).toBeLessThan(9);
        expect(Number(s.n)).toBeGreaterThan(3);
        expect(Number(s.n)).toBeLessThan(12);
      }
    }
  });

  it('standard: every seat at the regular price, no premium, no sofas', () => {
    const seats = seatsOf(plans[0]!);
    expect(seats).toHaveLength(140);
    expect(new Set(seats.map((s) => s.tg))).toEqual(new Set([21]));
    expect(seats.some((s) => s.premium || s.sofa)).toBe(false);
  });

  it('premium-row: one middle row is premium at the premium price', () => {
    const seats = seatsOf(plans[1]!);
    const premium = seats.filter((s) => s.premium);
    expect(new Set(premium.map((s) => s.r)).size).toBe(1);
    expect(premium).toHaveLength(14);
    const row = Number(premium[0]!.r);
    expect(row).toBeGreaterThan(2);
    expect(row).toBeLessThan(9);
    expect(premium.every((s) => s.tg === 22)).toBe(true);
    expect(seats.filter((s) => !s.premium).every((s) => s.tg === 21)).toBe(true);
  });

  it('sofas: the last row is two-seat sofas with their own ids and price', () => {
    const plan = plans[2]!;
    const seats = seatsOf(plan);
    const sofaSeats = seats.filter((s) => s.sofa !== undefined);
    const back = plan.S[0]!.G[0]!.R.at(-1)!.S;
    expect(sofaSeats).toEqual(back);
    expect(sofaSeats.every((s) => s.tg === 23)).toBe(true);
    expect(seats.filter((s) => s.sofa === undefined).every((s) => s.tg === 21)).toBe(true);

    const bySofa = Map.groupBy(sofaSeats, (s) => s.sofa!);
    expect(bySofa.size).toBe(7);
    expect([...bySofa.keys()][0]).toBe('R10-S1');
    for (const pair of bySofa.values()) {
      expect(pair).toHaveLength(2);
      expect(Number(pair[1]!.n) - Number(pair[0]!.n)).toBe(1);
    }
    // A gap between sofas: seats of one sofa are closer than neighbouring seats of two sofas.
    const xs = back.map((s) => s.x);
    const within = xs[1]! - xs[0]!;
    const between = xs[2]! - xs[1]!;
    expect(between).toBeGreaterThan(within);
  });

  it('rejects missing levels and tiny halls', () => {
    const base = { rows: 10, seatsPerRow: 14 };
    expect(() => cinemaHallPlan(ids(1), { ...base, levels: { regular: 1 }, variant: 'sofas' })).toThrow();
    expect(() =>
      cinemaHallPlan(ids(1), { ...base, levels: { regular: 1 }, variant: 'premium-row' }),
    ).toThrow();
    expect(() =>
      cinemaHallPlan(ids(1), { ...base, seatsPerRow: 4, levels: CINEMA_LEVELS, variant: 'standard' }),
    ).toThrow();
  });

  it('works for small and odd-sized halls', () => {
    for (const variant of variants) {
      for (const [rows, seatsPerRow] of [
        [3, 6],
        [7, 11],
        [15, 25],
      ] as const) {
        const plan = cinemaHallPlan(ids(9), { rows, seatsPerRow, levels: CINEMA_LEVELS, variant });
        expectValidPlan(plan, ids(9));
      }
    }
  });
});

describe('concertHallPlan', () => {
  const plan = concertHallPlan(ids(200), LEVELS);

  it('is a valid plan of about 1,800 seats in curved rows', () => {
    expectValidPlan(plan, ids(200));
    expect(countSeats(plan)).toBeGreaterThanOrEqual(1700);
    expect(countSeats(plan)).toBeLessThanOrEqual(1950);
    expect(plan.S.map((s) => s.name)).toEqual(['Stalls', 'Balcony 1', 'Balcony 2']);
    expect(plan.stage?.kind).toBe('stage');
    // Curved: the row's ends are nearer the stage than its middle.
    const row = plan.S[0]!.G[0]!.R[0]!.S;
    expect(row[0]!.y).toBeLessThan(row[Math.floor(row.length / 2)]!.y);
  });

  it('keeps neighbouring seats at least 8 units apart after rounding', () => {
    let min = Infinity;
    for (const section of plan.S) {
      for (const row of section.G[0]!.R) {
        for (let i = 1; i < row.S.length; i++) {
          const a = row.S[i - 1]!;
          const b = row.S[i]!;
          min = Math.min(min, Math.hypot(a.x - b.x, a.y - b.y));
        }
      }
    }
    expect(min).toBeGreaterThanOrEqual(8);
  });

  it('prices from the front stalls (dearest) to balcony 2 (cheapest)', () => {
    const [stalls, b1, b2] = plan.S.map((s) => seatsOf({ ...plan, S: [s] }));
    expect(new Set(seatsOf(plan).map((s) => s.tg)).size).toBeGreaterThanOrEqual(4);
    expect(stalls!.filter((s) => s.r === '1').some((s) => s.tg === LEVELS[0])).toBe(true);
    expect(new Set(b2!.map((s) => s.tg))).toEqual(new Set([LEVELS[4]]));
    expect(b1!.every((s) => s.tg > LEVELS[1])).toBe(true);
    // Clamped to the levels given.
    const two = seatsOf(concertHallPlan(ids(201), [1, 2]));
    expect(new Set(two.map((s) => s.tg))).toEqual(new Set([1, 2]));
  });

  it('has wheelchair spaces at the back of the stalls and limited view at the balcony sides', () => {
    const stalls = plan.S[0]!.G[0]!.R;
    const handicap = seatsOf(plan).filter((s) => s.handicap);
    expect(handicap.length).toBeGreaterThanOrEqual(2);
    expect(handicap.every((s) => s.si === plan.S[0]!.id && s.r === stalls.at(-1)!.r)).toBe(true);
    const limited = seatsOf(plan).filter((s) => s.limitedView);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((s) => s.si !== plan.S[0]!.id)).toBe(true);
  });
});

describe('orchestraHallPlan', () => {
  const plan = orchestraHallPlan(ids(300), LEVELS);

  it('is a valid vineyard plan of 1,000 to 1,300 seats', () => {
    expectValidPlan(plan, ids(300));
    expect(countSeats(plan)).toBeGreaterThanOrEqual(1000);
    expect(countSeats(plan)).toBeLessThanOrEqual(1300);
    expect(plan.S.map((s) => s.name)).toEqual([
      'Parterre',
      'Left terrace',
      'Right terrace',
      'Choir',
      'Balcony',
    ]);
    expect(new Set(seatsOf(plan).map((s) => s.tg)).size).toBeGreaterThanOrEqual(3);
  });

  it('places at least two sections as rotated, translated groups', () => {
    const rotated = plan.S.flatMap((s) => s.G).filter((g) => (g.rotation ?? 0) !== 0);
    expect(rotated.length).toBeGreaterThanOrEqual(2);
    for (const g of rotated) {
      expect(g.tx).toBeTypeOf('number');
      expect(g.ty).toBeTypeOf('number');
    }
  });

  it('seats the choir behind the stage and the parterre in front of it', () => {
    const all = placed(plan);
    const stage = plan.stage!;
    const choir = all.filter((p) => p.section.name === 'Choir');
    const parterre = all.filter((p) => p.section.name === 'Parterre');
    expect(choir.every((p) => p.wy < stage.y)).toBe(true);
    expect(parterre.every((p) => p.wy > stage.y + stage.height)).toBe(true);
  });
});

describe('arenaPlan', () => {
  it('has at least 20,000 seats in rotated sections around a field', () => {
    const plan = arenaPlan(ids(400), LEVELS);
    expectValidPlan(plan, ids(400));
    expect(countSeats(plan)).toBeGreaterThanOrEqual(20_000);
    expect(countSeats(plan)).toBeLessThan(22_000);
    expect(plan.stage?.kind).toBe('field');

    const groups = plan.S.flatMap((s) => s.G);
    const rotations = new Set(groups.filter((g) => (g.rotation ?? 0) !== 0).map((g) => g.rotation));
    expect(rotations.size).toBeGreaterThanOrEqual(20);
    const names = plan.S.map((s) => s.name);
    expect(names).toContain('101');
    expect(names).toContain('201');
    expect(names.filter((n) => n.startsWith('1')).length).toBeGreaterThanOrEqual(20);
    expect(names.filter((n) => n.startsWith('2')).length).toBeGreaterThanOrEqual(20);
  });

  it('prices by ring and by side', () => {
    const plan = arenaPlan(ids(401), LEVELS);
    const tgOf = (name: string) => {
      const tgs = new Set(seatsOf({ ...plan, S: plan.S.filter((s) => s.name === name) }).map((s) => s.tg));
      expect(tgs.size).toBe(1);
      return [...tgs][0];
    };
    // 101 faces the middle of a long side, 107 an end; 201 and 209 likewise in the upper ring.
    expect(tgOf('101')).toBe(LEVELS[0]);
    expect(tgOf('107')).toBe(LEVELS[1]);
    expect(tgOf('201')).toBe(LEVELS[2]);
    expect(tgOf('209')).toBe(LEVELS[3]);
  });

  it('scales to 100,000 seats quickly', () => {
    const start = performance.now();
    const plan = arenaPlan(ids(402), LEVELS, { minSeats: 100_000 });
    const ms = performance.now() - start;
    expect(countSeats(plan)).toBeGreaterThanOrEqual(100_000);
    expect(countSeats(plan)).toBeLessThan(105_000);
    expect(ms).toBeLessThan(1000); // typically ~50 ms; generous for slow CI machines
    expectValidPlan(plan, ids(402));
  });

  it('honours small minimums too', () => {
    const plan = arenaPlan(ids(403), [5], { minSeats: 500 });
    expectValidPlan(plan, ids(403));
    expect(countSeats(plan)).toBeGreaterThanOrEqual(500);
  });
});

describe('generalAdmissionPlan', () => {
  it('has exactly `capacity` standing places in rows of 50', () => {
    const plan = generalAdmissionPlan(ids(500), 31, 1234);
    expectValidPlan(plan, ids(500));
    expect(countSeats(plan)).toBe(1234);
    expect(plan.S.map((s) => s.name)).toEqual(['Standing']);
    const rows = plan.S[0]!.G[0]!.R;
    expect(rows).toHaveLength(25);
    expect(rows.slice(0, -1).every((r) => r.S.length === 50)).toBe(true);
    expect(rows.at(-1)!.S).toHaveLength(34);
    expect(seatsOf(plan).every((s) => s.tg === 31 && s.ai === 1)).toBe(true);
    expect(plan.stage!.y + plan.stage!.height).toBeLessThan(rows[0]!.S[0]!.y);
  });

  it('rejects a capacity that is not a positive integer', () => {
    expect(() => generalAdmissionPlan(ids(501), 31, 0)).toThrow();
    expect(() => generalAdmissionPlan(ids(501), 31, 2.5)).toThrow();
  });
});

describe('generators', () => {
  it('are deterministic', () => {
    expect(concertHallPlan(ids(1), LEVELS)).toEqual(concertHallPlan(ids(1), LEVELS));
    expect(orchestraHallPlan(ids(1), LEVELS)).toEqual(orchestraHallPlan(ids(1), LEVELS));
    expect(arenaPlan(ids(1), LEVELS)).toEqual(arenaPlan(ids(1), LEVELS));
  });

  it('reject empty price levels', () => {
    expect(() => concertHallPlan(ids(1), [])).toThrow();
    expect(() => orchestraHallPlan(ids(1), [])).toThrow();
    expect(() => arenaPlan(ids(1), [])).toThrow();
  });
});
