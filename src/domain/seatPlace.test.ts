import fc from 'fast-check';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import he from '../../locales/he.json' with { type: 'json' };
import type { Translate } from './boardText.ts';
import {
  type RangeTicket,
  runText,
  type SeatPlace,
  seatPlaceText,
  seatRangeText,
  seatRuns,
  seatText,
} from './seatPlace.ts';

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

describe('seats in words', () => {
  const tr: Record<string, Translate> = {};
  beforeAll(async () => {
    await i18next.init({
      lng: 'en',
      resources: { en: { translation: en }, he: { translation: he }, ar: { translation: ar } },
      interpolation: { escapeValue: false },
    });
    for (const lng of ['en', 'he', 'ar']) {
      const t = i18next.getFixedT(lng);
      tr[lng] = (key, params) => t(key, params ?? {});
    }
  });
  const place = (section: string, row: string, seat: string): SeatPlace => ({ section, row, seat });
  const LRI = '\u2066';
  const PDI = '\u2069';

  it('says the issue’s example in English, Hebrew and Arabic: one section, one row, two seats as a range', () => {
    const seats = [place('Stalls', '23', '31'), place('Stalls', '23', '30')];
    expect(seatPlaceText(tr.en!, seats)).toBe(`Stalls, row 23, seats ${LRI}30–31${PDI}`);
    expect(
      seatPlaceText(
        tr.he!,
        seats.map((s) => ({ ...s, section: 'אולם' })),
      ),
    ).toBe(`אולם, שורה 23, מושבים ${LRI}30–31${PDI}`);
    expect(
      seatPlaceText(
        tr.ar!,
        seats.map((s) => ({ ...s, section: 'الصالة' })),
      ),
    ).toBe(`الصالة، الصف 23، المقاعد ${LRI}30–31${PDI}`);
  });

  it('keeps rows and sections apart, seats of a row in number order, a gap between ranges', () => {
    const seats = [
      place('Stalls', '23', '35'),
      place('Balcony', '2', '7'),
      place('Stalls', '23', '30'),
      place('Stalls', '9', '4'),
      place('Stalls', '23', '31'),
    ];
    expect(seatPlaceText(tr.en!, seats)).toBe(
      `Stalls, row 9, seat 4; Stalls, row 23, seats ${LRI}30–31${PDI}, 35; Balcony, row 2, seat 7`,
    );
    expect(seatPlaceText(tr.ar!, seats.slice(0, 2))).toBe(
      'Stalls، الصف 23، المقعد 35؛ Balcony، الصف 2، المقعد 7',
    );
  });

  it('says one seat, a seat without a section, and unreserved places', () => {
    expect(seatText(tr.he!, place('יציע', '4', '9'))).toBe('יציע, שורה 4, מושב 9');
    expect(seatText(tr.en!, place('', '4', '9'))).toBe('Row 4, seat 9');
    expect(seatPlaceText(tr.en!, [place('', '4', '9'), place('', '4', '10')])).toBe(
      `Row 4, seats ${LRI}9–10${PDI}`,
    );
    expect(seatText(tr.en!, place('Standing', '1', '17'), false)).toBe('Standing, general admission');
    expect(seatPlaceText(tr.en!, [place('Floor', '1', '1'), place('Floor', '1', '2')], false)).toBe(
      'Floor, general admission',
    );
    expect(runText(tr.en!, { section: '', row: '', from: '', to: '' }, false)).toBe('General admission');
  });

  it('writes a range with an en dash, isolated left to right so Hebrew keeps the lower number first', () => {
    expect(seatRangeText('3', '6')).toBe('\u20663\u20136\u2069');
    const hebrew = runText(tr.he!, { section: 'אולם', row: '5', from: '3', to: '6' });
    expect(hebrew).toBe(`אולם, שורה 5, מושבים ${LRI}3–6${PDI}`);
    expect(hebrew.indexOf('3')).toBeLessThan(hebrew.indexOf('6'));
  });

  it('names every chosen seat exactly once, side-by-side seats as one maximal range', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ row: fc.constantFrom('1', '2', '10'), n: fc.integer({ min: 1, max: 30 }) }),
          { selector: (x) => `${x.row}/${x.n}`, minLength: 1, maxLength: 25 },
        ),
        (picks) => {
          const text = seatPlaceText(
            tr.en!,
            picks.map((p) => place('Stalls', p.row, String(p.n))),
          );
          const phrases = text.split('; ');
          const rows = phrases.map((ph) => /^Stalls, row (\d+), seats? (.+)$/.exec(ph)!);
          // Each row once, in number order.
          expect(rows.map((m) => Number(m[1]))).toEqual(
            [...new Set(picks.map((p) => Number(p.row)))].sort((a, b) => a - b),
          );
          for (const m of rows) {
            const parts = m[2]!.split(', ').map((x) => {
              const r = new RegExp(`^${LRI}(\\d+)–(\\d+)${PDI}$`).exec(x);
              return r ? [Number(r[1]), Number(r[2])] : [Number(x), Number(x)];
            });
            const listed = parts.flatMap(([a, b]) => Array.from({ length: b! - a! + 1 }, (_, k) => a! + k));
            const chosen = picks.filter((p) => p.row === m[1]).map((p) => p.n);
            expect(listed).toEqual([...chosen].sort((a, b) => a - b));
            expect(m[0]).toContain(listed.length === 1 ? ', seat ' : ', seats ');
            parts.forEach(([a, b], k) => {
              // A range joins two or more seats; ranges never touch (they would be one).
              if (a !== b) expect(b!).toBeGreaterThan(a!);
              if (k > 0) expect(a!).toBeGreaterThan(parts[k - 1]![1]! + 1);
            });
          }
        },
      ),
    );
  });
});
