import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanSeat, Seatplan } from '../../api/contract/seatplan.ts';
import { diffPlans, seatFieldsChanged, type SeatField } from './diff.ts';
import { applyPlanEdits, type PlanEdit } from './edits.ts';
import { planArb, seatsByKey, TEST_LEVELS } from './testPlans.ts';

/** Random setSeats edits on the plan's seats, and now and then a row renamed. */
function editsArb(plan: Seatplan): fc.Arbitrary<PlanEdit[]> {
  const keys = [...seatsByKey(plan).keys()];
  const rows = plan.S.flatMap((s) => s.G.flatMap((g) => g.R.map((r) => ({ sectionId: s.id, row: r.r }))));
  const setSeats = fc.record(
    {
      op: fc.constant('setSeats' as const),
      keys: fc.subarray(keys, { minLength: 1 }),
      tg: fc.constantFrom(...TEST_LEVELS.map((l) => l.id)),
      ai: fc.constantFrom(1, 2),
      handicap: fc.boolean(),
      companion: fc.boolean(),
      limitedView: fc.boolean(),
      premium: fc.boolean(),
      sofa: fc.option(fc.constantFrom('S1', 'S2', ''), { nil: null }),
    },
    { requiredKeys: ['op', 'keys'] },
  );
  const renameRow = fc
    .record({ row: fc.constantFrom(...rows), to: fc.constantFrom('Z', 'Row "9"', 'שורה 1') })
    .map(({ row, to }): PlanEdit => ({ op: 'renameRow', ...row, to }));
  return fc
    .array(fc.oneof({ weight: 4, arbitrary: setSeats }, { weight: 1, arbitrary: renameRow }), {
      minLength: 1,
      maxLength: 5,
    })
    .map((edits) => {
      // A renamed row is gone under its old name: rename each row once at most.
      const renamed = new Set<string>();
      return edits.filter((e) => {
        if (e.op !== 'renameRow') return true;
        const id = `${e.sectionId}/${e.row}`;
        if (renamed.has(id)) return false;
        renamed.add(id);
        return true;
      });
    });
}

/** The seats as a simple model applies the edits: key → seat (a flat copy). */
function model(plan: Seatplan, edits: readonly PlanEdit[]): Map<string, PlanSeat> {
  const sectionOf = new Map<string, number>();
  const out = new Map<string, PlanSeat>();
  for (const [key, { seat, section }] of seatsByKey(plan)) {
    out.set(key, { ...seat });
    sectionOf.set(key, section.id);
  }
  for (const edit of edits) {
    for (const [key, seat] of out) {
      if (edit.op === 'setSeats' && edit.keys.includes(key)) {
        if (edit.tg !== undefined) seat.tg = edit.tg;
        if (edit.ai !== undefined) seat.ai = edit.ai;
        for (const f of ['handicap', 'companion', 'limitedView', 'premium'] as const) {
          if (edit[f] !== undefined) seat[f] = edit[f] || undefined;
        }
        if (edit.sofa !== undefined) seat.sofa = edit.sofa || undefined;
      }
      if (edit.op === 'renameRow' && sectionOf.get(key) === edit.sectionId && seat.r === edit.row)
        seat.r = edit.to;
    }
  }
  return out;
}

describe('applyPlanEdits then diffPlans', () => {
  it('reports exactly the seats the edits changed, with the fields they changed, and leaves the input alone', () => {
    const planAndEdits = planArb.chain((plan) => fc.tuple(fc.constant(plan), editsArb(plan)));
    fc.assert(
      fc.property(planAndEdits, ([plan, edits]) => {
        const before = structuredClone(plan);
        const { plan: edited, changed } = applyPlanEdits(plan, edits);
        expect(plan).toEqual(before);

        const expected = new Map<string, SeatField[]>();
        const original = seatsByKey(plan);
        for (const [key, seat] of model(plan, edits)) {
          const fields = seatFieldsChanged(original.get(key)!.seat, seat);
          if (fields.length > 0) expected.set(key, fields);
        }
        const diff = diffPlans(plan, edited);
        expect(diff.added).toEqual([]);
        expect(diff.removed).toEqual([]);
        expect(diff.moved).toEqual([]);
        expect(new Map(diff.changed.map((c) => [c.seat.key, c.fields]))).toEqual(expected);
        expect(changed).toBe(expected.size);
        // Flags set to false are left out, not stored as false.
        for (const { seat } of seatsByKey(edited).values()) {
          expect(Object.values(seat)).not.toContain(false);
        }
      }),
      { numRuns: 200 },
    );
  });
});
