import { describe, expect, it } from 'vitest';
import type { OrderDocument } from '../../../src/api/contract/order.ts';
import { presentationSummary } from '../../../test/fixtures/presentationSummary.ts';
import { unfold } from '../messages/ics.ts';
import { eventLocation, orderEvents, presentationCalendarFile } from './calendarFiles.ts';

const herzl = {
  street: { he: 'רחוב הרצל 54', en: '54 Herzl St' },
  city: { he: 'חיפה', en: 'Haifa' },
  postalCode: '3303554',
  country: 'IL',
};
const NOW = Date.parse('2026-11-22T10:00:00Z');
const opts = { publicUrl: 'https://tickets.example', now: NOW };
const prop = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .filter((l) => l.startsWith(`${name}:`));

type DocPresentation = OrderDocument['presentations'][number];
const shown = (over: Partial<DocPresentation>): DocPresentation => ({
  id: 5,
  title: { en: 'The Lighthouse Keeper' },
  category: 'movie',
  venueName: { he: 'קולנוע הדר', en: 'Hadar Cinema' },
  hallName: { he: 'אולם 1', en: 'Hall 1' },
  dateTime: '2026-11-24T17:30:00Z',
  isReserved: true,
  isDisplayQr: true,
  ...over,
});

describe('calendar files and the venue’s address', () => {
  it('locates the event at the venue, its street and city, in the language asked for', () => {
    const p = presentationSummary({ id: 1, venueAddress: herzl });
    expect(eventLocation(p, 'en')).toBe('Hadar Cinema, 54 Herzl St, Haifa');
    expect(eventLocation(p, 'he')).toBe('קולנוע הדר, רחוב הרצל 54, חיפה');
    // Neither the venue nor its address speaks Russian: English.
    expect(eventLocation(p, 'ru')).toBe('Hadar Cinema, 54 Herzl St, Haifa');
    const ics = presentationCalendarFile(p, { ...opts, locale: 'en' });
    // iCalendar escapes the commas; the hall moves to the description.
    expect(prop(ics, 'LOCATION')).toEqual(['LOCATION:Hadar Cinema\\, 54 Herzl St\\, Haifa']);
    expect(prop(ics, 'DESCRIPTION')).toEqual([
      'DESCRIPTION:The Lighthouse Keeper\\nHadar Cinema · Hall 1\\nhttps://tickets.example/order/1?language=en',
    ]);
  });

  it('keeps venue · hall for a venue without an address', () => {
    for (const venueAddress of [undefined, null]) {
      const p = presentationSummary({ id: 1, venueAddress });
      expect(eventLocation(p, 'en')).toBe('Hadar Cinema · Hall 1');
      expect(prop(presentationCalendarFile(p, { ...opts, locale: 'he' }), 'LOCATION')).toEqual([
        'LOCATION:קולנוע הדר · אולם 1',
      ]);
    }
  });

  it("gives each of an order's presentations its own place, the hall leading the description", () => {
    const doc = {
      reservationIdentifier: 'R1',
      documentKey: 'k'.repeat(20),
      presentations: [
        shown({ id: 5, venueAddress: herzl }),
        shown({ id: 6, venueName: { en: 'Music Hall' }, hallName: { en: 'Main' } }),
        shown({ id: 7, category: 'video', venueAddress: herzl }),
      ],
    };
    const events = orderEvents(doc, { ...opts, locale: 'he', description: 'R1' });
    expect(events.map((e) => [e.uid, e.location, e.description])).toEqual([
      ['R1-5@tickets', 'קולנוע הדר, רחוב הרצל 54, חיפה', 'קולנוע הדר · אולם 1\nR1'],
      ['R1-6@tickets', 'Music Hall · Main', 'R1'],
    ]);
  });
});

describe('calendar files of a show after midnight', () => {
  // Saturday 5 December 2026, 00:15 in Jerusalem: Friday night.
  const night = '2026-12-04T22:15:00Z';

  it('names the night in the event’s title, at its true time', () => {
    const p = presentationSummary({ id: 1, dateTime: night, title: { en: 'The Midnight Train' } });
    const en = presentationCalendarFile(p, { ...opts, locale: 'en' });
    expect(prop(en, 'SUMMARY')).toEqual(['SUMMARY:The Midnight Train (Friday night)']);
    expect(unfold(en)).toMatch(/DTSTART[^\r]*20261205T001500/);
    const doc = {
      reservationIdentifier: 'R1',
      documentKey: 'k'.repeat(20),
      presentations: [shown({ dateTime: night })],
    };
    expect(orderEvents(doc, { ...opts, locale: 'he', description: 'R1' })[0]?.title).toBe(
      'The Lighthouse Keeper (שישי בלילה)',
    );
  });

  it('keeps the title of an evening show', () => {
    const ics = presentationCalendarFile(presentationSummary({ id: 1 }), { ...opts, locale: 'en' });
    expect(prop(ics, 'SUMMARY')).toEqual(['SUMMARY:The Lighthouse Keeper']);
  });
});
