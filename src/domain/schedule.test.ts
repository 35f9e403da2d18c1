import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  expandSchedule,
  findClashes,
  type HallShow,
  type PlannedShow,
  showInstant,
  weekdayOf,
} from './schedule.ts';
import { businessDate } from './venue.ts';

const MIN = 60_000;

describe('expandSchedule', () => {
  it('lays out a fortnight of three evening shows a day in two halls, and Fridays at 14:00 too', () => {
    const shows = expandSchedule(
      {
        from: '2026-12-01',
        to: '2026-12-14',
        hallIds: [11, 12],
        rules: [
          { weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['16:45', '19:30', '22:00'] },
          { weekdays: [5], times: ['14:00', '19:30'] },
        ],
      },
      118,
    );
    // 14 days × 3 times × 2 halls, and two Fridays × one more time × 2 halls (19:30 is named twice).
    expect(shows).toHaveLength(14 * 3 * 2 + 2 * 2);
    expect(new Set(shows.map((s) => s.businessDate)).size).toBe(14);
    const friday = shows.filter((s) => s.businessDate === '2026-12-04' && s.hallId === 11);
    expect(friday.map((s) => new Date(s.startsAt).toISOString())).toEqual([
      '2026-12-04T12:00:00.000Z',
      '2026-12-04T14:45:00.000Z',
      '2026-12-04T17:30:00.000Z',
      '2026-12-04T20:00:00.000Z',
    ]);
    expect(friday[0]!.endsAt - friday[0]!.startsAt).toBe(118 * MIN);
  });

  it('keeps the wall-clock time across the change of the clocks, and puts 00:15 in the night after', () => {
    // Israel's clocks go back on 2026-10-25 (02:00 → 01:00).
    const shows = expandSchedule(
      {
        from: '2026-10-24',
        to: '2026-10-25',
        hallIds: [1],
        rules: [{ weekdays: [6, 0], times: ['19:30', '00:15'] }],
      },
      90,
    );
    expect(shows.map((s) => new Date(s.startsAt).toISOString())).toEqual([
      '2026-10-24T16:30:00.000Z',
      '2026-10-24T21:15:00.000Z',
      '2026-10-25T17:30:00.000Z',
      '2026-10-25T22:15:00.000Z',
    ]);
    expect(shows.map((s) => s.businessDate)).toEqual([
      '2026-10-24',
      '2026-10-24',
      '2026-10-25',
      '2026-10-25',
    ]);
  });

  it('makes one show per day, time and hall the rules name, each on its business day', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((n) => {
      const d = new Date(Date.UTC(2026, 0, 1 + n));
      return d.toISOString().slice(0, 10);
    });
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const rule = fc.record({
      weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
      times: fc.uniqueArray(time, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 20 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 3 }),
        fc.array(rule, { maxLength: 3 }),
        (from, span, hallIds, rules) => {
          const to = daysBetween(from, '2027-12-31')[span]!;
          const shows = expandSchedule({ from, to, hallIds, rules }, 100);
          let expected = 0;
          for (const d of daysBetween(from, to)) {
            const times = new Set(
              rules.filter((r) => r.weekdays.includes(weekdayOf(d))).flatMap((r) => r.times),
            );
            expected += times.size * hallIds.length;
            for (const t of times)
              for (const h of hallIds)
                expect(shows).toContainEqual(
                  expect.objectContaining({ hallId: h, startsAt: showInstant(d, t), businessDate: d }),
                );
          }
          expect(shows).toHaveLength(expected);
          for (const s of shows) expect(businessDate(s.startsAt)).toBe(s.businessDate);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('findClashes', () => {
  const show = (hallId: number, startMin: number, lengthMin: number): PlannedShow => ({
    hallId,
    startsAt: startMin * MIN,
    endsAt: (startMin + lengthMin) * MIN,
    businessDate: '2026-12-01',
  });

  it('names the presentation a show runs into, counting the cleaning gap', () => {
    const existing: HallShow[] = [{ hallId: 1, startsAt: 0, endsAt: 120 * MIN, presentationId: 7 }];
    expect(findClashes([show(1, 130, 90)], existing, 15)).toEqual([{ index: 0, with: existing[0] }]);
    expect(findClashes([show(1, 135, 90)], existing, 15)).toEqual([]);
    expect(findClashes([show(2, 0, 90)], existing, 15)).toEqual([]);
  });

  it('leaves no two kept shows of a hall within the gap, and every refused one runs into what it names', () => {
    const shows = fc.array(
      fc.tuple(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 240 }),
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(shows, shows, fc.integer({ min: 0, max: 60 }), (planned, there, gapMin) => {
        const gap = gapMin * MIN;
        const plan = planned.map(([h, s, l]) => show(h, s, l));
        const existing: HallShow[] = there.map(([h, s, l], i) => ({
          ...show(h, s, l),
          presentationId: i + 1,
        }));
        const clashes = findClashes(plan, existing, gapMin);
        const refused = new Set(clashes.map((c) => c.index));
        const near = (a: HallShow, b: HallShow) =>
          a.hallId === b.hallId && a.startsAt < b.endsAt + gap && b.startsAt < a.endsAt + gap;
        for (const c of clashes) expect(near(plan[c.index]!, c.with)).toBe(true);
        const kept = plan.filter((_, i) => !refused.has(i));
        for (const k of kept) for (const e of existing) expect(near(k, e)).toBe(false);
        for (let i = 0; i < kept.length; i++)
          for (let j = i + 1; j < kept.length; j++) expect(near(kept[i]!, kept[j]!)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
