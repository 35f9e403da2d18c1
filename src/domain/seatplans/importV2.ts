/**
 * Seat plans in the shop's own format (seat plan V2 JSON): validated with the contract's schema and kept
 * as given (ids, transforms, flags), except what the shop decides: the venue and plan ids on the plan and
 * every seat, each seat's section and group ids (from where it sits), and a size that holds every seat.
 */
import {
  type PlanGroup,
  type PlanSeat,
  type PlanSection,
  type Seatplan,
  SeatplanSchema,
} from '../../api/contract/seatplan.ts';
import { seatKey } from '../seatKey.ts';
import { enclosingSize } from './geometry.ts';
import type { ImportContext } from './importContext.ts';
import { countNested, formatProblems, parseJson } from './json.ts';
import { MAX_PLAN_SEATS, type PlanProblem, problem, type ProblemSeat } from './problems.ts';

export interface V2Read {
  plan: Seatplan | null;
  problems: PlanProblem[];
}

export function readV2Plan(text: string, ctx: ImportContext): V2Read {
  const json = parseJson(text);
  if (!json.ok) return { plan: null, problems: [json.problem] };
  const count = countNested(json.value, ['S', 'G', 'R', 'S']);
  if (count > MAX_PLAN_SEATS) {
    return { plan: null, problems: [problem('too_many_seats', { params: { max: MAX_PLAN_SEATS, count } })] };
  }
  const parsed = SeatplanSchema.safeParse(json.value);
  if (!parsed.success) return { plan: null, problems: formatProblems(parsed.error) };
  const plan = parsed.data;

  plan.venueId = ctx.venueId;
  plan.seatplanId = ctx.seatplanId;
  if (plan.name.trim() === '') plan.name = ctx.name;
  const keys = new Set<string>();
  const duplicates: { key: string; path: string; seat: ProblemSeat }[] = [];
  walk(plan, (seat, section, group, at) => {
    seat.si = section.id;
    seat.gi = group.id;
    seat.vi = ctx.venueId;
    seat.sp = ctx.seatplanId;
    const key = seatKey(section.id, seat.x, seat.y);
    if (!keys.has(key)) keys.add(key);
    else
      duplicates.push({
        key,
        path: pathOf(at),
        seat: { key, section: section.name, row: seat.r, seat: seat.n },
      });
  });
  if (keys.size === 0) return { plan: null, problems: [problem('no_seats')] };
  if (duplicates.length > 0) {
    // A second walk for the first seat of each duplicate key (rare, so not paid for on every import).
    const first = new Map(duplicates.map((d) => [d.key, '']));
    walk(plan, (seat, section, _group, at) => {
      const key = seatKey(section.id, seat.x, seat.y);
      if (first.get(key) === '') first.set(key, pathOf(at));
    });
    const problems = duplicates.map(({ key, path, seat }) =>
      problem('duplicate_seat_key', { path, seat, params: { otherPath: first.get(key) ?? '' } }),
    );
    return { plan: null, problems };
  }
  const size = enclosingSize(plan);
  plan.width = size.width;
  plan.height = size.height;
  return { plan, problems: [] };
}

/** Where a seat is: indexes of its section, group, row and seat. */
type At = readonly [number, number, number, number];
const pathOf = ([si, gi, ri, i]: At): string => `S[${si}].G[${gi}].R[${ri}].S[${i}]`;

/** Calls `visit` for every seat with its section, group and place in the plan. */
function walk(
  plan: Seatplan,
  visit: (seat: PlanSeat, section: PlanSection, group: PlanGroup, at: At) => void,
): void {
  plan.S.forEach((section, si) =>
    section.G.forEach((group, gi) =>
      group.R.forEach((row, ri) => row.S.forEach((seat, i) => visit(seat, section, group, [si, gi, ri, i]))),
    ),
  );
}
