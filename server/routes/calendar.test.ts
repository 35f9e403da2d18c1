import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { VENUE } from '../seed/catalogue.ts';
import { unfold } from '../services/messages/ics.ts';
import { commit, type SeatShop, seatShop } from '../testing/checkout.ts';
import { listPresentations } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const PUBLIC_URL = 'https://tickets.example';
const TITLE = 'Night, Day; A\\B';

/** Wall time in Jerusalem as iCalendar writes it (20261124T193000), worked out apart from the writer. */
function jerusalemWall(epochMs: number): string {
  const f = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Jerusalem',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return f.format(new Date(epochMs)).replace(/[-:]/g, '').replace(' ', 'T');
}

/** The lines of a property inside the events (the time zone's own DTSTART lines left out). */
const props = (ics: string, name: string) => {
  const lines = unfold(ics).split('\r\n');
  const events = lines.slice(lines.indexOf('END:VTIMEZONE'));
  return events.filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
};

describe.each(dialects)('calendar files on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let movie: PresentationSummary;
  let all: PresentationSummary[];

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PUBLIC_URL } });
    shop = await seatShop(t);
    movie = shop.movie;
    // A title with every character iCalendar escapes (before the first read caches the board).
    await t.db.kysely
      .updateTable('features')
      .set({ title_json: JSON.stringify({ he: TITLE, en: TITLE }) })
      .where('id', '=', movie.featureId)
      .execute();
    // A venue without a street address (the demo's all have one).
    await t.db.kysely
      .updateTable('venues')
      .set({ address_json: null })
      .where('id', '=', VENUE.musicHall)
      .execute();
    all = await listPresentations(t.app);
  });
  afterAll(async () => t?.close());

  it("gives a presentation's .ics in Jerusalem time, escaped, with its order page", async () => {
    const res = await t.app.inject({ url: `/api/presentations/${movie.id}/calendar.ics?language=en` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="presentation-${movie.id}.ics"`);
    const ics = res.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Jerusalem');
    const start = Date.parse(movie.dateTime);
    expect(props(ics, 'DTSTART')).toEqual([`DTSTART;TZID=Asia/Jerusalem:${jerusalemWall(start)}`]);
    expect(props(ics, 'DTEND')).toEqual([
      `DTEND;TZID=Asia/Jerusalem:${jerusalemWall(start + (movie.durationMinutes || 120) * 60_000)}`,
    ]);
    expect(props(ics, 'SUMMARY')).toEqual(['SUMMARY:Night\\, Day\\; A\\\\B']);
    expect(props(ics, 'URL')).toEqual([`URL:${PUBLIC_URL}/order/${movie.id}?language=en`]);
    // The venue, its street and city (what a calendar's map finds); the hall in the description.
    expect(props(ics, 'LOCATION')).toEqual(['LOCATION:Hadar Cinema\\, 54 Herzl St\\, Haifa']);
    expect(props(ics, 'DESCRIPTION')[0]).toContain('\\nHadar Cinema · Hall ');
    expect(props(ics, 'BEGIN').filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it("writes the venue's address in the language asked for, and venue · hall for a venue without one", async () => {
    const he = await t.app.inject({ url: `/api/presentations/${movie.id}/calendar.ics?language=he` });
    expect(props(he.body, 'LOCATION')).toEqual(['LOCATION:קולנוע הדר\\, רחוב הרצל 54\\, חיפה']);
    const ru = await t.app.inject({ url: `/api/presentations/${movie.id}/calendar.ics?language=ru` });
    // The venue's name has no Russian: English; its address has.
    expect(props(ru.body, 'LOCATION')).toEqual(['LOCATION:Hadar Cinema\\, ул. Герцль\\, 54\\, Хайфа']);

    const concert = all.find((p) => p.venueId === VENUE.musicHall)!;
    const res = await t.app.inject({ url: `/api/presentations/${concert.id}/calendar.ics?language=en` });
    expect(res.statusCode, res.body).toBe(200);
    expect(props(res.body, 'LOCATION')).toEqual([`LOCATION:Music Hall · ${concert.hallName.en}`]);
  });

  it('answers a presentation whose sale has not started, and refuses video, unknown and malformed ids', async () => {
    const early = all.find((p) => p.saleStatus === 'not_started' && !p.isVod);
    expect(early).toBeDefined();
    expect((await t.app.inject({ url: `/api/presentations/${early!.id}/calendar.ics` })).statusCode).toBe(
      200,
    );
    const vod = all.find((p) => p.isVod)!;
    const video = await t.app.inject({ url: `/api/presentations/${vod.id}/calendar.ics` });
    expect(video.statusCode).toBe(404);
    expect(video.json()).toMatchObject({ code: 'event_not_found' });
    expect((await t.app.inject({ url: '/api/presentations/99999999/calendar.ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/presentations/abc/calendar.ics' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: `/api/presentations/${movie.id}/calendar.ics?language=xx` })).statusCode,
    ).toBe(400);
  });

  it("gives an order's .ics by its e-ticket's key, like the confirmation e-mail's", async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats));
    expect(res.statusCode, res.body).toBe(200);
    const { documentKey, reservationIdentifier } = CheckoutCompletedSchema.parse(res.json());

    const cal = await t.app.inject({ url: `/api/edocument/${documentKey}/calendar.ics` });
    expect(cal.statusCode, cal.body).toBe(200);
    expect(cal.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(cal.headers['cache-control']).toBe('private, no-store');
    expect(cal.headers['x-robots-tag']).toBe('noindex');
    expect(cal.headers['content-disposition']).toBe(
      `attachment; filename="order-${reservationIdentifier}.ics"`,
    );
    expect(props(cal.body, 'DTSTART')).toEqual([
      `DTSTART;TZID=Asia/Jerusalem:${jerusalemWall(Date.parse(movie.dateTime))}`,
    ]);
    expect(props(cal.body, 'UID')).toEqual([`UID:${reservationIdentifier}-${movie.id}@tickets`]);
    expect(props(cal.body, 'URL')).toEqual([`URL:${PUBLIC_URL}/edocument/${documentKey}?language=en`]);
    expect(props(cal.body, 'SUMMARY')).toEqual(['SUMMARY:Night\\, Day\\; A\\\\B']);
    expect(props(cal.body, 'LOCATION')).toEqual(['LOCATION:Hadar Cinema\\, 54 Herzl St\\, Haifa']);
    expect(props(cal.body, 'DESCRIPTION')).toEqual([
      `DESCRIPTION:Hadar Cinema · ${movie.hallName.en}\\n${reservationIdentifier}\\n${PUBLIC_URL}/edocument/${documentKey}?language=en`,
    ]);

    const he = await t.app.inject({ url: `/api/edocument/${documentKey}/calendar.ics?language=he` });
    expect(props(he.body, 'URL')).toEqual([`URL:${PUBLIC_URL}/edocument/${documentKey}?language=he`]);
    expect(props(he.body, 'LOCATION')).toEqual(['LOCATION:קולנוע הדר\\, רחוב הרצל 54\\, חיפה']);
  });

  it('refuses an unknown or malformed document key', async () => {
    const unknown = await t.app.inject({ url: `/api/edocument/${'A'.repeat(32)}/calendar.ics` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'order_not_found' });
    expect((await t.app.inject({ url: '/api/edocument/short/calendar.ics' })).statusCode).toBe(400);
  });

  it('documents both calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/presentations/{id}/calendar.ics',
        '/api/edocument/{documentKey}/calendar.ics',
      ]),
    );
  });
});
