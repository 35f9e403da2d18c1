import { describe, expect, it } from 'vitest';
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { cinemaHallPlan } from '../../../server/seed/seatplans.ts';
import { importPlan } from './importPlan.ts';
import { testContext } from './testPlans.ts';

const importV2 = (file: unknown) =>
  importPlan(
    { format: 'seatplanV2', text: typeof file === 'string' ? file : JSON.stringify(file) },
    testContext(),
  );

function smallPlan(): Seatplan {
  const seat = (x: number, n: string, tg = 1) => ({
    x,
    y: 0,
    r: 'A',
    n,
    si: 99,
    gi: 98,
    vi: 1,
    sp: 2,
    tg,
    ai: 1,
  });
  return {
    venueId: 1,
    seatplanId: 2,
    name: 'Small',
    width: 10,
    height: 10,
    stage: { kind: 'screen', x: 0, y: 0, width: 40, height: 5 },
    S: [
      {
        id: 3,
        name: 'Hall',
        G: [{ id: 4, rotation: 90, tx: 100, ty: 10, R: [{ r: 'A', S: [seat(0, '1'), seat(10, '2')] }] }],
      },
    ],
  };
}

describe('importPlan from the shop format', () => {
  it('keeps ids, transforms and flags, and sets the venue, plan, section and group ids and the size', () => {
    const { plan, problems } = importV2(smallPlan());
    expect(problems).toEqual([]);
    expect(plan).toMatchObject({ venueId: 5, seatplanId: 9, name: 'Small', width: 120, height: 40 });
    expect(plan!.S[0]!.G[0]).toMatchObject({ id: 4, rotation: 90, tx: 100, ty: 10 });
    expect(plan!.S[0]!.G[0]!.R[0]!.S.map((s) => [s.si, s.gi, s.vi, s.sp])).toEqual([
      [3, 4, 5, 9],
      [3, 4, 5, 9],
    ]);
  });

  it('takes the seed’s plans as they are', () => {
    const hall = cinemaHallPlan(
      { venueId: 5, seatplanId: 9, name: 'Hall 1' },
      { rows: 12, seatsPerRow: 16, levels: { regular: 1, premium: 2, sofa: 3 }, variant: 'sofas' },
    );
    const { plan, problems } = importV2(hall);
    expect(plan).toEqual(hall);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('names the path of each schema violation', () => {
    const file = smallPlan() as unknown as { S: { G: { R: { S: Record<string, unknown>[] }[] }[] }[] };
    file.S[0]!.G[0]!.R[0]!.S[1]!.x = 1.5;
    delete file.S[0]!.G[0]!.R[0]!.S[0]!.r;
    const result = importV2(file);
    expect(result.plan).toBeNull();
    expect(result.problems.map((p) => [p.code, p.path])).toEqual([
      ['format_invalid', 'S[0].G[0].R[0].S[0].r'],
      ['format_invalid', 'S[0].G[0].R[0].S[1].x'],
    ]);
    expect(result.problems[0]!.params!.detail).toEqual(expect.any(String));
  });

  it('names both seats of a key', () => {
    const file = smallPlan();
    file.S[0]!.G[0]!.R[0]!.S[1]!.x = 0;
    expect(importV2(file)).toEqual({
      plan: null,
      problems: [
        {
          severity: 'error',
          code: 'duplicate_seat_key',
          path: 'S[0].G[0].R[0].S[1]',
          seat: { key: '3_0_0', section: 'Hall', row: 'A', seat: '2' },
          params: { otherPath: 'S[0].G[0].R[0].S[0]' },
        },
      ],
    });
  });

  it('reports a tg that is no price level with the seat’s path', () => {
    const file = smallPlan();
    file.S[0]!.G[0]!.R[0]!.S[1]!.tg = 42;
    const { plan, problems } = importV2(file);
    expect(plan!.S[0]!.G[0]!.R[0]!.S[1]!.tg).toBe(42);
    expect(problems).toEqual([
      {
        severity: 'error',
        code: 'unknown_price_level',
        path: 'S[0].G[0].R[0].S[1]',
        seat: { key: '3_10_0', section: 'Hall', row: 'A', seat: '2' },
        params: { priceLevel: '42' },
      },
    ]);
  });

  it('turns away no JSON, no seats and too many seats', () => {
    expect(importV2('not json').problems).toEqual([
      { severity: 'error', code: 'file_unreadable', params: { reason: 'not_json' } },
    ]);
    expect(importV2({ ...smallPlan(), S: [] })).toEqual({
      plan: null,
      problems: [{ severity: 'error', code: 'no_seats' }],
    });
    const S = Array.from({ length: 200_001 }, () => ({}));
    expect(
      importV2({ ...smallPlan(), S: [{ id: 1, name: 'x', G: [{ id: 1, R: [{ r: '1', S }] }] }] }).problems,
    ).toEqual([{ severity: 'error', code: 'too_many_seats', params: { max: 200_000, count: 200_001 } }]);
  });

  it('takes the file name, or the context’s when the file has none', () => {
    expect(importV2({ ...smallPlan(), name: ' ' }).plan!.name).toBe('Imported');
  });
});
