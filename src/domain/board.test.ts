import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presentationSummary } from '../../test/fixtures/presentationSummary.ts';
import {
  filterPresentations,
  fold,
  formatBadges,
  groupBoard,
  NO_FILTERS,
  parseFilters,
  showtimeMark,
  splitBadges,
  venuesOf,
  withFilters,
} from './board.ts';

const show = presentationSummary;

const concert = (id: number, day: string) =>
  show({
    id,
    featureId: 5,
    category: 'concert',
    title: { he: 'נועה לוי — סיבוב הופעות הקיץ', en: 'Noa Levi — Summer Tour' },
    venueId: 2,
    venueName: { he: 'היכל המוזיקה', en: 'Music Hall' },
    language: 'he',
    subtitles: null,
    businessDate: day,
  });

describe('groupBoard', () => {
  it('puts a film’s showtimes of a day on one card, video first, days and features in start order', () => {
    const vod = show({ id: 9, featureId: 11, category: 'video', isVod: true, businessDate: '2026-11-21' });
    const days = groupBoard([
      show({ id: 1 }),
      concert(2, '2026-11-22'),
      vod,
      show({ id: 3 }),
      show({ id: 4, businessDate: '2026-11-23' }),
    ]);
    expect(
      days.map((d) => [d.day, d.features.map((f) => [f.featureId, f.showtimes.map((s) => s.id)])]),
    ).toEqual([
      [null, [[11, [9]]]],
      [
        '2026-11-22',
        [
          [1, [1, 3]],
          [5, [2]],
        ],
      ],
      ['2026-11-23', [[1, [4]]]],
    ]);
    expect(groupBoard([])).toEqual([]);
  });
});

describe('filterPresentations', () => {
  const list = [
    show({ id: 1 }),
    concert(2, '2026-11-22'),
    show({ id: 3, category: 'orchestra', venueId: 3 }),
  ];

  it('narrows by venue and by kind (orchestras are concerts)', () => {
    expect(filterPresentations(list, { ...NO_FILTERS, venue: 2 }).map((p) => p.id)).toEqual([2]);
    expect(filterPresentations(list, { ...NO_FILTERS, kind: 'concert' }).map((p) => p.id)).toEqual([2, 3]);
    expect(filterPresentations(list, { ...NO_FILTERS, kind: 'film' }).map((p) => p.id)).toEqual([1]);
  });

  it('searches titles and venues in any language, ignoring case and diacritics', () => {
    const ids = (q: string) => filterPresentations(list, { ...NO_FILTERS, q }).map((p) => p.id);
    expect(ids('lighthouse')).toEqual([1, 3]);
    expect(ids('NOA levi')).toEqual([2]);
    expect(ids('מגדלור')).toEqual([1, 3]);
    expect(ids('היכל')).toEqual([2]);
    expect(ids('hadar  keeper')).toEqual([1, 3]);
    expect(ids('zzz')).toEqual([]);
    expect(fold('Café Ñandú')).toBe('cafe nandu');
    // Hebrew points fold away: a pointed title matches an unpointed search.
    expect(fold('שָׁלוֹם')).toBe('שלום');
  });

  const arbShow = fc
    .record({
      id: fc.integer({ min: 1, max: 10_000 }),
      featureId: fc.integer({ min: 1, max: 6 }),
      venueId: fc.integer({ min: 1, max: 4 }),
      day: fc.constantFrom('2026-11-22', '2026-11-23', '2026-11-24'),
      category: fc.constantFrom('movie', 'concert', 'orchestra', 'sport', 'show', 'video' as const),
      title: fc.string({ maxLength: 12 }),
    })
    .map((r) =>
      show({
        id: r.id,
        featureId: r.featureId,
        venueId: r.venueId,
        businessDate: r.day,
        category: r.category,
        isVod: r.category === 'video',
        title: { en: r.title },
      }),
    );

  it('never invents a presentation, and grouping loses or repeats none', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbShow, { selector: (p) => p.id, maxLength: 40 }),
        fc.record({
          venue: fc.option(fc.integer({ min: 1, max: 4 })),
          kind: fc.option(fc.constantFrom('film', 'concert', 'sport', 'show', 'video' as const)),
          q: fc.string({ maxLength: 3 }),
        }),
        (list, f) => {
          const out = filterPresentations(list, f);
          expect(out.every((p) => list.includes(p))).toBe(true);
          const grouped = groupBoard(out).flatMap((d) =>
            d.features.flatMap((g) => {
              expect(g.showtimes.every((s) => s.featureId === g.featureId)).toBe(true);
              expect(g.showtimes.every((s) => (d.day === null ? s.isVod : s.businessDate === d.day))).toBe(
                true,
              );
              return g.showtimes;
            }),
          );
          expect(grouped.map((p) => p.id).sort()).toEqual(out.map((p) => p.id).sort());
        },
      ),
    );
  });
});

