import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { PlanEditSchema } from '../../api/contract/seatplanEdits.ts';
import { applyPlanEdits, type PlanEdit, PlanEditError } from './edits.ts';

function hall(): Seatplan {
  const seat = (x: number, n: string) => ({ x, y: 0, r: 'A', n, si: 1, gi: 1, vi: 1, sp: 1, tg: 1, ai: 1 });
  return {
    venueId: 1,
    seatplanId: 1,
    name: 'Hall',
    width: 100,
    height: 100,
    S: [
      {
        id: 1,
        name: 'Stalls',
        names: { he: 'אולם', en: 'Stalls' },
        G: [{ id: 1, R: [{ r: 'A', S: [{ ...seat(0, '1'), handicap: true, sofa: 'x' }, seat(10, '2')] }] }],
      },
      { id: 2, name: 'Box', G: [{ id: 2, R: [{ r: 'A', S: [{ ...seat(0, '1'), si: 2, gi: 2 }] }] }] },
    ],
  };
}

const errorOf = (f: () => unknown): PlanEditError => {
  try {
    f();
  } catch (e) {
    if (e instanceof PlanEditError) return e;
    throw e;
  }
  throw new Error('no PlanEditError');
};

describe('applyPlanEdits', () => {
  it('sets seat properties, removes flags set to false and sofas set to null, and counts changed seats', () => {
    const plan = hall();
    const { plan: out, changed } = applyPlanEdits(plan, [
      { op: 'setSeats', keys: ['1_0_0', '1_10_0'], tg: 2, handicap: false, premium: true, sofa: null },
      { op: 'setSeats', keys: ['1_10_0'], ai: 2, companion: true, sofa: 'duo' },
    ]);
    expect(out.S[0]!.G[0]!.R[0]!.S).toEqual([
      { x: 0, y: 0, r: 'A', n: '1', si: 1, gi: 1, vi: 1, sp: 1, tg: 2, ai: 1, premium: true },
      {
        x: 10,
        y: 0,
        r: 'A',
        n: '2',
        si: 1,
        gi: 1,
        vi: 1,
        sp: 1,
        tg: 2,
        ai: 2,
        premium: true,
        companion: true,
        sofa: 'duo',
      },
    ]);
    expect(changed).toBe(2);
    expect(plan).toEqual(hall());
    // Untouched parts are shared, not copied.
    expect(out.S[1]!.G[0]!.R[0]!.S[0]).toBe(plan.S[1]!.G[0]!.R[0]!.S[0]);
  });

  it('counts nothing for an edit that sets what is there', () => {
    expect(
      applyPlanEdits(hall(), [{ op: 'setSeats', keys: ['1_0_0'], tg: 1, handicap: true, sofa: 'x' }]).changed,
    ).toBe(0);
  });

  it('renames a section and replaces its names per locale', () => {
    const { plan, changed } = applyPlanEdits(hall(), [
      { op: 'renameSection', sectionId: 1, name: 'Parterre', names: { he: 'פרטר', en: '', ru: 'Партер' } },
      { op: 'renameSection', sectionId: 2, names: {} },
    ]);
    expect(plan.S[0]).toMatchObject({ name: 'Parterre', names: { he: 'פרטר', ru: 'Партер' } });
    expect(plan.S[1]!.names).toBeUndefined();
    expect(changed).toBe(1);
  });

  it('renames a row and the row of its seats', () => {
    const { plan, changed } = applyPlanEdits(hall(), [{ op: 'renameRow', sectionId: 1, row: 'A', to: 'B' }]);
    expect(plan.S[0]!.G[0]!.R[0]!.r).toBe('B');
    expect(plan.S[0]!.G[0]!.R[0]!.S.map((s) => s.r)).toEqual(['B', 'B']);
    expect(plan.S[1]!.G[0]!.R[0]!.r).toBe('A');
    expect(changed).toBe(2);
  });

  it('throws a PlanEditError naming an unknown seat, section or row', () => {
    const plan = hall();
    expect(
      errorOf(() => applyPlanEdits(plan, [{ op: 'setSeats', keys: ['1_0_0', '1_5_0'], tg: 2 }])),
    ).toMatchObject({
      code: 'seat_not_in_plan',
      value: '1_5_0',
    });
    expect(
      errorOf(() => applyPlanEdits(plan, [{ op: 'renameSection', sectionId: 3, name: 'x' }])),
    ).toMatchObject({
      code: 'section_not_in_plan',
      value: 3,
    });
    expect(
      errorOf(() => applyPlanEdits(plan, [{ op: 'renameRow', sectionId: 2, row: 'B', to: 'C' }])),
    ).toMatchObject({
      code: 'row_not_in_plan',
      value: 'B',
    });
    expect(plan).toEqual(hall());
  });
});

describe('PlanEditSchema', () => {
  it('reads the edits the API takes, as applyPlanEdits takes them', () => {
    expectTypeOf<z.output<typeof PlanEditSchema>>().toExtend<PlanEdit>();
    const edit = { op: 'setSeats', keys: ['1_0_0', '-2_10_-5'], tg: 2, handicap: false, sofa: null };
    expect(PlanEditSchema.parse(edit)).toEqual(edit);
    expect(PlanEditSchema.parse({ op: 'renameSection', sectionId: 1, names: { he: 'א' } })).toBeTruthy();
    expect(PlanEditSchema.parse({ op: 'renameRow', sectionId: 1, row: 'A', to: 'B' })).toBeTruthy();
  });

  it('turns away bad keys, too many keys, long names and unknown ops and locales', () => {
    const bad = [
      { op: 'setSeats', keys: ['1_01_0'] },
      { op: 'setSeats', keys: [] },
      { op: 'setSeats', keys: Array.from({ length: 200_001 }, (_, i) => `1_${i}_0`) },
      { op: 'renameSection', sectionId: 1, name: 'x'.repeat(101) },
      { op: 'renameSection', sectionId: 1, names: { de: 'Saal' } },
      { op: 'renameRow', sectionId: 1, row: 'A' },
      { op: 'moveSeats', keys: ['1_0_0'] },
    ];
    for (const edit of bad) expect(PlanEditSchema.safeParse(edit).success).toBe(false);
  });
});
