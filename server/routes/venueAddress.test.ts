import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { OrderDocumentSchema } from '../../src/api/contract/order.ts';
import {
  PresentationSchema,
  PresentationsAnswerSchema,
  type PresentationSummary,
} from '../../src/api/contract/presentations.ts';
import { venues, VENUE } from '../seed/catalogue.ts';
import { JUMP, JUMP_PARK_ADDRESS } from '../seed/jumpPark.ts';
import { renderConfirmation } from '../services/messages/render.ts';
import { loadOrderDocument } from '../services/orders/documents.ts';
import { commit, type SeatShop, seatShop } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const PUBLIC_URL = 'https://tickets.example';
const cinemaAddress = venues.find((v) => v.id === VENUE.cinema)!.address!;

/**
 * The venue's street address (issue 33) in the shop's answers: the board and a presentation carry it
 * beside the venue's name, and so do an order's e-ticket and its confirmation e-mail; a venue without one
 * still answers as before.
 */
describe.each(dialects)("the venue's address on %s", (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let board: PresentationSummary[];

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PUBLIC_URL } });
    // Before the board is first read (and kept a moment): one venue without an address.
    await t.db.kysely
      .updateTable('venues')
      .set({ address_json: null })
      .where('id', '=', VENUE.musicHall)
      .execute();
    shop = await seatShop(t);
    const res = await t.app.inject({ url: '/api/seats/presentations' });
    expect(res.statusCode, res.body).toBe(200);
    board = PresentationsAnswerSchema.parse(res.json()).presentations;
  });
  afterAll(async () => t?.close());

  it('seeds every demo venue but the one at home with an address in Hebrew and English', async () => {
    const rows = await t.db.kysely
      .selectFrom('venues')
      .select(['id', 'address_json'])
      .orderBy('id')
      .execute();
    for (const row of rows) {
      if (row.id === VENUE.vod || row.id === VENUE.musicHall) {
        expect(row.address_json, `venue ${row.id}`).toBeNull();
        continue;
      }
      const address = JSON.parse(row.address_json ?? 'null') as typeof cinemaAddress;
      expect(address.street.he && address.street.en, `venue ${row.id}`).toBeTruthy();
      expect(address.city.he && address.city.en, `venue ${row.id}`).toBeTruthy();
      expect(address).toMatchObject({ country: 'IL', postalCode: expect.stringMatching(/^\d{7}$/) });
    }
    const park = rows.find((r) => r.id === JUMP.venue)!;
    expect(JSON.parse(park.address_json ?? 'null')).toEqual(JUMP_PARK_ADDRESS);
  });

  it("carries the address beside the venue's name in a presentation's answer, not in the board's list", async () => {
    const res = await t.app.inject({ url: `/api/presentations/${shop.movie.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(PresentationSchema.parse(res.json()).venueAddress).toEqual(cinemaAddress);
    // The board's cards do not show it: the list stays as light as it was.
    expect(board.filter((p) => p.venueId === VENUE.cinema).length).toBeGreaterThan(0);
    for (const p of board) expect(p).not.toHaveProperty('venueAddress');
  });

  it('leaves it out of the answer of a presentation whose venue has none', async () => {
    const open = board.find((p) => p.venueId === VENUE.musicHall && p.saleStatus === 'open')!;
    const res = await t.app.inject({ url: `/api/presentations/${open.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const answer = PresentationSchema.parse(res.json());
    expect(answer).not.toHaveProperty('venueAddress');
    expect(answer.venueName).toEqual(venues.find((v) => v.id === VENUE.musicHall)!.name);
  });

  it("puts it on the order's e-ticket and in its confirmation, in the order's language", async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const body = { ...shop.cart(seats), locale: 'he' as const };
    const res = await commit(t.app, me, crypto.randomUUID(), body);
    expect(res.statusCode, res.body).toBe(200);
    const { documentKey, reservationIdentifier } = CheckoutCompletedSchema.parse(res.json());

    const eticket = await t.app.inject({ url: `/api/edocument/${documentKey}` });
    expect(eticket.statusCode, eticket.body).toBe(200);
    const doc = OrderDocumentSchema.parse(eticket.json());
    expect(doc.presentations).toEqual([
      expect.objectContaining({ id: shop.movie.id, venueAddress: cinemaAddress }),
    ]);

    const loaded = (await loadOrderDocument(t.db.kysely, { reservationIdentifier }, t.clock.now()))!;
    const he = renderConfirmation(loaded, PUBLIC_URL, t.clock.now());
    expect(he.text).toContain('\nרחוב הרצל 54, חיפה\n');
    expect(he.html).toContain('<br>רחוב הרצל 54, חיפה<br>');
    // The e-mail's calendar file: the venue, its street and city.
    expect(he.ics?.replace(/\r\n /g, '')).toContain('LOCATION:קולנוע הדר\\, רחוב הרצל 54\\, חיפה');
    const en = renderConfirmation({ ...loaded, locale: 'en' }, PUBLIC_URL, t.clock.now());
    expect(en.text).toContain('\n54 Herzl St, Haifa\n');
    const ar = renderConfirmation({ ...loaded, locale: 'ar' }, PUBLIC_URL, t.clock.now());
    expect(ar.text).toContain('\nشارع هرتسل 54، حيفا\n');

    // The venue's address taken away: the e-ticket and the e-mail are as they were before addresses.
    await t.db.kysely
      .updateTable('venues')
      .set({ address_json: null })
      .where('id', '=', VENUE.cinema)
      .execute();
    const bare = await t.app.inject({ url: `/api/edocument/${documentKey}` });
    expect(bare.statusCode, bare.body).toBe(200);
    const [p] = OrderDocumentSchema.parse(bare.json()).presentations;
    expect(p).not.toHaveProperty('venueAddress');
    expect(p?.venueName).toEqual(venues.find((v) => v.id === VENUE.cinema)!.name);
    const plain = renderConfirmation(
      (await loadOrderDocument(t.db.kysely, { reservationIdentifier }, t.clock.now()))!,
      PUBLIC_URL,
      t.clock.now(),
    );
    expect(plain.text).not.toContain('הרצל');
    expect(plain.text).toContain('קולנוע הדר · ');
    await t.db.kysely
      .updateTable('venues')
      .set({ address_json: JSON.stringify(cinemaAddress) })
      .where('id', '=', VENUE.cinema)
      .execute();
  });

  it('reads a stored address that is not one as none, rather than failing the e-ticket', async () => {
    const me = visitor();
    const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(await shop.hold(me, 1)));
    expect(res.statusCode, res.body).toBe(200);
    const { documentKey } = CheckoutCompletedSchema.parse(res.json());
    await t.db.kysely
      .updateTable('venues')
      .set({ address_json: '{"street":"nowhere"}' })
      .where('id', '=', VENUE.cinema)
      .execute();
    const eticket = await t.app.inject({ url: `/api/edocument/${documentKey}` });
    expect(eticket.statusCode, eticket.body).toBe(200);
    expect(OrderDocumentSchema.parse(eticket.json()).presentations[0]).not.toHaveProperty('venueAddress');
    await t.db.kysely
      .updateTable('venues')
      .set({ address_json: JSON.stringify(cinemaAddress) })
      .where('id', '=', VENUE.cinema)
      .execute();
  });
});
