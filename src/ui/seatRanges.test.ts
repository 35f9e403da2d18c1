import fc from 'fast-check';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import he from '../../locales/he.json' with { type: 'json' };
import { seatRunLabel } from './seatLabel.ts';
import { type RangeTicket, seatRangeText, seatRuns } from './seatRanges.ts';

const REGULAR = { en: 'Regular' };
const STUDENT = { en: 'Student' };
const LEVEL = { en: 'Standard' };

function tk(seat: string, over: Partial<RangeTicket> = {}): RangeTicket & { id: string } {
  return {
    id: `${over.row ?? '5'}/${seat}`,
    presentationId: 1,
    section: 'Hall 1',
    row: '5',
    seat,
    ticketName: REGULAR,
    ticketGroupName: LEVEL,
    ...over,
  };
}

const reserved = () => true;
const shape = (runs: ReturnType<typeof seatRuns>) => runs.map((r) => [r.row, r.from, r.to, r.tickets.length]);

describe('seatRuns', () => {
  it('joins seats side by side in a row into one range, whatever order they were chosen in', () => {
    expect(shape(seatRuns([tk('5'), tk('3'), tk('6'), tk('4')], reserved))).toEqual([['5', '3', '6', 4]]);
  });

  it('breaks a range at a gap, and keeps rows, sections and presentations apart', () => {
    const runs = seatRuns(
      [
        tk('3'),
        tk('4'),
        tk('6'),
        tk('5', { row: '6' }),
        tk('5', { section: 'Balcony' }),
        tk('5', { presentationId: 2 }),
      ],
      reserved,
    );
    expect(runs.map((r) => [r.section, r.row, r.from, r.to])).toEqual([
      ['Hall 1', '5', '3', '4'],
      ['Hall 1', '5', '6', '6'],
      ['Hall 1', '6', '5', '5'],
      ['Balcony', '5', '5', '5'],
      ['Hall 1', '5', '5', '5'],
    ]);
  });

  it('keeps a seat with another ticket type or price level on its own line', () => {
    const runs = seatRuns([tk('3'), tk('4', { ticketName: STUDENT }), tk('5'), tk('6')], reserved);
    expect(shape(runs)).toEqual([
      ['5', '3', '3', 1],
      ['5', '4', '4', 1],
      ['5', '5', '6', 2],
    ]);
    expect(shape(seatRuns([tk('3'), tk('4', { ticketGroupName: { en: 'Premium' } })], reserved))).toEqual([
      ['5', '3', '3', 1],
      ['5', '4', '4', 1],
    ]);
  });

  it('never joins seats whose names are not numbers', () => {
    expect(shape(seatRuns([tk('A1'), tk('A2'), tk('12a'), tk('13')], reserved))).toEqual([
      ['5', 'A1', 'A1', 1],
      ['5', 'A2', 'A2', 1],
      ['5', '12a', '12a', 1],
      ['5', '13', '13', 1],
    ]);
  });

  it('leaves unreserved places one line per ticket', () => {
    expect(seatRuns([tk('1'), tk('2')], () => false)).toHaveLength(2);
  });

  it('puts each ticket on exactly one line, each line a run of numbers that follow each other, none joinable', () => {
    const ticketArb = fc.record({
      row: fc.constantFrom('1', '2'),
      seat: fc.oneof(fc.integer({ min: 1, max: 12 }).map(String), fc.constantFrom('A', 'B7')),
      student: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(ticketArb, { selector: (x) => `${x.row}/${x.seat}`, maxLength: 20 }),
        (picks) => {
          const tickets = picks.map((p) =>
            tk(p.seat, { row: p.row, ticketName: p.student ? STUDENT : REGULAR }),
          );
          const runs = seatRuns(tickets, reserved);
          const ids = runs.flatMap((r) => r.tickets.map((x) => x.id));
          expect([...ids].sort()).toEqual(tickets.map((x) => x.id).sort());
          for (const r of runs) {
            if (!/^\d+$/.test(r.from)) expect(r.tickets).toHaveLength(1);
            expect(r.from).toBe(r.tickets[0]!.seat);
            expect(r.to).toBe(r.tickets.at(-1)!.seat);
            r.tickets.forEach((x, i) => {
              expect(x.row).toBe(r.row);
              expect(x.ticketName).toBe(r.tickets[0]!.ticketName);
              if (i > 0) expect(Number(x.seat)).toBe(Number(r.tickets[i - 1]!.seat) + 1);
            });
          }
          // Maximal: no run could continue another of the same row and ticket.
          for (const a of runs)
            for (const b of runs)
              if (a !== b && a.row === b.row && a.tickets[0]!.ticketName === b.tickets[0]!.ticketName)
                if (/^\d+$/.test(a.to) && /^\d+$/.test(b.from))
                  expect(Number(b.from)).not.toBe(Number(a.to) + 1);
        },
      ),
    );
  });
});

describe('seat range labels', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'en',
      resources: { en: { translation: en }, he: { translation: he } },
      interpolation: { escapeValue: false },
    });
  });

  it('writes a range with an en dash, isolated left to right so Hebrew keeps the lower number first', () => {
    expect(seatRangeText('3', '6')).toBe('\u20663\u20136\u2069');
    const run = { section: 'Hall 1', row: '5', from: '3', to: '6' };
    expect(seatRunLabel(i18next.getFixedT('en'), run, true)).toBe('Hall 1 · Row 5 · Seats \u20663–6\u2069');
    const hebrew = seatRunLabel(i18next.getFixedT('he'), run, true);
    expect(hebrew).toBe('Hall 1 · שורה 5 · מושבים \u20663–6\u2069');
    // Logical order inside the isolate: the first seat, the dash, the last seat.
    expect(hebrew.indexOf('3')).toBeLessThan(hebrew.indexOf('6'));
  });

  it('says a single seat as before, and an unreserved place as general admission', () => {
    const one = { section: 'Hall 1', row: '5', from: '3', to: '3' };
    expect(seatRunLabel(i18next.getFixedT('en'), one, true)).toBe('Hall 1 · Row 5 · Seat 3');
    expect(seatRunLabel(i18next.getFixedT('en'), { ...one, section: 'Floor' }, false)).toBe(
      'Floor · general admission',
    );
  });
});
