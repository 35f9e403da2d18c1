import { describe, expect, it } from 'vitest';
import {
  arenaPlan,
  cinemaHallPlan,
  concertHallPlan,
  countSeats,
  generalAdmissionPlan,
  orchestraHallPlan,
} from '../../server/seed/seatplans.ts';
import { FLAG, seatKeyOf } from './model.ts';
import { parsePlan } from './parse.ts';

const ids = { venueId: 1, seatplanId: 2, name: 'test' };

describe('parsePlan', () => {
  it('reads every seat of real plans into typed arrays, row by row', () => {
    for (const plan of [
      cinemaHallPlan(ids, { rows: 10, seatsPerRow: 14, levels: { regular: 1, sofa: 3 }, variant: 'sofas' }),
      orchestraHallPlan(ids, [1, 2, 3]),
      arenaPlan(ids, [1, 2, 3, 4, 5]),
    ]) {
      const { data, issues } = parsePlan(plan);
      expect(issues).toEqual([]);
      expect(data!.count).toBe(countSeats(plan));
      for (const r of data!.rows)
        for (let i = r.start; i < r.end; i++) expect(data!.row[i]).toBe(data!.rows.indexOf(r));
      expect(new Set(Array.from({ length: data!.count }, (_, i) => seatKeyOf(data!, i))).size).toBe(
        data!.count,
      );
    }
  });

  it('places seats of rotated and translated groups in world coordinates', () => {
    const plan = {
      S: [
        {
          id: 7,
          name: 'A',
          G: [{ id: 1, rotation: 90, tx: 100, ty: 50, R: [{ r: '1', S: [{ x: 10, y: 0, tg: 1, n: '1' }] }] }],
        },
      ],
    };
    const { data } = parsePlan(plan);
    expect(data!.x[0]).toBeCloseTo(100, 4);
    expect(data!.y[0]).toBeCloseTo(60, 4);
    expect(data!.px[0]).toBe(10);
    expect(seatKeyOf(data!, 0)).toBe('7_10_0');
  });

  it('keeps seat flags and groups sofa seats', () => {
    const { data } = parsePlan(
      cinemaHallPlan(ids, { rows: 6, seatsPerRow: 10, levels: { regular: 1, sofa: 3 }, variant: 'sofas' }),
    );
    const sofas = new Map<number, number>();
    for (let i = 0; i < data!.count; i++)
      if (data!.sofa[i]! >= 0) sofas.set(data!.sofa[i]!, (sofas.get(data!.sofa[i]!) ?? 0) + 1);
    expect(sofas.size).toBeGreaterThan(0);
    expect([...sofas.values()].every((n) => n === 2)).toBe(true);
    expect(Array.from(data!.flags).some((f) => f & FLAG.handicap)).toBe(true);
    expect(Array.from(data!.flags).some((f) => f & FLAG.companion)).toBe(true);
    expect(Array.from(data!.flags).some((f) => f & FLAG.limitedView)).toBe(true);
  });

  it('names the seat that caused a problem and skips it', () => {
    const plan = {
      S: [
        {
          id: 1,
          name: 'A',
          G: [
            {
              id: 1,
              R: [
                {
                  r: '1',
                  S: [
                    { x: 0, y: 0, tg: 1 },
                    { x: 1.5, y: 0, tg: 1 },
                    { x: 2, y: 0 },
                    { x: 0, y: 0, tg: 1 },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const { data, issues } = parsePlan(plan);
    expect(data!.count).toBe(1);
    expect(issues).toEqual([
      { path: 'S[0].G[0].R[0].S[1]', message: 'x and y must be integers' },
      { path: 'S[0].G[0].R[0].S[2]', message: 'tg (ticket group) must be an integer' },
      { path: 'S[0].G[0].R[0].S[3]', message: 'two seats share the key 1_0_0' },
    ]);
  });

  it('calls a section by its name in the shop’s language when the plan has one', () => {
    const plan = cinemaHallPlan(ids, {
      rows: 4,
      seatsPerRow: 8,
      levels: { regular: 1, sofa: 3 },
      variant: 'sofas',
    });
    const first = plan.S[0]!;
    first.names = { he: 'אולם', en: 'Stalls' };
    expect(parsePlan(plan, 'he').data!.sections[0]!.name).toBe('אולם');
    expect(parsePlan(plan, 'en').data!.sections[0]!.name).toBe('Stalls');
    expect(parsePlan(plan, 'ru').data!.sections[0]!.name).toBe(first.name);
    expect(parsePlan(plan).data!.sections[0]!.name).toBe(first.name);
  });

  it('calls every section of the demo plans by its name in each of the shop’s languages', () => {
    const plans = [
      cinemaHallPlan(ids, { rows: 4, seatsPerRow: 8, levels: { regular: 1, sofa: 3 }, variant: 'sofas' }),
      concertHallPlan(ids, [1, 2, 3, 4, 5, 6]),
      orchestraHallPlan(ids, [1, 2, 3]),
      generalAdmissionPlan(ids, 1, 20),
    ];
    const expected = {
      he: [
        'אולם',
        'אולם',
        'יציע 1',
        'יציע 2',
        'פרטר',
        'טרסה שמאלית',
        'טרסה ימנית',
        'יציע המקהלה',
        'יציע',
        'עמידה',
      ],
      en: ['Hall', 'Stalls', 'Balcony 1', 'Balcony 2', 'Parterre', 'Left terrace', 'Right terrace', 'Choir'],
    };
    for (const locale of ['he', 'en', 'ru', 'ar', 'pl'] as const) {
      const names = plans.flatMap((p) => parsePlan(p, locale).data!.sections.map((s) => s.name));
      expect(names).toHaveLength(10);
      if (locale === 'he') expect(names).toEqual(expected.he);
      if (locale === 'en') expect(names.slice(0, 8)).toEqual(expected.en);
      // Each a word of that language: none is left in another (Arabic and Hebrew share no letters).
      if (locale === 'ar') expect(names.every((n) => /[\u0600-\u06FF]/.test(n))).toBe(true);
      if (locale === 'ru') expect(names.every((n) => /[\u0400-\u04FF]/.test(n))).toBe(true);
    }
    // The stage and the screen are part of the plan: the map writes their names at them.
    expect(plans.map((p) => parsePlan(p).data!.stage?.kind)).toEqual(['screen', 'stage', 'stage', 'stage']);
  });

  it('refuses input that is not a plan at all', () => {
    expect(parsePlan(null).data).toBeNull();
    expect(parsePlan([1, 2]).issues[0]!.message).toMatch(/not a JSON object/);
    expect(parsePlan({ venueId: 1 }).issues[0]).toEqual({
      path: 'S',
      message: 'the plan has no sections (S)',
    });
  });

  it('measures bounds that contain every seat and a convex hull per section', () => {
    const { data } = parsePlan(arenaPlan(ids, [1, 2, 3]));
    const d = data!;
    for (let i = 0; i < d.count; i += 97) {
      expect(d.x[i]!).toBeGreaterThanOrEqual(d.bounds.minX);
      expect(d.x[i]!).toBeLessThanOrEqual(d.bounds.maxX);
      const s = d.sections[d.section[i]!]!;
      expect(d.x[i]!).toBeGreaterThanOrEqual(s.minX);
      expect(d.y[i]!).toBeLessThanOrEqual(s.maxY);
    }
    expect(d.sections.every((s) => s.hull.length >= 6)).toBe(true);
    expect(d.seatRadius).toBeGreaterThan(1);
    expect(d.seatRadius).toBeLessThanOrEqual(6);
  });
});
