/**
 * The CPU work on seat plans, as plain functions of text in and text out, so that it can run on a worker
 * thread (pool.ts): a 100,000-seat file takes a few hundred milliseconds to read and check, which must
 * not stall the box office's other requests. Everything here is pure (src/domain/seatplans).
 */
import type { Seatplan } from '../../../../src/api/contract/seatplan.ts';
import { PlanFileSchema } from '../../../../src/api/contract/venuesAdmin.ts';
import {
  applyPlanEdits,
  checkPlan,
  diffPlans,
  exportPlan,
  importPlan,
  type PlanDiff,
  PlanEditError,
  type PlanFigures,
  type PlanFormat,
  planFigures,
  type PlanProblem,
  type PriceLevelRef,
} from '../../../../src/domain/seatplans/index.ts';
import type { PlanEdit } from '../../../../src/domain/seatplans/edits.ts';
import { seatKey } from '../../../../src/domain/seatKey.ts';

/** The most problems an answer lists (a broken 100,000-seat file could have one per seat). */
export const LISTED_PROBLEMS = 500;

export interface Checked {
  /** The plan as stored (JSON); null when the file cannot become one. */
  planJson: string | null;
  problems: PlanProblem[];
  problemCount: number;
  errors: number;
  warnings: number;
  figures: PlanFigures | null;
}

function summarise(plan: Seatplan | null, problems: PlanProblem[]): Checked {
  let errors = 0;
  for (const p of problems) if (p.severity === 'error') errors++;
  return {
    planJson: plan ? JSON.stringify(plan) : null,
    problems: problems.slice(0, LISTED_PROBLEMS),
    problemCount: problems.length,
    errors,
    warnings: problems.length - errors,
    figures: plan ? planFigures(plan) : null,
  };
}

export interface ImportJob {
  /** The request's JSON body as sent ({ format, content, name? }): read here, off the main thread. */
  body: string;
  venueId: number;
  seatplanId: number;
  name: string;
  priceLevels: PriceLevelRef[];
  baseJson: string | null;
}

export type FileOutcome = ({ ok: true; format: PlanFormat } & Checked) | { ok: false; issues: string };

/**
 * Reads a plan file sent as the body of an import call and checks the plan it makes (rule checks
 * included). The body (up to tens of megabytes of JSON) is parsed and validated here too, against the
 * same contract as every other call.
 */
export function importFile(job: ImportJob): FileOutcome {
  let file;
  try {
    file = PlanFileSchema.safeParse(JSON.parse(job.body));
  } catch {
    return { ok: false, issues: 'the body is not JSON' };
  }
  if (!file.success)
    return {
      ok: false,
      issues: file.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    };
  const { plan, problems } = importPlan(
    { format: file.data.format, text: file.data.content },
    {
      venueId: job.venueId,
      seatplanId: job.seatplanId,
      name: file.data.name ?? job.name,
      priceLevels: job.priceLevels,
      ...(job.baseJson ? { base: JSON.parse(job.baseJson) as Seatplan } : {}),
    },
  );
  return { ok: true, format: file.data.format, ...summarise(plan, problems) };
}

/** A stored plan's problems and figures. */
export function checkStored(planJson: string, priceLevelIds: number[]): Checked {
  const plan = JSON.parse(planJson) as Seatplan;
  const checked = summarise(plan, checkPlan(plan, new Set(priceLevelIds)));
  return { ...checked, planJson: null };
}

export type EditOutcome =
  ({ ok: true; changed: number } & Checked) | { ok: false; code: string; value: string | number };

/** A draft after edits, checked again. */
export function editStored(planJson: string, edits: PlanEdit[], priceLevelIds: number[]): EditOutcome {
  try {
    const { plan, changed } = applyPlanEdits(JSON.parse(planJson) as Seatplan, edits);
    return { ok: true, changed, ...summarise(plan, checkPlan(plan, new Set(priceLevelIds))) };
  } catch (err) {
    if (err instanceof PlanEditError) return { ok: false, code: err.code, value: err.value };
    throw err;
  }
}

/** A copy of a version as a new draft: the same seats under a new seat plan id. */
export function copyAs(planJson: string, seatplanId: number, priceLevelIds: number[]): Checked {
  const plan = JSON.parse(planJson) as Seatplan;
  plan.seatplanId = seatplanId;
  for (const section of plan.S)
    for (const group of section.G) for (const row of group.R) for (const seat of row.S) seat.sp = seatplanId;
  return summarise(plan, checkPlan(plan, new Set(priceLevelIds)));
}

/** The seats of a plan as the plan_seats table holds them: [section, x, y, tg, ai] per seat. */
export function seatRows(planJson: string): Int32Array {
  const plan = JSON.parse(planJson) as Seatplan;
  let n = 0;
  for (const section of plan.S) for (const group of section.G) for (const row of group.R) n += row.S.length;
  const out = new Int32Array(n * 5);
  let i = 0;
  for (const section of plan.S)
    for (const group of section.G)
      for (const row of group.R)
        for (const s of row.S) {
          out[i++] = section.id;
          out[i++] = s.x;
          out[i++] = s.y;
          out[i++] = s.tg;
          out[i++] = s.ai;
        }
  return out;
}

/**
 * What a customer bought in each seat, by key (names, price level, allocation, flags, sofa), for the
 * check that a version keeps the seats sold or held unchanged; null for a key the plan lacks.
 */
export function seatIdentities(planJson: string, keys: string[]): Record<string, string | null> {
  const wanted = new Set(keys);
  const out: Record<string, string | null> = {};
  for (const k of keys) out[k] = null;
  const plan = JSON.parse(planJson) as Seatplan;
  for (const section of plan.S)
    for (const group of section.G)
      for (const row of group.R)
        for (const s of row.S) {
          const key = seatKey(section.id, s.x, s.y);
          if (wanted.has(key))
            out[key] = JSON.stringify([
              section.name,
              s.r,
              s.n,
              s.tg,
              s.ai,
              s.handicap === true,
              s.companion === true,
              s.limitedView === true,
              s.premium === true,
              s.sofa ?? null,
            ]);
        }
  return out;
}

export function exportStored(planJson: string, format: PlanFormat, priceLevels: PriceLevelRef[]): string {
  return exportPlan(JSON.parse(planJson) as Seatplan, format, priceLevels);
}

export function diffStored(fromJson: string, toJson: string): PlanDiff {
  return diffPlans(JSON.parse(fromJson) as Seatplan, JSON.parse(toJson) as Seatplan);
}

export const planWork = {
  importFile,
  checkStored,
  editStored,
  copyAs,
  seatRows,
  seatIdentities,
  exportStored,
  diffStored,
};
export type PlanWork = typeof planWork;
