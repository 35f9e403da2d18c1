import { describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { findShows, sellableShows } from './showSearch.ts';

const show = (id: number, title: string, dateTime: string, over: Partial<PresentationSummary> = {}) =>
  ({
    id,
    title: { en: title, he: `${title} בעברית` },
    venueName: { en: 'Cinema City' },
    hallName: { en: 'Hall 3' },
    dateTime,
    businessDate: dateTime.slice(0, 10),
    saleStatus: 'open',
    isVod: false,
    ...over,
  }) as PresentationSummary;

describe('finding a show at the counter', () => {
  const shows = sellableShows(
    [
      show(3, 'Dune', '2026-11-22T18:30:00Z'),
      show(1, 'Dune', '2026-11-22T16:00:00Z'),
      show(2, 'Heat', '2026-11-22T17:00:00Z', { hallName: { en: 'Hall 5' } }),
      show(4, 'Old', '2026-11-21T17:00:00Z', { saleStatus: 'ended' }),
      show(5, 'Rental', '2026-11-22T17:00:00Z', { isVod: true }),
    ],
    'en',
  );

  it('offers the shows on sale with seats, the soonest first', () => {
    expect(shows.map((e) => e.show.id)).toEqual([1, 2, 3]);
  });

  it('finds them by every word typed: title in any language, hall, time', () => {
    expect(findShows(shows, 'dune').map((p) => p.id)).toEqual([1, 3]);
    expect(findShows(shows, 'בעברית hall 5').map((p) => p.id)).toEqual([2]);
    // 18:30 UTC is 20:30 in Jerusalem.
    expect(findShows(shows, 'DUNE 20:30').map((p) => p.id)).toEqual([3]);
    expect(findShows(shows, '  ')).toHaveLength(3);
    expect(findShows(shows, '', 2)).toHaveLength(2);
  });
});
