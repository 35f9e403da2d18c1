import { describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { groupByDay } from './groupByDay.ts';

const p = (id: number, businessDate: string, isVod = false) =>
  ({ id, businessDate, isVod }) as PresentationSummary;

describe('groupByDay', () => {
  it('puts video on demand first, then one group per business date in the given order', () => {
    const groups = groupByDay([
      p(1, '2026-11-22'),
      p(9, '2026-11-01', true),
      p(2, '2026-11-22'),
      p(3, '2026-11-23'),
    ]);
    expect(groups.map((g) => [g.day, g.presentations.map((x) => x.id)])).toEqual([
      [null, [9]],
      ['2026-11-22', [1, 2]],
      ['2026-11-23', [3]],
    ]);
  });

  it('has no video group when there is no video', () => {
    expect(groupByDay([p(1, '2026-11-22')]).map((g) => g.day)).toEqual(['2026-11-22']);
    expect(groupByDay([])).toEqual([]);
  });
});
