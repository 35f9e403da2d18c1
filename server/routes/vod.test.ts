import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { VodPlayAnswerSchema, VodViewingSchema, type VodPlayAnswer } from '../../src/api/contract/vod.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { commitVideo, ticketGroupsOf } from '../testing/checkout.ts';
import { loginByEmail, newAccount } from '../testing/checkoutScenarios.ts';
import { findPresentation } from '../testing/fixtures.ts';
import { createTestApp, dialects, TEST_NOW, type TestApp } from '../testing/harness.ts';

const HOUR = 3_600_000;

/** Video on demand over HTTP: who may watch, within the window, the plays counted, the stream's tokens. */
describe.each(dialects)('video on demand on %s', (dialect) => {
  let t: TestApp;
  let video: PresentationSummary;
  let rental: TicketGroup['tickets'][number];
  let dana: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { VOD_TOKEN_SECONDS: '60', VOD_PLAY_GRACE_SECONDS: '300' } });
    video = await findPresentation(t.app, (p) => p.isVod && p.saleStatus === 'open');
    rental = (await ticketGroupsOf(t.app, video))[0]!.tickets[0]!;
    dana = await loginByEmail(t.app, DEMO_CUSTOMERS[0]);
  });
  afterAll(async () => t?.close());

  /** Buys the film (as Dana, or as a guest) and answers the purchase's page and link key. */
  async function buy(cookie?: string) {
    t.clock.set(TEST_NOW);
    const res = await commitVideo(t.app, { presentationId: video.id, ticketId: rental.id }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    const [v] = answer.order.videos;
    expect(v?.watchPath).toMatch(/^\/vod\/[A-Z0-9]+\/\d+\?k=/);
    const url = new URL(v!.watchPath, 'http://x');
    return {
      rid: answer.reservationIdentifier,
      key: url.searchParams.get('k')!,
      api: `/api${url.pathname}`,
    };
  }
  const view = (url: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      ...(cookie ? { headers: { cookie: `customer_session=${cookie}` } } : {}),
    });
  const play = (url: string, body: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${url}/play`,
      payload: body,
      ...(cookie ? { headers: { cookie: `customer_session=${cookie}` } } : {}),
    });
  const stream = (token: string, path = 'master.m3u8') =>
    t.app.inject({ method: 'GET', url: `/api/vod/stream/${token}/${path}` });
  const beat = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/vod/heartbeat', payload: { token } });

  it('shows the purchase to its owner and to the holder of its link, never to anyone else', async () => {
    const p = await buy(dana);
    const mine = VodViewingSchema.parse((await view(p.api, dana)).json());
    expect(mine).toMatchObject({
      status: 'current',
      playsAllowed: 3,
      playsUsed: 0,
      playsRemaining: 3,
      lastPlayedAt: null,
    });
    expect(Date.parse(mine.availableUntil) - TEST_NOW).toBe(48 * HOUR);
    expect((await view(`${p.api}?k=${p.key}`)).statusCode).toBe(200);
    expect((await view(p.api)).json()).toMatchObject({ statusCode: 401, code: 'not_logged_in' });
    const other = await newAccount(t.app, '0549990001');
    expect((await view(p.api, other)).json()).toMatchObject({ statusCode: 403, code: 'vod_not_yours' });
    expect((await view(`${p.api}?k=${'A'.repeat(32)}`)).json()).toMatchObject({ code: 'vod_not_yours' });
    expect((await play(p.api, {}, other)).json()).toMatchObject({ code: 'vod_not_yours' });
    expect((await view(`/api/vod/NOSUCHRES/${video.id}`, dana)).json()).toMatchObject({
      statusCode: 404,
      code: 'vod_not_found',
    });
  });

  it('counts a play when playback starts, not when the same viewer comes back within the grace period', async () => {
    const p = await buy();
    const first = VodPlayAnswerSchema.parse((await play(p.api, { k: p.key })).json());
    expect(first).toMatchObject({ counted: true, viewing: { playsUsed: 1, playsRemaining: 2 } });
    expect(first.viewing.lastPlayedAt).not.toBeNull();
    t.clock.advance(2 * 60_000);
    const again = VodPlayAnswerSchema.parse((await play(p.api, { k: p.key, playId: first.playId })).json());
    expect(again).toMatchObject({ counted: false, playId: first.playId, viewing: { playsRemaining: 2 } });
    // Past the grace period the same play id starts a new play.
    t.clock.advance(6 * 60_000);
    const later = VodPlayAnswerSchema.parse((await play(p.api, { k: p.key, playId: first.playId })).json());
    expect(later).toMatchObject({ counted: true, viewing: { playsRemaining: 1 } });
    const last = VodPlayAnswerSchema.parse((await play(p.api, { k: p.key })).json());
    expect(last.viewing.playsRemaining).toBe(0);
    expect((await play(p.api, { k: p.key })).json()).toMatchObject({
      statusCode: 409,
      code: 'vod_no_plays_left',
    });
    // The last play may still be resumed within its grace period.
    expect((await play(p.api, { k: p.key, playId: last.playId })).json()).toMatchObject({ counted: false });
  });

  it('plays only inside the viewing window', async () => {
    const p = await buy();
    t.clock.set(TEST_NOW + 48 * HOUR);
    expect((await view(`${p.api}?k=${p.key}`)).json()).toMatchObject({ status: 'expired' });
    expect((await play(p.api, { k: p.key })).json()).toMatchObject({ statusCode: 409, code: 'vod_expired' });
    // A film released later: its purchase is future until the release.
    await t.db.kysely
      .updateTable('video_rentals')
      .set({ available_from: TEST_NOW + 24 * HOUR, available_until: TEST_NOW + 72 * HOUR })
      .where('reservation_identifier', '=', p.rid)
      .execute();
    t.clock.set(TEST_NOW);
    expect((await view(`${p.api}?k=${p.key}`)).json()).toMatchObject({ status: 'future' });
    expect((await play(p.api, { k: p.key })).json()).toMatchObject({ code: 'vod_not_available_yet' });
    t.clock.set(TEST_NOW + 25 * HOUR);
    expect((await play(p.api, { k: p.key })).statusCode).toBe(200);
  });

  it('serves the film only behind an intact, unexpired token of the current stream', async () => {
    const p = await buy();
    const a: VodPlayAnswer = VodPlayAnswerSchema.parse((await play(p.api, { k: p.key })).json());
    expect(a.src).toBe(`/api/vod/stream/${a.token}/master.m3u8`);
    const master = await stream(a.token);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('mpegurl');
    expect(master.body).toContain('#EXT-X-STREAM-INF');
    const variant = master.body.split('\n').find((l) => l.endsWith('.m3u8') && !l.startsWith('#'))!;
    const playlist = await stream(a.token, variant);
    const segment = playlist.body.split('\n').find((l) => l && !l.startsWith('#'))!;
    const dir = variant.split('/')[0]!;
    const seg = await stream(a.token, `${dir}/${segment}`);
    expect(seg.statusCode).toBe(200);
    expect(seg.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
    // Altered: another purchase's ticket with this signature, a changed letter of the signature.
    const [payload, sig] = a.token.split('.');
    const forged = `${Buffer.from(`OTHERTICKET.x.${Math.floor(TEST_NOW / 1000) + 999}`).toString('base64url')}.${sig}`;
    expect((await stream(forged)).json()).toMatchObject({ statusCode: 403, code: 'vod_token_invalid' });
    const flipped = `${payload}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`;
    expect((await stream(flipped)).json()).toMatchObject({ statusCode: 403, code: 'vod_token_invalid' });
    // No path leaves the film's package.
    expect((await stream(a.token, '..%2F..%2Fconfig.ts')).json()).toMatchObject({
      code: 'vod_media_not_found',
    });
    expect((await stream(a.token, 'subs%2F..%2F..%2Fmaster.m3u8')).json()).toMatchObject({ statusCode: 404 });
    expect((await stream(a.token, '../secret.m3u8')).statusCode).toBe(400);
    // The heartbeat renews the token; an expired token is refused.
    t.clock.advance(30_000);
    const renewed = (await beat(a.token)).json() as { token: string };
    t.clock.advance(45_000);
    expect((await stream(a.token)).json()).toMatchObject({ statusCode: 403, code: 'vod_token_invalid' });
    expect((await stream(renewed.token)).statusCode).toBe(200);
  });

  it('plays on one device at a time: a second start takes over and the first stream stops', async () => {
    const p = await buy();
    const first = VodPlayAnswerSchema.parse((await play(p.api, { k: p.key })).json());
    // The first device is streaming (the box office remembers its stream for a second) …
    expect((await stream(first.token)).statusCode).toBe(200);
    const second = VodPlayAnswerSchema.parse((await play(p.api, { k: p.key })).json());
    // … and the new stream is served at once all the same, and the first one refused.
    expect((await stream(second.token)).statusCode).toBe(200);
    expect((await stream(first.token)).json()).toMatchObject({
      statusCode: 409,
      code: 'vod_stream_taken_over',
    });
    expect((await beat(first.token)).json()).toMatchObject({ code: 'vod_stream_taken_over' });
    expect((await beat(second.token)).statusCode).toBe(200);
  });

  it('never uses more plays than are left when starts race', async () => {
    const p = await buy();
    const answers = await Promise.all(Array.from({ length: 8 }, () => play(p.api, { k: p.key })));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ statusCode: 409, code: 'vod_no_plays_left' });
    const after = VodViewingSchema.parse((await view(`${p.api}?k=${p.key}`)).json());
    expect(after).toMatchObject({ playsUsed: 3, playsRemaining: 0 });
  });

  it('lists the buyer’s videos with their status, plays left and viewing page', async () => {
    const p = await buy(dana);
    await play(p.api, {}, dana);
    const list = (await view('/api/customer-area/videos', dana)).json() as {
      videos: { reservationIdentifier: string; playsRemaining: number; watchPath: string; status: string }[];
    };
    const mine = list.videos.find((v) => v.reservationIdentifier === p.rid);
    expect(mine).toMatchObject({ playsRemaining: 2, status: 'current' });
    expect(mine!.watchPath).toContain(`/vod/${p.rid}/${video.id}`);
    const seeded = list.videos.filter((v) => v.reservationIdentifier !== p.rid);
    expect(seeded.map((v) => v.status)).toEqual(expect.arrayContaining(['expired', 'current']));
  });
});
