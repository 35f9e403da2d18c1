import { describe, expect, it } from 'vitest';
import {
  isStructural,
  PLAN_PROBLEM_CODES,
  problem,
  STRUCTURAL_PROBLEM_CODES,
  WARNING_CODES,
} from './problems.ts';

describe('the problem catalogue', () => {
  it('lists each code once, with its severity', () => {
    expect(new Set(PLAN_PROBLEM_CODES).size).toBe(PLAN_PROBLEM_CODES.length);
    expect(PLAN_PROBLEM_CODES).toHaveLength(17);
    for (const code of PLAN_PROBLEM_CODES) {
      const p = problem(code);
      expect(p.severity).toBe((WARNING_CODES as readonly string[]).includes(code) ? 'warning' : 'error');
      expect(isStructural(p)).toBe((STRUCTURAL_PROBLEM_CODES as readonly string[]).includes(code));
    }
  });
});
