import { expect } from 'vitest';
import { buildNeighbours } from './adjacency.ts';
import type { PlanData } from './model.ts';
import { parsePlan } from './parse.ts';
import type { RuleContext } from './rules.ts';

/** Small hand-drawn plans for the rule and auto-select tests. */

export type Stage = { kind: 'stage'; x: number; y: number; width: number; height: number } | null;

/**
 * A plan from row strings, one section per array: 'o' a seat, 'h' accessible, 'c' companion, 'l' limited
 * view, 'p' premium (ticket group 2, the others are 1), A–Z a sofa seat (a run of one letter in a row is
 * one sofa), ' ' an empty place (an aisle), '_' a 6-unit gap (1.6 pitches: not adjacent). Seat k of a row
 * sits at x = 10 k (plus gaps), row r at y = 12 r; section s is shifted by 500 s in x. A number as
 * `stage` puts a stage centred above that x.
 */
export function buildPlan(sections: string[][], stage: Stage | number | null = null): PlanData {
  const S = sections.map((rows, si) => ({
    id: si + 1,
    name: `S${si + 1}`,
    G: [
      {
        id: si + 1,
        tx: si * 500,
        R: rows.map((row, ri) => {
          const seats: Array<Record<string, unknown>> = [];
          let x = 0;
          for (const ch of row) {
            if (ch === ' ') x += 10;
            else if (ch === '_') x += 6;
            else {
              const seat: Record<string, unknown> = {
                x,
                y: ri * 12,
                r: String(ri + 1),
                n: String(seats.length + 1),
                tg: ch === 'p' ? 2 : 1,
              };
              if (ch === 'h') seat.handicap = true;
              if (ch === 'c') seat.companion = true;
              if (ch === 'l') seat.limitedView = true;
              if (ch === 'p') seat.premium = true;
              if (/[A-Z]/.test(ch)) seat.sofa = `${ri}${ch}`;
              seats.push(seat);
              x += 10;
            }
          }
          return { r: String(ri + 1), S: seats };
        }),
      },
    ],
  }));
  const stageJson =
    typeof stage === 'number' ? { kind: 'stage', x: stage - 20, y: -40, width: 40, height: 10 } : stage;
  const { data, issues } = parsePlan({
    venueId: 1,
    seatplanId: 1,
    name: 't',
    stage: stageJson ?? undefined,
    S,
  });
  expect(issues).toEqual([]);
  return data!;
}

/** Seat states from a string: 'x' taken, '.' free, 's' selected; other characters are ignored. */
export function statesOf(data: PlanData, spec: string): Uint8Array {
  const codes = [...spec].filter((c) => 'x.s'.includes(c));
  expect(codes.length).toBe(data.count);
  return Uint8Array.from(codes, (c) => (c === 'x' ? 0 : c === '.' ? 1 : 2));
}

export function setup(
  rows: string[] | string[][],
  state: string,
  opts: { maxSeats?: number; policy?: number; stage?: Stage | number } = {},
): RuleContext {
  const sections = typeof rows[0] === 'string' ? [rows as string[]] : (rows as string[][]);
  const data = buildPlan(sections, opts.stage);
  return {
    data,
    neighbours: buildNeighbours(data),
    state: statesOf(data, state),
    maxSeats: opts.maxSeats ?? 10,
    seatingPolicyId: opts.policy ?? 3,
  };
}
