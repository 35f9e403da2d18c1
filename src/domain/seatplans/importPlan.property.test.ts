import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { exportPlan } from './exportPlan.ts';
import { importPlan } from './importPlan.ts';
import { planArb, seatsByKey, TEST_LEVELS, testContext } from './testPlans.ts';

const RUNS = { numRuns: 150 };

function reimport(plan: Seatplan, format: 'seatplanV2' | 'csv' | 'pretix'): Seatplan {
  const text = exportPlan(plan, format, TEST_LEVELS);
  const result = importPlan({ format, text }, testContext({ base: plan }));
  expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
  expect(result.plan).not.toBeNull();
  return result.plan!;
}

/** The seats' keys with what a format carries of each seat. */
function seatSummary(plan: Seatplan, withFlags: boolean) {
  return [...seatsByKey(plan)].map(([key, { seat }]) => ({
    key,
    r: seat.r,
    n: seat.n,
    tg: seat.tg,
    ...(withFlags && {
      ai: seat.ai,
      handicap: Boolean(seat.handicap),
      companion: Boolean(seat.companion),
      limitedView: Boolean(seat.limitedView),
      premium: Boolean(seat.premium),
      sofa: seat.sofa ?? null,
    }),
  }));
}

const sectionNames = (plan: Seatplan) =>
  plan.S.map((s) => ({ id: s.id, name: s.name, names: s.names ?? {} }));

describe('a plan exported and imported back', () => {
  it('in the shop format is the same plan', () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const text = exportPlan(plan, 'seatplanV2', TEST_LEVELS);
        const result = importPlan({ format: 'seatplanV2', text }, testContext());
        expect(result.plan).toEqual(plan);
      }),
      RUNS,
    );
  });

  it('as CSV, over the plan as base, has the same seats under the same keys and the same section names', () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const back = reimport(plan, 'csv');
        expect(seatSummary(back, true)).toEqual(seatSummary(plan, true));
        expect(sectionNames(back)).toEqual(sectionNames(plan));
        // The sections keep their frames: the base's rotation and translation.
        expect(back.S.map((s) => s.G.map(({ R: _R, ...g }) => g))).toEqual(
          plan.S.map((s) => s.G.map(({ R: _R, ...g }) => g)),
        );
      }),
      RUNS,
    );
  });

  it('as pretix JSON, over the plan as base, has the same keys, row and seat names and price levels', () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const back = reimport(plan, 'pretix');
        // pretix's format has no seat flags, allocations or per-locale names.
        expect(seatSummary(back, false)).toEqual(seatSummary(plan, false));
        expect(back.S.map((s) => s.name)).toEqual(plan.S.map((s) => s.name));
        expect(back.stage).toEqual(plan.stage);
      }),
      RUNS,
    );
  });
});
