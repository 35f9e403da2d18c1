import type { Locale } from '../../../src/api/contract/common.ts';
import type { OrderDocument } from '../../../src/api/contract/order.ts';
import type { PresentationSummary } from '../../../src/api/contract/presentations.ts';
import { textIn as pickText } from '../../../src/domain/pageText.ts';
import { addressIn } from '../../../src/domain/venueAddress.ts';
import { edocumentPath, orderPath } from '../../../src/routing/paths.ts';
import { type CalendarEvent, orderCalendar } from '../messages/ics.ts';
import { nightName, nightOf } from '../../../src/domain/showTime.ts';
import { VENUE_TIME_ZONE } from '../../../src/domain/venue.ts';
import { localeTexts } from '../localeTexts.ts';

/**
 * The calendar files the shop hands out (one RFC 5545 writer: ../messages/ics.ts): an order's
 * presentations, as its confirmation e-mail attaches them and its e-ticket offers them, and one
 * presentation, from its order page. Video on demand has no time to keep, so it has no event.
 */

/** An order's e-ticket address in its language. */
export function eticketUrl(
  doc: Pick<OrderDocument, 'documentKey'>,
  publicUrl: string,
  locale: Locale,
): string {
  return `${publicUrl}${edocumentPath(doc.documentKey)}?language=${locale}`;
}

/**
 * The event's SUMMARY: the title, and for a show after midnight the night it belongs to ("The Midnight
 * Train (Friday night)"). A calendar puts it at 00:15 on the Saturday, its true time; the name keeps a
 * customer from reading it as Saturday night (src/domain/showTime.ts).
 */
export function eventTitle(title: string, dateTime: string, locale: Locale): string {
  const evening = nightOf(Date.parse(dateTime), VENUE_TIME_ZONE);
  return evening === null ? title : `${title} (${nightName(evening, localeTexts(locale))})`;
}

type Placed = Pick<PresentationSummary, 'venueName' | 'hallName' | 'venueAddress'>;

/** The venue and hall, as the shop names them: "Venue · Hall". */
function placeName(p: Placed, locale: Locale): string {
  return `${pickText(p.venueName, locale)} · ${pickText(p.hallName, locale)}`;
}

/**
 * The event's LOCATION: "Venue, street, city" when the venue has an address (what a calendar's map can
 * find; the hall goes to the description), else "Venue · Hall". The writer escapes the commas.
 */
export function eventLocation(p: Placed, locale: Locale): string {
  const a = addressIn(p.venueAddress, locale);
  if (!a) return placeName(p, locale);
  return [pickText(p.venueName, locale), a.street, a.city].filter(Boolean).join(', ');
}

/** One event per presentation of the order that takes place (not video on demand); none: an empty list. */
export function orderEvents(
  doc: Pick<OrderDocument, 'reservationIdentifier' | 'documentKey' | 'presentations'>,
  opts: { publicUrl: string; locale: Locale; description: string },
): CalendarEvent[] {
  const url = eticketUrl(doc, opts.publicUrl, opts.locale);
  return doc.presentations
    .filter((p) => p.category !== 'video')
    .map((p) => {
      const place = placeName(p, opts.locale);
      const location = eventLocation(p, opts.locale);
      return {
        uid: `${doc.reservationIdentifier}-${p.id}@tickets`,
        title: eventTitle(pickText(p.title, opts.locale), p.dateTime, opts.locale),
        location,
        startsAt: Date.parse(p.dateTime),
        // The e-ticket does not carry the feature's length: the writer's default (two hours).
        durationMinutes: 0,
        // The hall, which an address takes out of the location, leads the description.
        description: location === place ? opts.description : `${place}\n${opts.description}`,
        url,
      };
    });
}

/** The .ics of an order's presentations, or null when it has none that takes place. */
export function orderCalendarFile(
  doc: Pick<OrderDocument, 'reservationIdentifier' | 'documentKey' | 'presentations'>,
  opts: { publicUrl: string; locale: Locale; description: string; now: number },
): string | null {
  const events = orderEvents(doc, opts);
  return events.length ? orderCalendar({ events, now: opts.now }) : null;
}

/** The .ics of one presentation: its order page as the address, what and where as the description. */
export function presentationCalendarFile(
  p: PresentationSummary,
  opts: { publicUrl: string; locale: Locale; now: number },
): string {
  const url = `${opts.publicUrl}${orderPath(p.id)}?language=${opts.locale}`;
  const title = pickText(p.title, opts.locale);
  return orderCalendar({
    now: opts.now,
    events: [
      {
        uid: `presentation-${p.id}@tickets`,
        title: eventTitle(title, p.dateTime, opts.locale),
        location: eventLocation(p, opts.locale),
        startsAt: Date.parse(p.dateTime),
        durationMinutes: p.durationMinutes,
        description: `${title}\n${placeName(p, opts.locale)}\n${url}`,
        url,
      },
    ],
  });
}

/** A file name for Content-Disposition: ASCII letters, digits and dashes only. */
export function calendarFileName(stem: string): string {
  const safe = stem.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'event'}.ics`;
}
