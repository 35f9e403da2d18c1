/**
 * Seat plans in and out: importers for the formats venues have (the shop's JSON, pretix's JSON, CSV),
 * the rules a plan must keep before it is published, bulk edits, the difference between two versions,
 * exports and figures. Pure: no I/O, no DOM, no Node APIs (used by the server and the back office).
 */
export { ALLOCATION_HOUSE, ALLOCATION_ONLINE } from './allocations.ts';
export { checkPlan } from './checks.ts';
export { readCsv, writeCsv, type CsvReadResult, type CsvRecord } from '../csv.ts';
export { diffPlans, type PlanDiff, type SeatField, type SeatRef } from './diff.ts';
export { applyPlanEdits, type PlanEdit, PlanEditError, type PlanEditErrorCode } from './edits.ts';
export { exportPlan } from './exportPlan.ts';
export { planFigures, type PlanFigures } from './figures.ts';
export { enclosingSize, PLAN_MARGIN } from './geometry.ts';
export type { ImportContext, ImportResult, PlanFormat } from './importContext.ts';
export { CSV_OPTIONAL_COLUMNS, CSV_REQUIRED_COLUMNS } from './importCsv.ts';
export { importPlan } from './importPlan.ts';
export { PriceLevelMatcher, type PriceLevelRef } from './priceLevels.ts';
export {
  canPublish,
  MAX_PLAN_SEATS,
  PLAN_PROBLEM_CODES,
  type PlanProblem,
  type PlanProblemCode,
  type ProblemSeat,
  RULE_PROBLEM_CODES,
  STRUCTURAL_PROBLEM_CODES,
  WARNING_CODES,
} from './problems.ts';
