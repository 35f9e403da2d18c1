import { describe, expect, it } from 'vitest';
import { readScheduleCsv } from './scheduleCsv.ts';

describe('readScheduleCsv', () => {
  it('reads the lines of a schedule, in either delimiter, naming the lines it cannot read', () => {
    const csv = [
      '\uFEFFFeature;Hall;Date;Time;Price levels',
      'Northern Lights;Hall 1;2026-12-01;19:30;Standard|Premium',
      '7;11;2026-12-01;9:15;',
      'Northern Lights;Hall 1;2026-02-30;19:30;',
      'Northern Lights;Hall 1;2026-12-02;25:00;',
      ';Hall 1;2026-12-02;10:00;',
    ].join('\r\n');
    const read = readScheduleCsv(csv, 100);
    expect(read).toEqual({
      ok: true,
      lines: [
        {
          line: 2,
          feature: 'Northern Lights',
          hall: 'Hall 1',
          date: '2026-12-01',
          time: '19:30',
          priceLevels: ['Standard', 'Premium'],
        },
        { line: 3, feature: '7', hall: '11', date: '2026-12-01', time: '09:15', priceLevels: [] },
      ],
      bad: [
        { line: 4, reason: 'date' },
        { line: 5, reason: 'time' },
        { line: 6, reason: 'feature' },
      ],
    });
  });

  it('refuses a file without the columns, or longer than allowed, naming the line', () => {
    expect(readScheduleCsv('feature,hall,when\nA,B,C', 10)).toEqual({
      ok: false,
      line: 1,
      reason: 'missing columns: date, time',
    });
    expect(
      readScheduleCsv('feature,hall,date,time\nA,1,2026-12-01,10:00\nA,1,2026-12-01,12:00', 1),
    ).toMatchObject({
      ok: false,
      line: 3,
    });
    expect(readScheduleCsv('', 10)).toMatchObject({ ok: false, line: 1 });
  });
});
