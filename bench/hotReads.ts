import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { seedDemoCatalogue } from '../server/seed/index.ts';
import { SYSTEM_ACTOR } from '../server/services/audit/log.ts';
import { saveWaitingRoom } from '../server/services/waitingRoom/roomsAdmin.ts';
import type { PresentationSummary } from '../src/api/contract/presentations.ts';
import { round2, withServerCpu } from './common.ts';
import { autocannon, type CannonResult } from './onsale/autocannon.ts';
import { machine } from './server.ts';

/**
 * Hot reads: what one box-office process (SQLite, in this process, as bench/server.ts) serves per second
 * of the answers every visitor of an on-sale asks for — the events board, the arena's status map, the
 * presentation, its ticket groups and its seat plan, and a logged-in member's member tickets — against a plain Fastify route in the same process
 * (the baseline: what this machine can do at all). autocannon runs in its own process, 32 connections,
 * 10 s per route (BENCH_HOT_SECONDS); each route asks with `accept-encoding: br, gzip`, as a browser
 * does, and no uuid. Targets: events board ≥ 5,000 req/s, arena status ≥ 1,000 req/s.
 */
export const HOT_TARGETS = { eventsBoard: 5000, arenaStatus: 1000 } as const;

export interface HotRead extends CannonResult {
  name: string;
  /** Requests/s as a share of the plain route's. */
  ratio: number;
  /**
   * CPU the box office (this process) used meanwhile, in % of one core. Well under 100 means autocannon,
   * not the box office, was the limit: it parses every byte of a large answer on one core.
   */
  serverCpuPct: number;
}

export interface HotReadsResult {
  date: string;
  machine: string;
  routes: HotRead[];
  pass: { eventsBoard: boolean; arenaStatus: boolean };
}

