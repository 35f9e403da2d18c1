import { describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../../src/api/contract/presentations.ts';
import { presentationSummary } from '../../../test/fixtures/presentationSummary.ts';
import {
  decimalAmount,
  type EventContext,
  eventDescription,
  eventList,
  jsonLdText,
  offerAvailability,
  presentationEvent,
  zonedIso,
} from './jsonLd.ts';

const base: PresentationSummary = presentationSummary({
  id: 42,
  featureId: 7,
  title: { he: 'הקונצרט', en: 'The Concert' },
  featureCategoryId: 3,
  category: 'concert',
  venueName: { he: 'היכל', en: 'Main Hall' },
  seatplanId: 1,
  dateTime: '2026-11-24T17:30:00.000Z',
  businessDate: '2026-11-24',
  saleStart: '2026-10-01T07:00:00.000Z',
  saleEnd: '2026-11-24T17:00:00.000Z',
  language: null,
  subtitles: null,
  durationMinutes: 90,
  minPrice: 4250,
  seatsLeft: 120,
});

const ctx: EventContext = {
  baseUrl: 'https://tickets.example',
  locale: 'en',
  timeZone: 'Asia/Jerusalem',
  currency: { code: 'ILS', decimals: 2 },
  country: 'IL',
  images: ['https://tickets.example/posters/feature-7.svg'],
};

const show = (over: Partial<PresentationSummary> = {}) => presentationEvent({ ...base, ...over }, ctx);
const offers = (e: Record<string, unknown>) => e.offers as Record<string, unknown>;

describe('zonedIso', () => {
  it('writes Jerusalem wall time with the winter offset', () => {
    expect(zonedIso(Date.parse('2026-11-24T17:30:00Z'), 'Asia/Jerusalem')).toBe('2026-11-24T19:30:00+02:00');
  });
  it('and with the summer offset', () => {
    expect(zonedIso(Date.parse('2026-07-15T17:30:00Z'), 'Asia/Jerusalem')).toBe('2026-07-15T20:30:00+03:00');
  });
  it('writes +00:00 at offset zero', () => {
    expect(zonedIso(Date.parse('2026-01-01T10:00:00Z'), 'UTC')).toBe('2026-01-01T10:00:00+00:00');
  });
});

describe('decimalAmount', () => {
  it('turns agorot into shekels by integer arithmetic', () => {
    expect(decimalAmount(4250, 2)).toBe('42.50');
    expect(decimalAmount(5, 2)).toBe('0.05');
    expect(decimalAmount(0, 2)).toBe('0.00');
    expect(decimalAmount(123456789, 2)).toBe('1234567.89');
    expect(decimalAmount(700, 0)).toBe('700');
  });
});

describe('presentationEvent', () => {
  it('describes a show in Jerusalem time, with its place, price and page', () => {
    const e = show();
    expect(e).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'The Concert',
      startDate: '2026-11-24T19:30:00+02:00',
      endDate: '2026-11-24T21:00:00+02:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      url: 'https://tickets.example/order/42?language=en',
      location: {
        '@type': 'Place',
        name: 'Main Hall · Hall 1',
        address: { '@type': 'PostalAddress', addressCountry: 'IL' },
      },
      image: ['https://tickets.example/posters/feature-7.svg'],
      organizer: { '@type': 'Organization', name: 'Main Hall' },
    });
    expect(e.description).toContain('The Concert — ');
    expect(e.description).toContain('24/11/2026');
    expect(offers(e)).toEqual({
      '@type': 'AggregateOffer',
      url: 'https://tickets.example/order/42?language=en',
      priceCurrency: 'ILS',
      availability: 'https://schema.org/InStock',
      validFrom: '2026-10-01T10:00:00+03:00',
      lowPrice: '42.50',
      price: '42.50',
    });
  });

  it("gives the place the venue's street address in the page's language", () => {
    const venueAddress = {
      street: { he: 'שדרות רוטשילד 30', en: '30 Rothschild Blvd', ru: 'бульвар Ротшильд, 30' },
      city: { he: 'תל אביב-יפו', en: 'Tel Aviv-Yafo' },
      postalCode: '6688312',
      country: 'IL',
    };
    const address = (locale: EventContext['locale']) =>
      (presentationEvent({ ...base, venueAddress }, { ...ctx, locale }).location as Record<string, unknown>)
        .address;
    expect(address('en')).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '30 Rothschild Blvd',
      addressLocality: 'Tel Aviv-Yafo',
      postalCode: '6688312',
      addressCountry: 'IL',
    });
    expect(address('he')).toMatchObject({
      streetAddress: 'שדרות רוטשילד 30',
      addressLocality: 'תל אביב-יפו',
    });
    // Russian has the street only: the city falls back on English.
    expect(address('ru')).toMatchObject({
      streetAddress: 'бульвар Ротшильд, 30',
      addressLocality: 'Tel Aviv-Yafo',
    });
    // Polish has neither: English; no English either: Hebrew; no postal code: none written.
    expect(address('pl')).toMatchObject({ streetAddress: '30 Rothschild Blvd' });
    const hebrewOnly = presentationEvent(
      {
        ...base,
        venueAddress: { street: { he: 'הרצל 54' }, city: { he: 'חיפה' }, postalCode: '', country: 'IL' },
      },
      ctx,
    );
    expect((hebrewOnly.location as Record<string, unknown>).address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'הרצל 54',
      addressLocality: 'חיפה',
      addressCountry: 'IL',
    });
  });

  it('names only the venue and the country when the venue has no address', () => {
    for (const venueAddress of [undefined, null])
      expect((show({ venueAddress }).location as Record<string, unknown>).address).toEqual({
        '@type': 'PostalAddress',
        name: 'Main Hall',
        addressCountry: 'IL',
      });
  });

  it('keeps the summer offset in summer', () => {
    const e = show({ dateTime: '2026-07-15T17:30:00.000Z' });
    expect(e.startDate).toBe('2026-07-15T20:30:00+03:00');
  });

  it('dates a show after midnight on its own calendar day, not its business date', () => {
    const e = show({ dateTime: '2026-11-24T22:30:00.000Z', businessDate: '2026-11-24' });
    expect(e.startDate).toBe('2026-11-25T00:30:00+02:00');
    expect(e.endDate).toBe('2026-11-25T02:00:00+02:00');
    // What the page says of it: the night before, as the order page does (src/domain/showTime.ts).
    expect(eventDescription({ ...base, dateTime: '2026-11-24T22:30:00.000Z' }, ctx)).toContain(
      'Tuesday night, 00:30 (Wednesday, 25/11/2026)',
    );
  });

  it('takes two hours when the feature has no length', () => {
    expect(show({ durationMinutes: 0 }).endDate).toBe('2026-11-24T21:30:00+02:00');
  });

  it('puts video on demand online, at its page, until its sale ends', () => {
    const e = show({ isVod: true, venueTypeId: 101, saleEnd: '2026-12-31T21:59:00.000Z' });
    expect(e.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(e.location).toEqual({
      '@type': 'VirtualLocation',
      url: 'https://tickets.example/vod/42?language=en',
    });
    expect(e.endDate).toBe('2026-12-31T23:59:00+02:00');
  });

  it('says sold out when the box office has no seat left, or the sale is over', () => {
    expect(offers(show({ availability: 'soldOut', seatsLeft: 0 })).availability).toBe(
      'https://schema.org/SoldOut',
    );
    expect(offers(show({ saleStatus: 'ended' })).availability).toBe('https://schema.org/SoldOut');
    expect(offers(show({ availability: 'few' })).availability).toBe('https://schema.org/InStock');
  });

  it('says pre-order before the sale starts, valid from its start', () => {
    const e = show({ saleStatus: 'not_started', saleStart: '2026-11-23T08:00:00.000Z' });
    expect(offers(e).availability).toBe('https://schema.org/PreOrder');
    expect(offers(e).validFrom).toBe('2026-11-23T10:00:00+02:00');
    expect(offerAvailability({ saleStatus: 'not_started', availability: 'soldOut' })).toBe(
      'https://schema.org/PreOrder',
    );
  });

  it('leaves the price out when nothing is priced, and links the default language without a query', () => {
    const e = presentationEvent({ ...base, minPrice: null }, { ...ctx, locale: 'he' });
    expect(offers(e).lowPrice).toBeUndefined();
    expect(e.url).toBe('https://tickets.example/order/42');
    expect(e.name).toBe('הקונצרט');
  });
});

describe('eventList and jsonLdText', () => {
  it('lists the events in order', () => {
    const list = eventList([show(), show({ id: 43 })]);
    expect(list['@type']).toBe('ItemList');
    const items = list.itemListElement as Record<string, unknown>[];
    expect(items.map((i) => i.position)).toEqual([1, 2]);
    expect((items[1]?.item as Record<string, unknown>)['@id']).toBe(
      'https://tickets.example/order/43?language=en',
    );
    expect((items[0]?.item as Record<string, unknown>)['@context']).toBeUndefined();
  });

  it('escapes what could close the script element, and still parses back', () => {
    const e = show({ title: { en: '</script><script>alert(1)</script> & <!--' } });
    const text = jsonLdText(e);
    expect(text).not.toMatch(/[<>&]/);
    expect((JSON.parse(text) as Record<string, unknown>).name).toBe(
      '</script><script>alert(1)</script> & <!--',
    );
  });
});
