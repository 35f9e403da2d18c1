import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PresentationSchema,
  PresentationsAnswerSchema,
  TicketGroupsAnswerSchema,
} from '../../src/api/contract/presentations.ts';
import { brotliDecompressSync } from 'node:zlib';
import { SeatplanSchema } from '../../src/api/contract/seatplan.ts';
import { COLUMNS_TYPE, decodeColumns } from '../../workers/seatplan/columns.ts';
import { parsePlan } from '../../workers/seatplan/parse.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';
import { findPresentation, listPresentations } from '../testing/fixtures.ts';

describe.each(dialects)('catalogue calls on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('lists upcoming presentations in start order, answering the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/seats/presentations' });
    expect(res.statusCode).toBe(200);
    const { presentations } = PresentationsAnswerSchema.parse(res.json());
    expect(presentations.length).toBeGreaterThan(100);
    const starts = presentations.filter((p) => !p.isVod).map((p) => Date.parse(p.dateTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.every((s) => s > t.clock.now())).toBe(true);
    // Every summary carries the box office's mark of the seats left (presentations.availability.test.ts).
    expect(presentations.every((p) => ['available', 'few', 'soldOut'].includes(p.availability))).toBe(true);
  });

  it('has the demo catalogue the issue asks for', async () => {
    const all = await listPresentations(t.app);
    const categories = new Set(all.map((p) => p.category));
    expect(categories).toEqual(new Set(['movie', 'concert', 'orchestra', 'sport', 'show', 'video']));
    expect(all.filter((p) => p.isVod).map((p) => p.venueTypeId)).toEqual([101]);
    expect(all.some((p) => !p.isReserved && !p.isVod)).toBe(true);
    expect(all.some((p) => p.saleStatus === 'not_started')).toBe(true);
    expect(all.some((p) => p.saleStatus === 'ended')).toBe(true);
    const lastDay = all
      .map((p) => p.businessDate)
      .sort()
      .at(-1);
    expect(lastDay! >= '2026-12-05').toBe(true);
    expect(all.every((p) => p.title.he && p.title.en)).toBe(true);
  });

  it('filters by business date, counting after-midnight shows for the evening before', async () => {
    const friday = await listPresentations(t.app, '2026-11-27');
    const nonVod = friday.filter((p) => !p.isVod);
    expect(nonVod.length).toBeGreaterThan(0);
    expect(nonVod.every((p) => p.businessDate === '2026-11-27')).toBe(true);
    // The 00:15 show on Saturday morning belongs to Friday's business date.
    const late = nonVod.find((p) => p.dateTime.startsWith('2026-11-27T22:15'));
    expect(late).toBeDefined();
  });

  it('rejects a malformed date with formValidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/seats/presentations?date=27-11-2026' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'formValidation' });
  });

  it('answers one presentation with its products and lock timer', async () => {
    const p = await findPresentation(t.app, (x) => x.category === 'movie' && x.saleStatus === 'open');
    const res = await t.app.inject({ method: 'GET', url: `/api/presentations/${p.id}` });
    expect(res.statusCode).toBe(200);
    const body = PresentationSchema.parse(res.json());
    expect(body.id).toBe(p.id);
    expect(body.products.map((x) => x.name.en)).toContain('Large popcorn');
    expect(body.lockTimer.chooseSeatsInSeconds).toBeGreaterThan(0);
    expect(body.serviceCharge.label.en).toBe('handling fee');
  });

  it('answers ticket groups with integer agorot prices and a couple ticket for sofas', async () => {
    const p = await findPresentation(
      t.app,
      (x) => x.category === 'movie' && x.seatplanId === 11 && x.saleStatus === 'open',
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/presentations/${p.id}/ticketGroups` });
    const body = TicketGroupsAnswerSchema.parse(res.json());
    const tickets = body.ticketGroups.flatMap((g) => g.tickets);
    expect(tickets.every((tk) => Number.isInteger(tk.price))).toBe(true);
    expect(tickets.map((tk) => tk.name.en)).toEqual(
      expect.arrayContaining(['Regular', 'Student', 'Senior citizen', 'Child']),
    );
    expect(tickets.find((tk) => tk.multiplyFactor === 2)?.name.en).toBe('Couple (2 seats)');
    // The board's price is the cheapest ticket all in: the demo cinema's ₪5 handling fee included.
    expect(body.serviceCharge.amount).toBe(500);
    const allIn = tickets
      .filter((tk) => tk.multiplyFactor === 1)
      .map((tk) => ({ total: tk.price + (tk.serviceCharge || 500), fee: tk.serviceCharge || 500 }))
      .sort((a, b) => a.total - b.total || a.fee - b.fee)[0]!;
    expect(p.minPrice).toBe(allIn.total);
    expect(p.minServiceCharge).toBe(allIn.fee);
  });

  it('says event_not_found for an unknown presentation and formValidation for a bad id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/presentations/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'event_not_found' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/presentations/-3/ticketGroups' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'formValidation' });
  });

  it('refuses presentations outside their sale window with their own codes', async () => {
    const early = await findPresentation(t.app, (x) => x.saleStatus === 'not_started');
    const late = await findPresentation(t.app, (x) => x.saleStatus === 'ended');
    const a = await t.app.inject({ method: 'GET', url: `/api/presentations/${early.id}` });
    expect(a.statusCode).toBe(403);
    expect(a.json()).toMatchObject({ code: 'sale_not_started', params: { saleStart: early.saleStart } });
    const b = await t.app.inject({ method: 'GET', url: `/api/presentations/${late.id}/ticketGroups` });
    expect(b.statusCode).toBe(403);
    expect(b.json()).toMatchObject({ code: 'sale_ended' });
  });

  it('serves seat plans as the S → G → R → S tree, and seatplan_not_found otherwise', async () => {
    const arena = await findPresentation(t.app, (x) => x.category === 'sport' && x.venueId === 4);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seatplanV2?venueId=${arena.venueId}&seatplanId=${arena.seatplanId}`,
    });
    expect(res.statusCode).toBe(200);
    const plan = SeatplanSchema.parse(res.json());
    const seats = plan.S.flatMap((s) => s.G.flatMap((g) => g.R.flatMap((r) => r.S)));
    expect(seats.length).toBeGreaterThanOrEqual(20_000);
    expect(plan.S.flatMap((s) => s.G).filter((g) => (g.rotation ?? 0) !== 0).length).toBeGreaterThan(10);
    const wrongVenue = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seatplanV2?venueId=1&seatplanId=${arena.seatplanId}`,
    });
    expect(wrongVenue.statusCode).toBe(404);
    expect(wrongVenue.json()).toMatchObject({ code: 'seatplan_not_found' });
  });

  it('serves the same plan in columns, compressed and cached by ETag, that decode to the tree parsed', async () => {
    const arena = await findPresentation(t.app, (x) => x.category === 'sport' && x.venueId === 4);
    const query = `venueId=${arena.venueId}&seatplanId=${arena.seatplanId}`;
    const tree = (await t.app.inject({ method: 'GET', url: `/api/seats/seatplanV2?${query}` })).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seatplan-columns?${query}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(COLUMNS_TYPE);
    expect(res.headers['content-encoding']).toBe('br');
    const bytes = brotliDecompressSync(res.rawPayload);
    const json = JSON.stringify(tree);
    expect(bytes.length).toBeLessThan(json.length / 8);
    const columns = decodeColumns(new Uint8Array(bytes).buffer, 'he');
    const parsed = parsePlan(tree, 'he');
    expect(columns.data).toEqual(parsed.data);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seatplan-columns?${query}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seatplan-columns?venueId=1&seatplanId=${arena.seatplanId}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'seatplan_not_found' });
  });

  it('marks the cinema hall seat kinds the map needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/seats/seatplanV2?venueId=1&seatplanId=11' });
    const plan = SeatplanSchema.parse(res.json());
    const seats = plan.S.flatMap((s) => s.G.flatMap((g) => g.R.flatMap((r) => r.S)));
    expect(seats.some((s) => s.sofa)).toBe(true);
    expect(seats.some((s) => s.handicap)).toBe(true);
    expect(seats.some((s) => s.companion)).toBe(true);
    expect(seats.some((s) => s.limitedView)).toBe(true);
    const premium = SeatplanSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/seats/seatplanV2?venueId=1&seatplanId=13' })).json(),
    );
    expect(premium.S.flatMap((s) => s.G.flatMap((g) => g.R.flatMap((r) => r.S))).some((s) => s.premium)).toBe(
      true,
    );
  });
});
