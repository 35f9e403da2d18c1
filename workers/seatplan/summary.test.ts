import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanData } from './model.ts';
import { applyFreeSeats, buildKeyIndex, scanStatusText } from './status.ts';
import { sectionShares, sharesFromStatusText } from './summary.ts';
import { buildPlan } from './testPlans.ts';

/** Three sections of two price levels ('p': ticket group 2), one row with an aisle. */
const data = buildPlan([
  ['oooppooo', 'oooooooo', 'pppp pppp'],
  ['pppooo', 'oooooo'],
  ['oooooooooo', 'ppppp_ppppp'],
]);
const keyOf = (d: PlanData, i: number) => `${d.sections[d.section[i]!]!.id}_${d.px[i]}_${d.py[i]}`;

/** What the box office sends (spec section 7): free seats keyed section_x_y, "ticketGroup,allocation". */
function statusText(d: PlanData, free: readonly number[], shape: 'bare' | 'answer', space: boolean): string {
  const seats = Object.fromEntries(free.map((i) => [keyOf(d, i), `${d.ticketGroup[i]},${(i % 3) + 1}`]));
  const value = shape === 'bare' ? seats : { seats, held: free.slice(0, 2).map((i) => keyOf(d, i)) };
  return space ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}

/** The shares as the load computes them once the seats are indexed and the status applied. */
function fullShares(d: PlanData, text: string) {
  const scanned = scanStatusText(buildKeyIndex(d), text)!;
  const { state } = applyFreeSeats(d, scanned.free, scanned.unknownKeys, null);
  return sectionShares(d.sections, d.ticketGroup, state);
}

describe("the far level's summary read from the status text", () => {
  it('matches the shares of the status applied seat by seat, for any free seats, in any key order', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          Array.from({ length: data.count }, (_, i) => i),
          { minLength: 0, maxLength: data.count },
        ),
        fc.constantFrom('bare' as const, 'answer' as const),
        fc.boolean(),
        (free, shape, space) => {
          const text = statusText(data, free, shape, space);
          expect(sharesFromStatusText(data.sections, text)).toEqual(fullShares(data, text));
        },
      ),
    );
  });

  it('takes the price level most free seats are at, the lower one on a tie, and marks a full section', () => {
    // Section 1: 4 free at level 1, 4 at level 2 (a tie); section 2: 3 at level 2, 1 at level 1.
    const at = (section: number, tg: number, n: number) =>
      Array.from({ length: data.count }, (_, i) => i)
        .filter((i) => data.section[i] === section && data.ticketGroup[i] === tg)
        .slice(0, n);
    const free = [...at(0, 2, 4), ...at(0, 1, 4), ...at(1, 2, 3), ...at(1, 1, 1)];
    const shares = sharesFromStatusText(data.sections, statusText(data, free, 'answer', false))!;
    expect(shares.map((s) => [s.available, s.level])).toEqual([
      [8, 1],
      [4, 2],
      [0, -1],
    ]);
    expect(shares.map((s) => s.total)).toEqual(data.sections.map((s) => s.end - s.start));
  });

  it('leaves a map it cannot read this way to the full read', () => {
    expect(sharesFromStatusText(data.sections, '{"seats": {"1_0_0": "x,1"}}')).toBeNull();
    expect(sharesFromStatusText(data.sections, '{"seats": {"A_0_0": "1,1"}}')).toBeNull();
    expect(sharesFromStatusText(data.sections, 'not a map')).toBeNull();
    // Cut short anywhere, it answers (null, or the shares of the keys before the cut) and never loops.
    const whole = statusText(data, [0, 1, 2, 3, 10, 20], 'answer', true);
    for (let n = 0; n < whole.length; n++) sharesFromStatusText(data.sections, whole.slice(0, n));
    expect(sharesFromStatusText(data.sections, '{"seats": {"1_0_0": "1,1')).toBeNull();
    expect(
      sharesFromStatusText(data.sections, '{"seats": {}, "held": []}')!.every((s) => s.available === 0),
    ).toBe(true);
  });
});
