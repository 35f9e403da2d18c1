import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SeatKey } from '../../domain/seatKey.ts';
import { checkPlan, importPlan } from '../../domain/seatplans/index.ts';
import { testContext } from '../../domain/seatplans/testPlans.ts';
import { guessFormat, priceLevelsOf, seatsByKey, summarise } from './planModel.ts';

const example = (name: string) =>
  readFileSync(new URL(`../../../docs/examples/${name}`, import.meta.url), 'utf8');

describe('guessFormat', () => {
  it('knows the three example files by their name and content', () => {
    expect(guessFormat('seatplan.csv', example('seatplan.csv'))).toBe('csv');
    expect(guessFormat('seatplan-pretix.json', example('seatplan-pretix.json'))).toBe('pretix');
    expect(guessFormat('seatplan-v2.json', example('seatplan-v2.json'))).toBe('seatplanV2');
  });

  it('reads the content when the name says nothing', () => {
    expect(guessFormat('hall', example('seatplan-pretix.json'))).toBe('pretix');
    expect(guessFormat('hall', '\uFEFF  {"S": []}')).toBe('seatplanV2');
    expect(guessFormat('hall.json', 'section;row;seat;x;y\n')).toBe('csv');
  });
});

describe('summarise', () => {
  const priceLevels = [
    { id: 1, names: ['Standard'] },
    { id: 2, names: ['Premium'] },
    { id: 3, names: ['Love seat'] },
  ];
  const plan = importPlan(
    { format: 'csv', text: example('seatplan.csv') },
    testContext({ priceLevels }),
  ).plan!;
  const seats = seatsByKey(plan);
  const keyOf = (row: string, seat: string) =>
    [...seats].find(([, e]) => e.seat.r === row && e.seat.n === seat)![0];

  it('finds the seat a problem names by its key', () => {
    const [problem, ...others] = checkPlan(plan, new Set([1, 2, 3])).filter((p) => p.severity === 'error');
    expect(others).toEqual([]);
    expect(problem?.code).toBe('companion_without_wheelchair');
    const { key, section, row, seat } = problem!.seat!;
    expect(seats.get(key as SeatKey)).toMatchObject({ section, seat: { r: row, n: seat, companion: true } });
  });

  it('says what the selected seats share, and what is mixed', () => {
    const one = summarise([keyOf('D', '2')], seats);
    expect(one).toMatchObject({
      count: 1,
      flags: { companion: 'on', handicap: 'off', premium: 'off', limitedView: 'off' },
      sofa: { kind: 'same', value: null },
      row: { section: 'Stalls', row: 'D' },
      seats: [{ section: 'Stalls', row: 'D', seat: '2' }],
    });
    const two = summarise([keyOf('D', '1'), keyOf('D', '2'), keyOf('B', '1'), 'nope' as SeatKey], seats, 2);
    expect(two.count).toBe(3);
    expect(two.flags).toMatchObject({ handicap: 'mixed', companion: 'mixed', premium: 'mixed' });
    expect(two.tg).toEqual({ kind: 'mixed' });
    expect(two.row).toBeNull();
    expect(two.seats).toHaveLength(2);
  });

  it('lists the price levels a plan counts, in order', () => {
    expect(priceLevelsOf({ '3': 1, '1': 5, '10': 2 })).toEqual([1, 3, 10]);
  });
});
