import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { SeatsStatusAnswerSchema } from '../../src/api/contract/seats.ts';
import { findPresentation, freeSeats, lock, lockBody, unlock } from '../testing/fixtures.ts';
import { createPeerApp, createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { connect, type SseConnection, type SseEvent } from '../testing/sse.ts';

interface Changes {
  free: Record<string, string>;
  taken: string[];
}

/** Collects a stream's events and waits for one that matches. */
function watch(url: string, opts: Parameters<typeof connect>[1] = {}) {
  const events: SseEvent[] = [];
  const waiters: { test: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  const conn: SseConnection = connect(url, {
    ...opts,
    onEvent: (e) => {
      events.push(e);
      for (const w of [...waiters]) {
        if (w.test(e)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(e);
        }
      }
    },
  });
  const next = (test: (e: SseEvent) => boolean, ms = 3000) =>
    new Promise<SseEvent>((resolve, reject) => {
      const seen = events.find(test);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`no matching event in ${ms} ms`)), ms);
      waiters.push({ test, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  return { conn, events, next };
}

const changesOf = (e: SseEvent) => JSON.parse(e.data) as Changes;
const takes = (key: string) => (e: SseEvent) => e.event === 'changes' && changesOf(e).taken.includes(key);
const frees = (key: string) => (e: SseEvent) => e.event === 'changes' && key in changesOf(e).free;

describe.each(dialects)('the live seat status on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let movie: PresentationSummary;
  let statusUrl: string;
  let streamUrl: string;
  const open: SseConnection[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { maxSeats: 10 });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    movie = await findPresentation(
      t.app,
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.isReserved,
    );
    statusUrl = `/api/seats/seats-statusV2?presentationId=${movie.id}&venueTypeId=${movie.venueTypeId}&isReserved=1`;
    streamUrl = `${base}/api/seats/status-stream?presentationId=${movie.id}`;
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t?.close();
  });

  const stream = (opts: Parameters<typeof connect>[1] = {}, url = streamUrl) => {
    const w = watch(url, opts);
    open.push(w.conn);
    return w;
  };

  it('starts with reset, or with the changes since the version of the map the client loaded', async () => {
    const fresh = stream();
    expect((await fresh.next(() => true)).event).toBe('reset');
    fresh.conn.close();

    const res = await t.app.inject({ url: statusUrl });
    const version = res.headers['x-status-version'] as string;
    expect(version).toBeTruthy();
    const resumed = stream({ since: version });
    const first = await resumed.next(() => true);
    expect(first.event).toBe('changes');
    expect(changesOf(first)).toEqual({ free: {}, taken: [] });
    resumed.conn.close();

    const unknown = stream({ lastEventId: 'not-a-version-we-know' });
    expect((await unknown.next(() => true)).event).toBe('reset');
    unknown.conn.close();
  });

  it('pushes a lock and a release in order, and the next status answer shows them', async () => {
    const w = stream();
    await w.next((e) => e.event === 'reset');
    const [a, b] = await freeSeats(t.app, movie);
    const buyer = visitor();
    expect((await lock(t.app, buyer, lockBody(movie, a!))).statusCode).toBe(200);
    // Read your writes, and everyone else's answer too: the seat is gone from the map at once.
    const after = SeatsStatusAnswerSchema.parse((await t.app.inject({ url: statusUrl })).json());
    expect(after.seats[a!.key]).toBeUndefined();
    const mine = (await t.app.inject({ url: statusUrl, headers: { uuid: buyer } })).json() as {
      held: string[];
    };
    expect(mine.held).toEqual([a!.key]);
    await w.next(takes(a!.key));

    expect((await lock(t.app, buyer, lockBody(movie, b!))).statusCode).toBe(200);
    expect((await unlock(t.app, buyer, lockBody(movie, a!))).statusCode).toBe(200);
    const freed = await w.next(frees(a!.key));
    expect(changesOf(freed).free[a!.key]).toMatch(new RegExp(`^${a!.ticketGroupId},\\d+$`));
    await w.next(takes(b!.key));
    // Applied in order, the events leave the client where the status map is.
    const state = new Map<string, boolean>();
    for (const e of w.events.filter((x) => x.event === 'changes')) {
      const c = changesOf(e);
      for (const k of Object.keys(c.free)) state.set(k, true);
      for (const k of c.taken) state.set(k, false);
    }
    const now = SeatsStatusAnswerSchema.parse((await t.app.inject({ url: statusUrl })).json());
    for (const [k, free] of state) expect(k in now.seats).toBe(free);
    await unlock(t.app, buyer, lockBody(movie, b!));
  });

  it('resumes from Last-Event-ID with what was missed', async () => {
    const w = stream();
    const first = await w.next(() => true);
    w.conn.close();
    const [seat] = await freeSeats(t.app, movie);
    expect((await lock(t.app, visitor(), lockBody(movie, seat!))).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300)); // the feed has it (SQLite polls every 50 ms)
    const again = stream({ lastEventId: first.id });
    const initial = await again.next(() => true);
    expect(initial.event).toBe('changes');
    expect(changesOf(initial).taken).toContain(seat!.key);
  });

  it('frees a lapsed hold on its own, pushed as a change', async () => {
    const w = stream();
    await w.next(() => true);
    const [seat] = await freeSeats(t.app, movie);
    const locked = await lock(t.app, visitor(), lockBody(movie, seat!));
    expect(locked.statusCode).toBe(200);
    await w.next(takes(seat!.key));
    // The clock stays there: moved back, lapsed holds would be live again (time only goes forward).
    t.clock.set(Date.parse((locked.json() as { expiresAt: string }).expiresAt) + 1000);
    await w.next(frees(seat!.key), 4000);
    const map = SeatsStatusAnswerSchema.parse((await t.app.inject({ url: statusUrl })).json());
    expect(map.seats[seat!.key]).toBeDefined();
  });

  it('answers the status map with an ETag, 304 when unchanged, compressed once per version', async () => {
    const first = await t.app.inject({ url: statusUrl, headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ url: statusUrl, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const [seat] = await freeSeats(t.app, movie);
    const buyer = visitor();
    const locked = await lock(t.app, buyer, lockBody(movie, seat!));
    expect(locked.statusCode, locked.body).toBe(200);
    const changed = await t.app.inject({ url: statusUrl, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await unlock(t.app, buyer, lockBody(movie, seat!));

    const board = await t.app.inject({ url: '/api/seats/presentations' });
    expect(board.statusCode).toBe(200);
    const boardAgain = await t.app.inject({
      url: '/api/seats/presentations',
      headers: { 'if-none-match': board.headers.etag as string },
    });
    expect(boardAgain.statusCode).toBe(304);
  });

  it('refuses a stream of a presentation that does not exist with a clear code', async () => {
    const res = await t.app.inject({ url: '/api/seats/status-stream?presentationId=999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('event_not_found');
  });

  it.runIf(dialect === 'postgres')(
    'fans out a lock made on one process to the streams of another',
    async () => {
      const peer: FastifyInstance = await createPeerApp(t);
      try {
        const peerBase = await peer.listen({ port: 0, host: '127.0.0.1' });
        const w = stream({}, `${peerBase}/api/seats/status-stream?presentationId=${movie.id}`);
        await w.next(() => true);
        const [seat] = await freeSeats(t.app, movie);
        const at = performance.now();
        expect((await lock(t.app, visitor(), lockBody(movie, seat!))).statusCode).toBe(200);
        const e = await w.next(takes(seat!.key));
        expect(e.receivedAt - at).toBeLessThan(1000);
        const map = SeatsStatusAnswerSchema.parse((await peer.inject({ url: statusUrl })).json());
        expect(map.seats[seat!.key]).toBeUndefined();
        w.conn.close();
      } finally {
        await peer.close();
      }
    },
  );

  it.runIf(dialect === 'postgres')(
    'a map loaded on one process resumes on another that started at the same point: no reload, the changes since',
    async () => {
      const [a, b] = await Promise.all([createPeerApp(t), createPeerApp(t)]);
      let late: FastifyInstance | undefined;
      try {
        // Neither has seen a seat change since it started: the version is their shared start point.
        const loaded = await a.inject({ url: statusUrl });
        const version = loaded.headers['x-status-version'] as string;
        expect(version).toMatch(/^s\d+\./);
        expect((await b.inject({ url: statusUrl })).statusCode).toBe(200);

        const [seat] = await freeSeats(t.app, movie);
        expect((await lock(t.app, visitor(), lockBody(movie, seat!))).statusCode).toBe(200);
        // b hears of it (the feed's delay), then the viewer's stream reaches b with a's version.
        await expect
          .poll(async () => SeatsStatusAnswerSchema.parse((await b.inject({ url: statusUrl })).json()).seats)
          .not.toHaveProperty(seat!.key);
        const bBase = await b.listen({ port: 0, host: '127.0.0.1' });
        const resumed = stream(
          { since: version },
          `${bBase}/api/seats/status-stream?presentationId=${movie.id}`,
        );
        const first = await resumed.next(() => true);
        expect(first.event).toBe('changes');
        expect(changesOf(first).taken).toEqual([seat!.key]);
        resumed.conn.close();

        // A process that started after that change cannot know what the map lacks: it says reset.
        late = await createPeerApp(t);
        expect((await late.inject({ url: statusUrl })).headers['x-status-version']).not.toBe(version);
        const lateBase = await late.listen({ port: 0, host: '127.0.0.1' });
        const refused = stream(
          { since: version },
          `${lateBase}/api/seats/status-stream?presentationId=${movie.id}`,
        );
        expect((await refused.next(() => true)).event).toBe('reset');
        refused.conn.close();
      } finally {
        await late?.close();
        await a.close();
        await b.close();
      }
    },
  );
});
