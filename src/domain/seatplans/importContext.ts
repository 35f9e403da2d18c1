import type { Seatplan } from '../../api/contract/seatplan.ts';
import type { PriceLevelRef } from './priceLevels.ts';
import type { PlanProblem } from './problems.ts';

export type PlanFormat = 'seatplanV2' | 'pretix' | 'csv';

export interface ImportContext {
  venueId: number;
  seatplanId: number;
  /** The plan's name when the file has none. */
  name: string;
  /** The venue's price levels: files name them by id or by any of their names. */
  priceLevels: readonly PriceLevelRef[];
  /**
   * The hall's published plan. CSV and pretix files carry world coordinates and section names only: a
   * section named as one of the base's keeps that section's id and frame, so its seat keys survive a
   * round trip through a spreadsheet or pretix's editor.
   */
  base?: Seatplan;
}

export interface ImportResult {
  /** Null when the file has a structural problem (see STRUCTURAL_PROBLEM_CODES). */
  plan: Seatplan | null;
  problems: PlanProblem[];
}

/** Where in the file a seat came from: a CSV line or a JSON path. */
export interface SourceRef {
  line?: number;
  path?: string;
}