export async function benchHotReads(): Promise<HotReadsResult> {
  const seconds = Number(process.env.BENCH_HOT_SECONDS ?? 10);
  const dir = mkdtempSync(join(tmpdir(), 'bench-hot-'));
  // Stream tokens that outlive the whole run (the player renews its own every few seconds).
  const config = loadConfig({ DATA_DIR: dir, STATIC_DIR: '', LOG_LEVEL: 'warn', VOD_TOKEN_SECONDS: '3600' });
  const db = await openDatabase({ ...config, poolSize: 4 });
  await seedDemoCatalogue(db.kysely, systemClock.now());
  const app = await buildApp({ config, db });
  const plain = fastify();
  plain.get('/ping', () => ({ ok: true }));
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const ping = await plain.listen({ port: 0, host: '127.0.0.1' });
    const { presentations } = (await (await fetch(`${base}/api/seats/presentations`)).json()) as {
      presentations: PresentationSummary[];
    };
    const arena = presentations.find((p) => p.category === 'sport' && p.isReserved);
    if (!arena) throw new Error('the demo catalogue has no arena presentation');
    const headers = { 'accept-encoding': 'br, gzip' };
    // A member's own read (issue 16): never cached, it answers from the customer's session every time.
    const cinema = presentations.find((p) => p.category === 'movie' && p.saleStatus === 'open');
    if (!cinema) throw new Error('the demo catalogue has no cinema presentation on sale');
    const login = await fetch(`${base}/api/customer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'avi@example.com', password: 'avi-demo-2026', includeMemberships: true }),
    });
    const session = /customer_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    if (!session) throw new Error(`the demo member could not log in: ${login.status}`);
    // A viewer's stream (issue 17): every playlist and segment checks its token and the purchase's stream.
    const videos = (await (
      await fetch(`${base}/api/customer-area/videos`, { headers: { cookie: session } })
    ).json()) as { videos: { status: string; watchPath: string }[] };
    const film = videos.videos.find((v) => v.status === 'current');
    if (!film) throw new Error('the demo member has no current video');
    const play = await fetch(`${base}/api${film.watchPath.replace(/\?.*$/, '')}/play`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session },
      body: '{}',
    });
    const { src } = (await play.json()) as { src: string };
    const stream = `${base}${src.replace(/master\.m3u8$/, '')}`;
    // A waiting visitor's poll (issue 40): the cinema show behind a waiting room opening in an hour, the
    // visitor's place taken once; each poll is answered from its signed place cookie, with no query.
    await saveWaitingRoom(
      db.kysely,
      cinema.id,
      {
        mode: 'on',
        opensAt: new Date(Date.now() + 3_600_000).toISOString(),
        admitPerMinute: 300,
        targetMs: null,
        autoBuyers: null,
        passMinutes: 20,
      },
      SYSTEM_ACTOR,
      Date.now(),
    );
    app.deps.waitingRooms.invalidate();
    const { uuid } = (await (await fetch(`${base}/api/session`)).json()) as { uuid: string };
    const joined = await fetch(`${base}/api/queue/${cinema.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', uuid },
      body: '{"again":false}',
    });
    const place = /wr_place_[^;]+/.exec(joined.headers.get('set-cookie') ?? '')?.[0];
    if (!place) throw new Error(`no place in the waiting room: ${joined.status} ${await joined.text()}`);
    const routes: [string, string, Record<string, string>?][] = [
      ['plain Fastify route (baseline)', `${ping}/ping`],
      ['events board', `${base}/api/seats/presentations`],
      [
        'arena seats-statusV2',
        `${base}/api/seats/seats-statusV2?presentationId=${arena.id}&venueTypeId=${arena.venueTypeId}&isReserved=1`,
      ],
      ['arena presentation', `${base}/api/presentations/${arena.id}`],
      ['arena ticketGroups', `${base}/api/presentations/${arena.id}/ticketGroups`],
      [
        "cinema member-tickets (a member's, uncached)",
        `${base}/api/presentations/${cinema.id}/member-tickets`,
        { cookie: session },
      ],
      [
        'arena seatplanV2',
        `${base}/api/seats/seatplanV2?venueId=${arena.venueId}&seatplanId=${arena.seatplanId}`,
      ],
      [
        "arena seatplan-columns (the shop's seat map reads this)",
        `${base}/api/seats/seatplan-columns?venueId=${arena.venueId}&seatplanId=${arena.seatplanId}`,
      ],
      ["film media playlist (a viewer's, behind its token)", `${stream}480p/index.m3u8`],
      ["film segment, 480p 4 s (a viewer's, behind its token)", `${stream}480p/seg1.m2ts`],
      ["a waiting visitor's poll (waiting room)", `${base}/api/queue/${cinema.id}`, { uuid, cookie: place }],
    ];
    const results: HotRead[] = [];
    for (const [name, url, own] of routes) {
      const ask = { ...headers, ...own };
      const check = await fetch(url, { headers: ask });
      await check.arrayBuffer();
      if (check.status !== 200) throw new Error(`${name}: ${url} answered ${check.status}`);
      console.log(`hot reads: ${name} …`);
      const { result: r, serverCpuPct } = await withServerCpu(() =>
        autocannon(url, { connections: 32, seconds, headers: ask }),
      );
      if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      const ratio = round2(r.reqPerSec / (results[0]?.reqPerSec ?? r.reqPerSec));
      results.push({ name, ...r, ratio, serverCpuPct });
    }
    const rps = (name: string) => results.find((r) => r.name === name)!.reqPerSec;
    const result: HotReadsResult = {
      date: new Date().toISOString(),
      machine: machine(),
      routes: results,
      pass: {
        eventsBoard: rps('events board') >= HOT_TARGETS.eventsBoard,
        arenaStatus: rps('arena seats-statusV2') >= HOT_TARGETS.arenaStatus,
      },
    };
    const out = join(import.meta.dirname, 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'hot-reads.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.table(
      results.map((r) => ({
        route: r.name,
        'req/s': r.reqPerSec,
        'p50 ms': r.p50Ms,
        'p99 ms': r.p99Ms,
        '× baseline': r.ratio,
        'bytes/answer': r.bytesPerAnswer,
        'server cpu %': r.serverCpuPct,
      })),
    );
    console.log(
      `targets: events board ≥ ${HOT_TARGETS.eventsBoard} req/s ${result.pass.eventsBoard ? 'pass' : 'FAIL'}, ` +
        `arena status ≥ ${HOT_TARGETS.arenaStatus} req/s ${result.pass.arenaStatus ? 'pass' : 'FAIL'}; ${result.machine}`,
    );
    console.log('written bench/results/hot-reads.json');
    return result;
  } finally {
    await plain.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await benchHotReads();
