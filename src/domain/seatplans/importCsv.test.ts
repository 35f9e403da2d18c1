import { describe, expect, it } from 'vitest';
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { arenaPlan } from '../../../server/seed/seatplans.ts';
import { ticketGroups, TG } from '../../../server/seed/catalogue.ts';
import { exportPlan } from './exportPlan.ts';
import { countPlanSeats } from './geometry.ts';
import { importPlan } from './importPlan.ts';
import type { PriceLevelRef } from './priceLevels.ts';
import { seatsByKey, testContext } from './testPlans.ts';

const HEADER = 'section,row,seat,x,y,price_level';
const csv = (...lines: string[]) => lines.join('\n');
const importCsv = (text: string, extra: Parameters<typeof testContext>[0] = {}) =>
  importPlan({ format: 'csv', text }, testContext(extra));
const codes = (r: { problems: { code: string }[] }) => r.problems.map((p) => p.code);

describe('importPlan from CSV', () => {
  it('builds sections in order of first appearance, one group each, seats at rounded world coordinates', () => {
    const result = importCsv(
      csv(HEADER, 'Stalls,1,1,10.4,20.6,Standard; front', 'Balcony,A,1,100,200,2', 'Stalls,1,2,20,20.5,1'),
    );
    // "Standard; front" is not a level name ("Standard, front" is).
    expect(codes(result)).toEqual(['unknown_price_level']);
    expect(result.problems[0]).toMatchObject({
      line: 2,
      seat: { key: '1_10_21', section: 'Stalls', row: '1', seat: '1' },
      params: { priceLevel: 'Standard; front' },
    });
    const plan = result.plan!;
    expect(plan).toMatchObject({ venueId: 5, seatplanId: 9, name: 'Imported', width: 120, height: 220 });
    expect(plan.S.map((s) => [s.id, s.name, s.G.map((g) => g.id)])).toEqual([
      [1, 'Stalls', [1]],
      [2, 'Balcony', [2]],
    ]);
    expect(plan.S[0]!.G[0]!.R[0]!.S).toEqual([
      { x: 10, y: 21, r: '1', n: '1', si: 1, gi: 1, vi: 5, sp: 9, tg: 0, ai: 1 },
      { x: 20, y: 21, r: '1', n: '2', si: 1, gi: 1, vi: 5, sp: 9, tg: 1, ai: 1 },
    ]);
    expect(plan.S[1]!.G[0]!.R[0]!.S[0]).toMatchObject({ x: 100, y: 200, r: 'A', tg: 2 });
  });

  it('reads flags, sofas, allocations and section names per locale, in any column order and case', () => {
    const result = importCsv(
      csv(
        'Price_Level,Section,ROW,seat,y,x,Wheelchair,companion,limited_view,premium,sofa,allocation,section_he,section_en',
        '"""premium""; GOLD ",Hall,1,1,0,0,yes,,,,,online,אולם,Main hall',
        'Love seat,Hall,1,2,0,10,no,TRUE,0,x,,1,,',
        '3,Hall,1,3,0,20,,,1,,S1,house,,',
        '3,Hall,1,4,0,30,,,,,S1,2,,',
      ),
    );
    expect(codes(result)).toEqual([
      'section_name_missing',
      'section_name_missing',
      'section_name_missing',
      'house_seats',
    ]);
    const section = result.plan!.S[0]!;
    expect(section.names).toEqual({ he: 'אולם', en: 'Main hall' });
    expect(
      section.G[0]!.R[0]!.S.map(({ tg, ai, handicap, companion, limitedView, premium, sofa }) => ({
        tg,
        ai,
        handicap,
        companion,
        limitedView,
        premium,
        sofa,
      })),
    ).toEqual([
      { tg: 2, ai: 1, handicap: true },
      { tg: 3, ai: 1, companion: true, premium: true },
      { tg: 3, ai: 2, limitedView: true, sofa: 'S1' },
      { tg: 3, ai: 2, sofa: 'S1' },
    ]);
  });

  it('reads semicolons, decimal commas, quoted fields, a BOM and CRLF line ends', () => {
    const text =
      '\uFEFFsection;row;seat;x;y;price_level\r\n"Loge; left";"A ""1""";1;12,6;7,4;Standard, front\r\n';
    const result = importCsv(text);
    expect(result.problems).toEqual([]);
    const seat = result.plan!.S[0]!.G[0]!.R[0]!.S[0]!;
    expect(result.plan!.S[0]!.name).toBe('Loge; left');
    expect(seat).toMatchObject({ x: 13, y: 7, r: 'A "1"', n: '1', tg: 1 });
  });

  it('names every missing column and reads nothing', () => {
    const result = importCsv(csv('section,row,x,y', 'A,1,0,0'));
    expect(result.plan).toBeNull();
    expect(result.problems).toEqual([
      { severity: 'error', code: 'csv_column_missing', line: 1, params: { column: 'seat' } },
      { severity: 'error', code: 'csv_column_missing', line: 1, params: { column: 'price_level' } },
    ]);
  });

  it('turns away a file that is no CSV, an empty one, and one without seats', () => {
    expect(importCsv(csv(HEADER, '"A,1,1,0,0,1')).problems).toEqual([
      { severity: 'error', code: 'file_unreadable', line: 2, params: { reason: 'unclosed_quote' } },
    ]);
    expect(importCsv('\u0000\u0001PK').problems[0]).toMatchObject({
      code: 'file_unreadable',
      params: { reason: 'binary' },
    });
    expect(codes(importCsv(''))).toEqual(['file_unreadable']);
    expect(importCsv(HEADER + '\r\n')).toEqual({
      plan: null,
      problems: [{ severity: 'error', code: 'no_seats' }],
    });
  });

  it('turns away more than 200,000 seats', () => {
    const lines = [HEADER, ...Array.from({ length: 200_001 }, (_, i) => `A,1,${i},${i * 10},0,1`)];
    const result = importCsv(lines.join('\n'));
    expect(result.plan).toBeNull();
    expect(result.problems).toEqual([
      { severity: 'error', code: 'too_many_seats', params: { max: 200_000, count: 200_001 } },
    ]);
  });

  it('names the line of a seat without a position and of cells it cannot read', () => {
    const result = importCsv(
      csv(
        'section,row,seat,x,y,price_level,wheelchair,allocation',
        'A,1,1,,0,1,,',
        'A,1,2,1e1,ten,1,,',
        'A,1,3,20,0,1,maybe,',
        'A,1,4,30,0,1,,box',
        ',1,5,40,0,1,,',
        'A,1,6,50,0,1,,',
      ),
    );
    expect(result.plan).toBeNull();
    expect(result.problems.map((p) => [p.code, p.line, p.params?.column ?? null])).toEqual([
      ['seat_without_position', 2, null],
      ['seat_without_position', 3, null],
      ['format_invalid', 4, 'wheelchair'],
      ['format_invalid', 5, 'allocation'],
      ['format_invalid', 6, 'section'],
    ]);
    expect(result.problems[2]!.params).toEqual({
      column: 'wheelchair',
      detail: 'not_a_boolean',
      value: 'maybe',
    });
  });

  it('names both lines of two seats that round to one key', () => {
    const result = importCsv(csv(HEADER, 'A,1,1,10.2,0,1', 'A,1,2,9.8,0.3,1'));
    expect(result.plan).toBeNull();
    expect(result.problems).toEqual([
      {
        severity: 'error',
        code: 'duplicate_seat_key',
        line: 3,
        seat: { key: '1_10_0', section: 'A', row: '1', seat: '2' },
        params: { otherLine: 2, otherRow: '1', otherSeat: '1' },
      },
    ]);
  });

  it('names the CSV line in the rule problems found after the import', () => {
    const result = importCsv(csv(HEADER + ',companion', 'A,1,1,0,0,1,', 'A,1,2,10,0,1,1'));
    expect(result.problems).toEqual([
      {
        severity: 'error',
        code: 'companion_without_wheelchair',
        line: 3,
        seat: { key: '1_10_0', section: 'A', row: '1', seat: '2' },
      },
    ]);
  });

  describe('over a base plan', () => {
    const base: Seatplan = {
      venueId: 5,
      seatplanId: 9,
      name: 'Base',
      width: 500,
      height: 400,
      stage: { kind: 'screen', x: 20, y: 20, width: 100, height: 10 },
      S: [
        {
          id: 4,
          name: 'Left wing',
          names: { he: 'אגף שמאל', en: 'Left wing' },
          G: [{ id: 40, rotation: 30, tx: 100.5, ty: 50, R: [] }],
        },
        { id: 7, name: 'Stalls', G: [{ id: 7, R: [] }] },
      ],
    };

    it('keeps a matching section’s id and frame and turns the seats into it', () => {
      const a = (30 * Math.PI) / 180;
      const world = (x: number, y: number) =>
        [x * Math.cos(a) - y * Math.sin(a) + 100.5, x * Math.sin(a) + y * Math.cos(a) + 50].map((v) =>
          v.toFixed(2),
        );
      const result = importCsv(
        csv(
          HEADER,
          `אגף שמאל,1,1,${world(0, 0).join(',')},1`,
          `LEFT WING ,1,2,${world(10, 0).join(',')},1`,
          `Extra,1,1,300,300,1`,
        ),
        { base },
      );
      // The base section's names lack three locales.
      expect(codes(result)).toEqual(['section_name_missing', 'section_name_missing', 'section_name_missing']);
      const plan = result.plan!;
      // Names match case-insensitively, by the name or any locale's: the two texts are one base section,
      // but two sections of the file, so the second one is a new section.
      expect(plan.S.map((s) => [s.id, s.name, s.G[0]!.id, s.G[0]!.rotation, s.G[0]!.tx, s.G[0]!.ty])).toEqual(
        [
          [4, 'אגף שמאל', 40, 30, 100.5, 50],
          [8, 'LEFT WING', 8, undefined, undefined, undefined],
          [9, 'Extra', 9, undefined, undefined, undefined],
        ],
      );
      expect(plan.S[0]!.G[0]!.R[0]!.S[0]).toMatchObject({ x: 0, y: 0, si: 4, gi: 40 });
      // A CSV file has no stage, names per locale or size: the base's are kept.
      expect(plan.S[0]!.names).toEqual(base.S[0]!.names);
      expect(plan.stage).toEqual(base.stage);
      expect([plan.width, plan.height]).toEqual([500, 400]);
    });
  });
});

describe('a CSV of 100,000 seats', () => {
  const levels: PriceLevelRef[] = ticketGroups.map((g) => ({
    id: g.id,
    names: [g.name.en ?? '', g.name.he ?? ''],
  }));
  const arena = arenaPlan(
    { venueId: 5, seatplanId: 9, name: 'Arena' },
    [TG.arena1, TG.arena2, TG.arena3, TG.arena4],
    {
      minSeats: 100_000,
    },
  );

  it('imports over its published plan with every seat under its key and no error', () => {
    const text = exportPlan(arena, 'csv', levels);
    const result = importPlan(
      { format: 'csv', text },
      { ...testContext({ base: arena }), priceLevels: levels },
    );
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const plan = result.plan!;
    expect(countPlanSeats(plan)).toBe(countPlanSeats(arena));
    expect(countPlanSeats(plan)).toBeGreaterThanOrEqual(100_000);
    const before = seatsByKey(arena);
    const after = seatsByKey(plan);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [key, { seat }] of after) expect(seat.tg).toBe(before.get(key)!.seat.tg);
  });
});
