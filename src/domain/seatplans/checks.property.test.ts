import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanSeat, Seatplan } from '../../api/contract/seatplan.ts';
import { seatKey } from '../seatKey.ts';
import { checkPlan } from './checks.ts';
import { planArb, TEST_LEVEL_IDS } from './testPlans.ts';

const errors = (plan: Seatplan) => checkPlan(plan, TEST_LEVEL_IDS).filter((p) => p.severity === 'error');

/** Every seat with its key, in plan order. */
function seats(plan: Seatplan): { key: string; seat: PlanSeat; row: PlanSeat[] }[] {
  return plan.S.flatMap((section) =>
    section.G.flatMap((g) =>
      g.R.flatMap((row) =>
        row.S.map((seat) => ({ key: seatKey(section.id, seat.x, seat.y), seat, row: row.S })),
      ),
    ),
  );
}

type Fault = 'lone sofa seat' | 'companion away from wheelchairs' | 'unknown price level';
const FAULTS: Record<Fault, string> = {
  'lone sofa seat': 'sofa_single_seat',
  'companion away from wheelchairs': 'companion_without_wheelchair',
  'unknown price level': 'unknown_price_level',
};

/** Injects one fault at one seat (picked by `pick`); answers that seat's key. */
function inject(plan: Seatplan, fault: Fault, pick: number): string {
  const all = seats(plan);
  switch (fault) {
    case 'lone sofa seat': {
      const free = all.filter((s) => s.seat.sofa === undefined);
      const target = free[pick % free.length]!;
      target.seat.sofa = 'a sofa of one';
      return target.key;
    }
    case 'companion away from wheelchairs': {
      // A seat neither a wheelchair seat nor next to one, in a row ordered by x as generated.
      const candidates = all.filter(({ seat, row }) => {
        const i = row.indexOf(seat);
        return !seat.handicap && !seat.companion && !row[i - 1]?.handicap && !row[i + 1]?.handicap;
      });
      const target = candidates[pick % candidates.length]!;
      target.seat.companion = true;
      return target.key;
    }
    case 'unknown price level': {
      const target = all[pick % all.length]!;
      target.seat.tg = 99;
      return target.key;
    }
  }
}

describe('checkPlan on generated plans', () => {
  it('finds no error in a well-formed plan', () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        expect(errors(plan)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('finds exactly one injected fault, at its seat', () => {
    fc.assert(
      fc.property(
        planArb,
        fc.constantFrom(...(Object.keys(FAULTS) as Fault[])),
        fc.nat(),
        (plan, fault, pick) => {
          const key = inject(plan, fault, pick);
          const found = errors(plan);
          expect(found.map((p) => [p.code, p.seat?.key])).toEqual([[FAULTS[fault], key]]);
          if (fault === 'unknown price level') expect(found[0]!.params).toEqual({ priceLevel: '99' });
        },
      ),
      { numRuns: 300 },
    );
  });
});
