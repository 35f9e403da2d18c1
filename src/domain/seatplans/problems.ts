/**
 * The catalogue of what an imported or edited seat plan can be wrong with. Problems cross the boundary as
 * codes with parameters, never sentences: the back office translates each code (STYLE.md, habit 3).
 */

/** Problems that make a file unusable: the importer answers `plan: null` when any of them is found. */
export const STRUCTURAL_PROBLEM_CODES = [
  'file_unreadable',
  'format_invalid',
  'csv_column_missing',
  'no_seats',
  'too_many_seats',
  'seat_without_position',
  'duplicate_seat_key',
] as const;

/** Errors in a readable plan: it may be kept as a draft but not published while any remains. */
export const RULE_PROBLEM_CODES = [
  'unknown_price_level',
  'companion_without_wheelchair',
  'sofa_single_seat',
  'seats_on_one_spot',
  'duplicate_seat_name',
] as const;

/** Worth a look, never blocking. */
export const WARNING_CODES = [
  'sofa_split_rows',
  'section_name_missing',
  'row_name_empty',
  'seat_name_empty',
  'house_seats',
] as const;

export const PLAN_PROBLEM_CODES = [
  ...STRUCTURAL_PROBLEM_CODES,
  ...RULE_PROBLEM_CODES,
  ...WARNING_CODES,
] as const;
export type PlanProblemCode = (typeof PLAN_PROBLEM_CODES)[number];

/** The most seats one plan may hold. */
export const MAX_PLAN_SEATS = 200_000;

/** A seat as a problem names it: its key where it has one, and the names a person reads. */
export interface ProblemSeat {
  key?: string;
  section: string;
  row: string;
  seat: string;
}

export interface PlanProblem {
  severity: 'error' | 'warning';
  code: PlanProblemCode;
  /** The line of a CSV file (1-based; the header is line 1). */
  line?: number;
  /** Where in a JSON file, e.g. `S[0].G[0].R[3].S[7].tg` or `zones[1].rows[0].seats[2]`. */
  path?: string;
  seat?: ProblemSeat;
  /** What a translation of the code needs: the price level as written, the other seat, a count … */
  params?: Record<string, string | number>;
}

const WARNINGS: ReadonlySet<PlanProblemCode> = new Set(WARNING_CODES);
const STRUCTURAL: ReadonlySet<PlanProblemCode> = new Set(STRUCTURAL_PROBLEM_CODES);

/** A problem with the severity its code carries. */
export function problem(
  code: PlanProblemCode,
  details: Omit<PlanProblem, 'severity' | 'code'> = {},
): PlanProblem {
  return { severity: WARNINGS.has(code) ? 'warning' : 'error', code, ...details };
}

export function isStructural(p: PlanProblem): boolean {
  return STRUCTURAL.has(p.code);
}

/** Whether a plan with these problems may be published (no error of any kind remains). */
export function canPublish(problems: readonly PlanProblem[]): boolean {
  return problems.every((p) => p.severity !== 'error');
}

/** The parameters that name a second seat (`seats_on_one_spot`, `duplicate_seat_name` …). */
export function otherSeatParams(other: ProblemSeat): Record<string, string> {
  const params: Record<string, string> = {
    otherSection: other.section,
    otherRow: other.row,
    otherSeat: other.seat,
  };
  if (other.key !== undefined) params.otherKey = other.key;
  return params;
}
