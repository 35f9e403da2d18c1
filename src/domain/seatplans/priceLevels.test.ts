import { describe, expect, it } from 'vitest';
import { PriceLevelMatcher } from './priceLevels.ts';

describe('PriceLevelMatcher', () => {
  const levels = new PriceLevelMatcher([
    { id: 11, names: ['Price level A', 'מחיר A'] },
    { id: 21, names: ['Price level A'] },
    { id: 3, names: ['12'] },
    { id: 12, names: [] },
  ]);

  it('matches ids and, trimmed and in any case, names', () => {
    expect(levels.match('11')).toBe(11);
    expect(levels.match(' price LEVEL a ')).toBe(11);
    expect(levels.match('מחיר A')).toBe(11);
    expect(levels.match('21')).toBe(21);
    expect(levels.match('Price level B')).toBeUndefined();
    expect(levels.match('')).toBeUndefined();
  });

  it('reads an id before a name that looks like one', () => {
    expect(levels.match('12')).toBe(12);
  });

  it('writes a level by its first name where that reads back as the level, else by id', () => {
    expect([11, 21, 3, 12, 99].map((id) => levels.text(id))).toEqual([
      'Price level A',
      '21',
      '3',
      '12',
      '99',
    ]);
  });
});
