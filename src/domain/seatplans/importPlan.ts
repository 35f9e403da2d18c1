/**
 * One door for every seat plan file a venue has: the shop's own JSON, pretix's JSON, or a spreadsheet.
 */
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { seatKey } from '../seatKey.ts';
import { assemblePlan, sourceOf } from './assemble.ts';
import { checkPlan } from './checks.ts';
import { countPlanSeats } from './geometry.ts';
import type { ImportContext, ImportResult, PlanFormat, SourceRef } from './importContext.ts';
import { readCsvPlan } from './importCsv.ts';
import { readPretixPlan } from './importPretix.ts';
import { readV2Plan } from './importV2.ts';
import { PriceLevelMatcher } from './priceLevels.ts';
import { isStructural, type PlanProblem, problem } from './problems.ts';

/**
 * Reads a seat plan file and checks it. `plan` is null when the file has a structural problem (it cannot
 * be read, breaks the format, has no seats or too many, a seat without a position, two seats on one key);
 * otherwise the plan comes with every rule error and warning of {@link checkPlan}, each naming the CSV
 * line or JSON path of its seat. A seat whose price level is unknown keeps tg 0 (or, in the shop's own
 * format, the tg it has), so the draft can be saved and fixed later. Errors come first.
 */
export function importPlan(input: { format: PlanFormat; text: string }, ctx: ImportContext): ImportResult {
  let plan: Seatplan | null;
  let problems: PlanProblem[];
  /** Where the seat of a key came from in the file. */
  let locate: (key: string) => SourceRef | undefined;
  /** Every seat key with where it came from (only walked when a reader's problem lacks the key). */
  let located: () => Iterable<[string, SourceRef]>;
  if (input.format === 'seatplanV2') {
    ({ plan, problems } = readV2Plan(input.text, ctx));
    const paths = plan ? lazyPaths(plan) : () => new Map<string, SourceRef>();
    locate = (key) => paths().get(key);
    located = paths;
  } else {
    const read = input.format === 'csv' ? readCsvPlan(input.text, ctx) : readPretixPlan(input.text, ctx);
    if (!read.draft) return { plan: null, problems: read.problems };
    const assembled = assemblePlan(read.draft, ctx);
    plan = assembled.plan;
    problems = [...read.problems, ...assembled.problems];
    if (countPlanSeats(plan) === 0) problems.push(problem('no_seats'));
    locate = (key) => {
      const seat = assembled.byKey.getKey(key);
      return seat && sourceOf(seat);
    };
    located = function* () {
      for (const [key, seat] of assembled.byKey.entries()) yield [key, sourceOf(seat)];
    };
  }
  if (!plan || problems.some(isStructural)) return { plan: null, problems };

  // The readers name seats (an unknown price level as written) by their names and line or path: give
  // those problems the seat's key too, for the plan editor.
  if (problems.some((p) => p.seat && p.seat.key === undefined)) {
    const keyBySource = new Map<string, string>();
    for (const [key, source] of located()) keyBySource.set(sourceId(source), key);
    problems = problems.map((p) => {
      const key = p.seat && p.seat.key === undefined ? keyBySource.get(sourceId(p)) : undefined;
      return key === undefined || !p.seat ? p : { ...p, seat: { key, ...p.seat } };
    });
  }

  // An unknown price level the reader reported as written in the file is not reported again as tg 0.
  const reported = new Set<string>();
  for (const p of problems) if (p.code === 'unknown_price_level' && p.seat?.key) reported.add(p.seat.key);
  const ids = new PriceLevelMatcher(ctx.priceLevels).ids();
  for (const p of checkPlan(plan, ids)) {
    const key = p.seat?.key;
    if (key === undefined) {
      problems.push(p);
    } else if (!(p.code === 'unknown_price_level' && reported.has(key))) {
      problems.push({ ...p, ...locate(key) });
    }
  }
  problems.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return { plan, problems };
}

const sourceId = (s: SourceRef): string => (s.line !== undefined ? `l${s.line}` : `p${s.path ?? ''}`);

/** The JSON path of every seat of a plan in the shop's format, worked out on first use. */
function lazyPaths(plan: Seatplan): () => Map<string, SourceRef> {
  let paths: Map<string, SourceRef> | undefined;
  return () => {
    if (paths) return paths;
    paths = new Map();
    for (const [si, section] of plan.S.entries()) {
      for (const [gi, group] of section.G.entries()) {
        for (const [ri, row] of group.R.entries()) {
          for (const [i, seat] of row.S.entries()) {
            paths.set(seatKey(section.id, seat.x, seat.y), { path: `S[${si}].G[${gi}].R[${ri}].S[${i}]` });
          }
        }
      }
    }
    return paths;
  };
}