describe('the filters in the URL', () => {
  it('reads what is well formed and writes back only what is set, keeping the language', () => {
    const f = parseFilters(new URLSearchParams('date=2026-11-22&venue=2&kind=concert&q=noa&language=en'));
    expect(f).toEqual({ date: '2026-11-22', venue: 2, kind: 'concert', q: 'noa' });
    expect(parseFilters(new URLSearchParams('date=22-11&venue=x&kind=opera'))).toEqual(NO_FILTERS);
    const next = withFilters(new URLSearchParams('language=en&venue=2'), { ...f, venue: null, q: ' ' });
    expect(next.toString()).toBe('language=en&date=2026-11-22&kind=concert');
  });
});

describe('badges and marks', () => {
  it('derives 3D from the title, dubbing, subtitles and a film’s spoken language', () => {
    expect(
      formatBadges(show({ id: 1, title: { en: 'Star Voyagers 3D' }, dubbing: 'he', subtitles: null })),
    ).toEqual([{ kind: '3d' }, { kind: 'dubbed', language: 'he' }]);
    expect(formatBadges(show({ id: 1 }))).toEqual([
      { kind: 'language', language: 'en' },
      { kind: 'subtitled', language: 'he' },
    ]);
    expect(formatBadges(concert(2, '2026-11-22'))).toEqual([]);
    // A feature the venue marks 3D and rates 16+ says so, whatever its title.
    expect(
      formatBadges({ ...show({ id: 3, title: { en: 'Deep Blue' } }), is3d: true, ageRating: '16+' }),
    ).toEqual([
      { kind: '3d' },
      { kind: 'age', rating: '16+' },
      { kind: 'language', language: 'en' },
      { kind: 'subtitled', language: 'he' },
    ]);
  });

  it('says once on the card what every showtime shares, and per button what differs', () => {
    const { shared, own } = splitBadges([show({ id: 1 }), show({ id: 2, subtitles: null })]);
    expect(shared).toEqual([{ kind: 'language', language: 'en' }]);
    expect(own.get(1)).toEqual([{ kind: 'subtitled', language: 'he' }]);
    expect(own.get(2)).toEqual([]);
  });

  it('marks a showtime by its sale window first, then its seats', () => {
    expect(showtimeMark({ saleStatus: 'not_started', availability: 'soldOut' })).toBe('notStarted');
    expect(showtimeMark({ saleStatus: 'ended', availability: 'available' })).toBe('ended');
    expect(showtimeMark({ saleStatus: 'open', availability: 'soldOut' })).toBe('soldOut');
    expect(showtimeMark({ saleStatus: 'open', availability: 'few' })).toBe('few');
    expect(showtimeMark({ saleStatus: 'open', availability: 'available' })).toBeNull();
    expect(showtimeMark({ saleStatus: 'open', availability: 'few', locationOffline: true })).toBe('offline');
  });

  it('lists the venues on the board once each, in id order', () => {
    expect(venuesOf([concert(2, '2026-11-22'), show({ id: 1 }), show({ id: 3 })]).map((v) => v.id)).toEqual([
      1, 2,
    ]);
  });
});
