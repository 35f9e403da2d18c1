import type { z } from 'zod';
import { type PlanProblem, problem } from './problems.ts';

/** Schema violations listed per file at most (a file broken all over needs no 100,000 lines of it). */
export const MAX_FORMAT_PROBLEMS = 100;

/** A JSON path as people read it: `zones[0].rows[2].seats[5].position`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** `format_invalid` problems for a zod error, each with its path and what was wrong. */
export function formatProblems(error: z.ZodError): PlanProblem[] {
  return error.issues
    .slice(0, MAX_FORMAT_PROBLEMS)
    .map((issue) =>
      problem('format_invalid', { path: jsonPath(issue.path), params: { detail: issue.message } }),
    );
}

/** The text as JSON, or a `file_unreadable` problem. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: PlanProblem } {
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown };
  } catch {
    return { ok: false, problem: problem('file_unreadable', { params: { reason: 'not_json' } }) };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Counts the leaves of a nested array path in raw JSON (`['zones', 'rows', 'seats']`), before any schema
 * runs: a file of millions of seats is turned away without validating each of them.
 */
export function countNested(value: unknown, keys: readonly string[]): number {
  const [key, ...rest] = keys;
  if (key === undefined) return 1;
  if (!isObject(value)) return 0;
  const list = value[key];
  if (!Array.isArray(list)) return 0;
  if (rest.length === 0) return list.length;
  let n = 0;
  for (const item of list) n += countNested(item, rest);
  return n;
}
