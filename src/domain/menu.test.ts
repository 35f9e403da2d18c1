import { describe, expect, it } from 'vitest';
import { menuEntries } from '../api/contract/session.ts';
import { isKnownPath } from '../routing/paths.ts';
import { currentEntry, MENU_PATHS, shownEntries } from './menu.ts';

describe('shownEntries', () => {
  it('shows every entry of the venue that has something for sale, in the venue’s order', () => {
    const onSale = new Set(['donations', 'giftCards', 'watchAtHome'] as const);
    expect(shownEntries(menuEntries, onSale)).toEqual(['giftCards', 'donations', 'watchAtHome']);
    expect(shownEntries(['watchAtHome', 'giftCards', 'watchAtHome'], onSale)).toEqual([
      'watchAtHome',
      'giftCards',
    ]);
  });

  it('hides what the venue leaves out, and what has nothing for sale', () => {
    expect(shownEntries(['memberships'], new Set(['giftCards']))).toEqual([]);
    expect(shownEntries([], new Set(menuEntries))).toEqual([]);
  });
});

describe('MENU_PATHS', () => {
  it.each(menuEntries)('leads %s to a page the shop knows', (entry) => {
    expect(isKnownPath(MENU_PATHS[entry])).toBe(true);
  });
});

describe('currentEntry', () => {
  it.each([
    ['/', 'board'],
    ['/order', 'board'],
    ['/order/', 'board'],
    ['/digital', 'giftCards'],
    ['/digital/Presentation', 'watchAtHome'],
    ['/membership/GOLD/P1', 'memberships'],
    ['/donations/', 'donations'],
    ['/order/12', null],
    ['/customer-area', null],
    ['/digitalx', null],
  ] as const)('places %s under %s', (path, entry) => {
    expect(currentEntry(path)).toBe(entry);
  });
});
