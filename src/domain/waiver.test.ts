import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, jumpersMatchTickets, suitsAge, ticketForAge, waiverProblems } from './waiver.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);
const dates = fc.date({ min: new Date('1920-01-01'), max: new Date('2030-12-31'), noInvalidDate: true });

describe('the waiver age rule', () => {
  it('counts full years: the day before a birthday is a year younger than the birthday itself', () => {
    expect(ageOn('2018-05-01', '2026-04-30')).toBe(7);
    expect(ageOn('2018-05-01', '2026-05-01')).toBe(8);
    expect(ageOn('2016-02-29', '2026-02-28')).toBe(9);
    expect(ageOn('2016-02-29', '2026-03-01')).toBe(10);
    expect(ageOn('2018-02-30', '2026-05-01')).toBeNull();
    expect(ageOn('2027-01-01', '2026-05-01')).toBeNull();
  });

  it('gives N on the N-th birthday for any date of birth and N', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 100 }), (born, n) => {
        const b = day(born);
        if (b.endsWith('02-29')) return;
        const on = `${String(Number(b.slice(0, 4)) + n).padStart(4, '0')}${b.slice(4)}`;
        expect(ageOn(b, on)).toBe(n);
      }),
    );
  });

  it('never makes someone younger on a later day', () => {
    fc.assert(
      fc.property(dates, dates, dates, (born, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const x = ageOn(day(born), day(early));
        const y = ageOn(day(born), day(late));
        if (x !== null && y !== null) expect(y).toBeGreaterThanOrEqual(x);
      }),
    );
  });

  it('suits a ticket inclusively at both bounds, and not a year outside', () => {
    const kids = { minAge: 6, maxAge: 12 };
    expect([5, 6, 12, 13].map((a) => suitsAge(kids, a))).toEqual([false, true, true, false]);
    expect(suitsAge({ minAge: null, maxAge: null }, 99)).toBe(true);
  });

  it('matches jumpers to tickets in any order, as many of each type', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 8 }), fc.integer(), (ids, seed) => {
        const shuffled = [...ids].sort((a, b) => ((a * 31 + seed) % 7) - ((b * 31 + seed) % 7));
        expect(
          jumpersMatchTickets(
            shuffled.map((ticketId) => ({ ticketId })),
            ids,
          ),
        ).toBe(true);
        if (ids.length > 0)
          expect(
            jumpersMatchTickets(
              shuffled.slice(1).map((ticketId) => ({ ticketId })),
              ids,
            ),
          ).toBe(false);
      }),
    );
    expect(jumpersMatchTickets([{ ticketId: 1 }, { ticketId: 1 }], [1, 2])).toBe(false);
  });

  it('lists every problem of a form in order, with the too-old child named', () => {
    const problems = waiverProblems(
      {
        adult: { name: 'D', idNumber: '123456789', dateOfBirth: '2012-01-01' },
        jumpers: [{ name: 'Yael', dateOfBirth: '2012-01-15', ticketId: 2 }],
        accepted: false,
        signed: false,
      },
      {
        showDate: '2026-11-23',
        adultMinAge: 18,
        ticketIds: [2],
        bounds: new Map([[2, { minAge: 6, maxAge: 12 }]]),
      },
    );
    expect(problems).toEqual([
      { code: 'waiver_adult_invalid', field: 'name' },
      { code: 'waiver_adult_invalid', field: 'idNumber' },
      { code: 'waiver_adult_too_young', minAge: 18 },
      { code: 'waiver_age_mismatch', index: 0, name: 'Yael', age: 14, minAge: 6, maxAge: 12 },
      { code: 'waiver_not_accepted' },
      { code: 'waiver_not_signed' },
    ]);
  });
});

describe('the ticket a jumper of an age gets', () => {
  const park = [
    { id: 1, minAge: 2, maxAge: 5 },
    { id: 2, minAge: 6, maxAge: 12 },
    { id: 3, minAge: 13, maxAge: 17 },
  ];
  it('is the ticket whose ages suit', () => {
    expect(ticketForAge(park, 8)?.id).toBe(2);
    expect(ticketForAge(park, 5)?.id).toBe(1);
    expect(ticketForAge(park, 13)?.id).toBe(3);
    expect(ticketForAge(park, 19)).toBeNull();
    expect(ticketForAge(park, 1)).toBeNull();
  });
  it('prefers a bounded ticket to an all-ages one', () => {
    expect(ticketForAge([{ id: 9, minAge: null, maxAge: null }, ...park], 8)?.id).toBe(2);
    expect(ticketForAge([{ id: 9, minAge: null, maxAge: null }, ...park], 30)?.id).toBe(9);
  });
  it('always suits the age, and is null only when no ticket does', () => {
    const bound = fc.option(fc.integer({ min: 0, max: 120 }), { nil: null });
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(), minAge: bound, maxAge: bound }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 120 }),
        (tickets, age) => {
          const chosen = ticketForAge(tickets, age);
          if (chosen) expect(suitsAge(chosen, age)).toBe(true);
          else expect(tickets.some((t) => suitsAge(t, age))).toBe(false);
        },
      ),
    );
  });
});
