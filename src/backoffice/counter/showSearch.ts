import type { Locale } from '../../api/contract/common.ts';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { intlTag, venueTimeZone } from '../../domain/format.ts';

/**
 * The counter's presentation picker finds shows as a clerk types (issue 36): every word typed must
 * appear in the show's title (in any language), its venue or hall, its start time ("20:30") or its
 * business date. Only shows on sale now are offered (a seat can be held for no other), video on demand
 * never (it has no seats), the soonest first. The text of each show is made once per list, not per key.
 */

export interface ShowEntry {
  show: PresentationSummary;
  /** What the show is found by, folded for comparison. */
  text: string;
}

const fold = (s: string) => s.toLocaleLowerCase().normalize('NFKD');

/** The shows a clerk may sell, soonest first, each with the text it is found by. */
export function sellableShows(list: readonly PresentationSummary[], locale: Locale): ShowEntry[] {
  const time = new Intl.DateTimeFormat(intlTag(locale), {
    timeZone: venueTimeZone(),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return list
    .filter((p) => p.saleStatus === 'open' && !p.isVod)
    .sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime) || a.id - b.id)
    .map((show) => ({
      show,
      text: fold(
        [
          ...Object.values(show.title),
          ...Object.values(show.venueName),
          ...Object.values(show.hallName),
          time.format(new Date(show.dateTime)),
          show.businessDate,
          String(show.id),
        ].join(' '),
      ),
    }));
}

/** The shows whose text holds every word of `query` (all of them for an empty query), at most `limit`. */
export function findShows(
  entries: readonly ShowEntry[],
  query: string,
  limit = Infinity,
): PresentationSummary[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const out: PresentationSummary[] = [];
  for (const e of entries) {
    if (out.length >= limit) break;
    if (words.every((w) => e.text.includes(w))) out.push(e.show);
  }
  return out;
}
