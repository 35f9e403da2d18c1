import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PresentationSchema,
  PresentationsAnswerSchema,
  type PresentationSummary,
  TicketGroupsAnswerSchema,
} from '../../src/api/contract/presentations.ts';
import { SeatplanSchema } from '../../src/api/contract/seatplan.ts';
import { SeatsStatusAnswerSchema } from '../../src/api/contract/seats.ts';
import { findPresentation } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';

/**
 * The hot reads are sent as bytes made once (no serialiser, no response-schema check per request), so
 * these tests are where their answers meet the contract: every one parses with its schema, in every
 * encoding, and revalidates with its ETag.
 */
describe.each(dialects)('hot reads on %s', (dialect) => {
  let t: TestApp;
  let arena: PresentationSummary;
  const urls = () => ({
    board: '/api/seats/presentations',
    presentation: `/api/presentations/${arena.id}`,
    ticketGroups: `/api/presentations/${arena.id}/ticketGroups`,
    seatplan: `/api/seats/seatplanV2?venueId=${arena.venueId}&seatplanId=${arena.seatplanId}`,
    status: `/api/seats/seats-statusV2?presentationId=${arena.id}&venueTypeId=${arena.venueTypeId}&isReserved=1`,
  });
  const schemas = {
    board: PresentationsAnswerSchema,
    presentation: PresentationSchema,
    ticketGroups: TicketGroupsAnswerSchema,
    seatplan: SeatplanSchema,
    status: SeatsStatusAnswerSchema,
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    arena = await findPresentation(t.app, (p) => p.category === 'sport' && p.venueId === 4);
  });
  afterAll(async () => t?.close());

  it('answers what the contract says, plain, brotli and gzip, and 304 for a known ETag', async () => {
    for (const [name, url] of Object.entries(urls()) as [keyof typeof schemas, string][]) {
      const plain = await t.app.inject({ url });
      expect(plain.statusCode, name).toBe(200);
      expect(plain.headers['content-type'], name).toMatch(/^application\/json/);
      // The same answer for everyone: no visitor cookie on it, so a CDN may keep it.
      expect(plain.headers['set-cookie'], name).toBeUndefined();
      const body = schemas[name].parse(plain.json());
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        const bytes = res.rawPayload;
        const text =
          res.headers['content-encoding'] === encoding ? decode(bytes).toString() : bytes.toString();
        expect(schemas[name].parse(JSON.parse(text)), `${name} ${encoding}`).toEqual(body);
      }
      const etag = plain.headers.etag as string;
      expect(etag, name).toMatch(/^"[\w-]+"$/);
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, name).toBe(304);
      expect(again.body, name).toBe('');
    }
  });

  it('says how long each answer may be kept', async () => {
    const u = urls();
    const cacheControl = async (url: string) => (await t.app.inject({ url })).headers['cache-control'];
    expect(await cacheControl(u.board)).toBe('no-cache');
    expect(await cacheControl(u.ticketGroups)).toBe('no-cache');
    expect(await cacheControl(u.status)).toBe('no-cache');
    expect(await cacheControl(u.seatplan)).toBe('public, max-age=300');
  });

  it('closes the sale on time even from memory, as the clock moves', async () => {
    const movie = await findPresentation(t.app, (p) => p.category === 'movie' && p.saleStatus === 'open');
    expect((await t.app.inject({ url: `/api/presentations/${movie.id}` })).statusCode).toBe(200);
    const start = t.clock.now();
    t.clock.set(Date.parse(movie.saleEnd) + 1000);
    try {
      const res = await t.app.inject({ url: `/api/presentations/${movie.id}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('sale_ended');
    } finally {
      t.clock.set(start);
    }
  });
});
