import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adviseSelection, strandedSeats } from './advice.ts';
import { checkSelect, type RuleContext, validateSelection } from './rules.ts';
import { setup } from './testPlans.ts';

/** Applies a selection change to the context's state (as the engine does once the box office agrees). */
function apply(ctx: RuleContext, take: readonly number[], release: readonly number[] = []): RuleContext {
  const state = ctx.state.slice();
  for (const s of release) state[s] = 1;
  for (const s of take) state[s] = 2;
  return { ...ctx, state };
}

describe('selection advice under the single-seat rule', () => {
  it('names the seat a pair strands in a block of three, offers it too, and the nearest pair elsewhere', () => {
    // Row 1: x s s . x (seats 2–3 chosen, seat 4 left alone); row 2: eight free seats.
    const ctx = setup(['ooooo', 'oooooooo'], 'x s s . x  ........', { stage: 20 });
    expect(validateSelection(ctx)).toMatchObject({ ok: false, code: 'single_seat_error' });
    const a = adviseSelection(ctx);
    expect(a.stranded).toEqual([3]);
    expect(a.fill).toEqual([3]);
    // The nearest pair that leaves nobody alone is right behind, in row 2.
    expect(a.move?.release).toEqual([1, 2]);
    expect(a.move?.take.every((s) => s >= 5)).toBe(true);
    expect(a.move?.take).toHaveLength(2);
    // Either way the whole selection then passes.
    expect(validateSelection(apply(ctx, a.fill!)).ok).toBe(true);
    expect(validateSelection(apply(ctx, a.move!.take, a.move!.release)).ok).toBe(true);
  });

  it('offers no fill beyond the seat cap', () => {
    const ctx = setup(['ooooo', 'oooooooo'], 'x s s . x  ........', { maxSeats: 2 });
    const a = adviseSelection(ctx);
    expect(a.stranded).toEqual([3]);
    expect(a.fill).toBeNull();
    expect(a.move).not.toBeNull();
  });

  it('says nothing for a selection that strands nobody, or under another seating policy', () => {
    expect(adviseSelection(setup(['oooooo'], 's s . . . x'))).toEqual({
      stranded: [],
      fill: null,
      move: null,
    });
    expect(adviseSelection(setup(['ooooo'], 'x s s . x', { policy: 1 })).stranded).toEqual([]);
  });

  it('does not blame the customer for a seat other customers boxed in', () => {
    // Seat 3 is alone between taken seats whatever the customer holds.
    expect(strandedSeats(setup(['oooooo'], 's s x . x .'))).toEqual([]);
  });

  /**
   * Property: in any single row, for any selection built seat by seat in any order (the shop lets the
   * customer do that), every offered fill and move passes the whole-selection check, and an empty
   * `stranded` means the whole selection passes the single-seat rule.
   */
  it('offers only choices that pass the whole check, and is silent exactly when the selection passes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('x', '.', 's'), { minLength: 3, maxLength: 12 }),
        fc.array(fc.constantFrom('x', '.'), { minLength: 3, maxLength: 12 }),
        (row1, row2) => {
          const ctx = setup(
            ['o'.repeat(row1.length), 'o'.repeat(row2.length)],
            row1.join('') + row2.join(''),
          );
          const a = adviseSelection(ctx);
          const whole = validateSelection(ctx);
          if (a.stranded.length === 0) expect(whole.ok || whole.code !== 'single_seat_error').toBe(true);
          else expect(whole).toMatchObject({ ok: false, code: 'single_seat_error' });
          if (a.fill) expect(validateSelection(apply(ctx, a.fill)).ok).toBe(true);
          if (a.move) expect(validateSelection(apply(ctx, a.move.take, a.move.release)).ok).toBe(true);
        },
      ),
    );
  });

  it('lets a selection the click-by-click rule refuses be built whole instead', () => {
    // The click-by-click rule refuses the second seat of a pair in a block of three…
    const one = setup(['ooooo'], 'x s . . x');
    expect(checkSelect(one, 2)).toMatchObject({ ok: false, code: 'single_seat_error' });
    // …the whole selection of all three passes.
    expect(validateSelection(apply(one, [2, 3])).ok).toBe(true);
  });
});
