import type { LocalizedText } from '../api/contract/common.ts';
import type { PresentationSummary } from '../api/contract/presentations.ts';

/** The kinds a customer filters by: the feature categories as customers name them. */
export const BOARD_KINDS = ['film', 'concert', 'sport', 'show', 'video'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];

const KIND_OF: Record<PresentationSummary['category'], BoardKind> = {
  movie: 'film',
  concert: 'concert',
  orchestra: 'concert',
  sport: 'sport',
  show: 'show',
  video: 'video',
};

export function kindOf(p: Pick<PresentationSummary, 'category'>): BoardKind {
  return KIND_OF[p.category];
}

/** What narrows the board, as the URL carries it (`?date=&venue=&kind=&q=`). */
export interface BoardFilters {
  date: string | null;
  venue: number | null;
  kind: BoardKind | null;
  q: string;
}

export const NO_FILTERS: BoardFilters = { date: null, venue: null, kind: null, q: '' };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The board's filters from the query string; anything malformed is no filter. */
export function parseFilters(params: URLSearchParams): BoardFilters {
  const date = params.get('date');
  const venue = Number(params.get('venue'));
  const kind = params.get('kind');
  return {
    date: date && ISO_DATE.test(date) ? date : null,
    venue: Number.isInteger(venue) && venue > 0 ? venue : null,
    kind: (BOARD_KINDS as readonly string[]).includes(kind ?? '') ? (kind as BoardKind) : null,
    q: (params.get('q') ?? '').slice(0, 100),
  };
}

/** `params` with the filters written in (an empty one removed), other parameters (language) kept. */
export function withFilters(params: URLSearchParams, f: BoardFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set('date', f.date);
  set('venue', f.venue === null ? null : String(f.venue));
  set('kind', f.kind);
  set('q', f.q.trim() ? f.q : null);
  return next;
}

/** Lower case without diacritics (Latin accents, Hebrew points, Arabic vowels): what search compares. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

function texts(t: LocalizedText): string[] {
  return Object.values(t).filter((s): s is string => typeof s === 'string');
}

/**
 * The presentations that pass the venue, kind and search filters (the date is the box office's). The
 * search matches the title and the venue in any language, so a Hebrew page finds an English title too.
 */
export function filterPresentations(
  list: readonly PresentationSummary[],
  f: Pick<BoardFilters, 'venue' | 'kind' | 'q'>,
): PresentationSummary[] {
  const words = fold(f.q).split(/\s+/).filter(Boolean);
  return list.filter((p) => {
    if (f.venue !== null && p.venueId !== f.venue) return false;
    if (f.kind !== null && kindOf(p) !== f.kind) return false;
    if (words.length === 0) return true;
    const hay = fold([...texts(p.title), ...texts(p.venueName), ...texts(p.hallName)].join(' '));
    return words.every((w) => hay.includes(w));
  });
}

/** One feature's showtimes on one day: one card of the board. */
export interface FeatureGroup {
  featureId: number;
  /** The first showtime: the feature's title, category and venue are read from it. */
  lead: PresentationSummary;
  showtimes: PresentationSummary[];
}

export interface BoardDay {
  /** The business date, or null for video on demand (watchable any day). */
  day: string | null;
  features: FeatureGroup[];
}

/**
 * Video on demand first, then one group per business date in the server's start order; within a day
 * one group per feature, in the order of its first showtime. Nothing is lost or repeated.
 */
export function groupBoard(presentations: readonly PresentationSummary[]): BoardDay[] {
  const days: BoardDay[] = [];
  const byDay = new Map<string, { day: BoardDay; features: Map<number, FeatureGroup> }>();
  for (const p of presentations) {
    const key = p.isVod ? '' : p.businessDate;
    let d = byDay.get(key);
    if (!d) {
      d = { day: { day: p.isVod ? null : p.businessDate, features: [] }, features: new Map() };
      byDay.set(key, d);
      if (p.isVod) days.unshift(d.day);
      else days.push(d.day);
    }
    let g = d.features.get(p.featureId);
    if (!g) {
      g = { featureId: p.featureId, lead: p, showtimes: [] };
      d.features.set(p.featureId, g);
      d.day.features.push(g);
    }
    g.showtimes.push(p);
  }
  return days;
}

/** The venues on the board, for the venue filter, in id order. */
export function venuesOf(list: readonly PresentationSummary[]): { id: number; name: LocalizedText }[] {
  const seen = new Map<number, LocalizedText>();
  for (const p of list) if (!seen.has(p.venueId)) seen.set(p.venueId, p.venueName);
  return [...seen].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name }));
}

/** A showing's language and format marks. */
export type FormatBadge =
  | { kind: '3d' }
  | { kind: 'age'; rating: string }
  | { kind: 'dubbed'; language: string }
  | { kind: 'subtitled'; language: string }
  | { kind: 'language'; language: string };

/** The demo's 3D showings say so in their title (the feature's format is not a field of its own). */
const THREE_D = /(^|[\s(])3D($|[\s)])/;

export function formatBadges(
  p: Pick<
    PresentationSummary,
    'title' | 'dubbing' | 'subtitles' | 'language' | 'category' | 'is3d' | 'ageRating'
  >,
): FormatBadge[] {
  const out: FormatBadge[] = [];
  // 3D as the feature says; the demo's older features say it in their English title.
  if (p.is3d || THREE_D.test(p.title.en ?? '')) out.push({ kind: '3d' });
  if (p.ageRating) out.push({ kind: 'age', rating: p.ageRating });
  if (p.dubbing) out.push({ kind: 'dubbed', language: p.dubbing });
  else if (p.language && (p.category === 'movie' || p.category === 'video'))
    out.push({ kind: 'language', language: p.language });
  if (p.subtitles) out.push({ kind: 'subtitled', language: p.subtitles });
  return out;
}

function badgeKey(b: FormatBadge): string {
  if ('language' in b) return `${b.kind}:${b.language}`;
  return 'rating' in b ? `${b.kind}:${b.rating}` : b.kind;
}

/**
 * The badges every showtime of a card shares (said once on the card) and, per showtime, those of its
 * own (said on its button): a feature shown both dubbed and subtitled marks each button.
 */
export function splitBadges(showtimes: readonly PresentationSummary[]): {
  shared: FormatBadge[];
  own: Map<number, FormatBadge[]>;
} {
  const each = showtimes.map((p) => ({ id: p.id, badges: formatBadges(p) }));
  const first = each[0]?.badges ?? [];
  const shared = first.filter((b) => each.every((e) => e.badges.some((x) => badgeKey(x) === badgeKey(b))));
  const sharedKeys = new Set(shared.map(badgeKey));
  return {
    shared,
    own: new Map(each.map((e) => [e.id, e.badges.filter((b) => !sharedKeys.has(badgeKey(b)))])),
  };
}

/** What a showtime's button says of its sale, besides its time: nothing when it simply sells. */
export type ShowtimeMark = 'offline' | 'notStarted' | 'ended' | 'soldOut' | 'few' | null;

export function showtimeMark(
  p: Pick<PresentationSummary, 'saleStatus' | 'availability' | 'locationOffline'>,
): ShowtimeMark {
  // The venue sells at its box office only (location offline): no buy button, whatever the sale says.
  if (p.locationOffline) return 'offline';
  if (p.saleStatus === 'not_started') return 'notStarted';
  if (p.saleStatus === 'ended') return 'ended';
  if (p.availability === 'soldOut') return 'soldOut';
  return p.availability === 'few' ? 'few' : null;
}
