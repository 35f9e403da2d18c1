import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { doorKey, signedDoorCode } from '../../server/services/door/keys.ts';
import type { DoorDownload } from '../../src/api/contract/door.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { pct, round2 } from '../common.ts';
import { serveBuiltShop } from '../shop.ts';
import { BENCH_LIMITS } from '../visitors.ts';
import { buyTickets, scanVerdicts } from './tickets.ts';

/**
 * The time from a scan to its answer on the door page (issue 37: under 300 ms on a phone). The shop built
 * with Vite (or BENCH_DIST) and served by one box office in this process (SQLite, the seeded demo);
 * BENCH_DOOR_PAGE_CODES (50) arena tickets bought over HTTP. In the system Chromium, a 390×844 phone
 * (touch, mobile) logged in as the demo door user opens /door already set up for the arena show (the
 * page's own saved setup), and the tickets' signed codes are typed into the handheld scanner's field one
 * after another, each followed by Enter, each after the previous answer painted. The page marks
 * `door-scan` when a code arrives and measures `door-answer` once its verdict has painted
 * (src/backoffice/door/timing.ts): p50, p95 and max of those measures, as the machine runs and with the
 * CPU slowed 4× (Chromium's throttling, as Lighthouse models a mid-range phone), each a run of its own.
 */
export interface DoorPageRun {
  codes: number;
  runs: {
    /** Chromium's CPU throttling rate: 1 as the machine runs, 4 a mid-range phone. */
    cpuSlowdown: number;
    p50Ms: number;
    p95Ms: number;
    maxMs: number;
    /** Verdicts the page showed, by kind (first entries: all `admitted`). */
    verdicts: Record<string, number>;
  }[];
  /** The 4× run's figures (the phone's), repeated for the summary. */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** The page's measure (src/backoffice/door/timing.ts; bench/ may not import the back office). */
const ANSWER_MEASURE = 'door-answer';
/** Where the page keeps the usher's setup (src/backoffice/door/saved.ts): a reload goes straight to scanning. */
const SETUP_KEY = 'door.setup.v1';
const PAGE = join(import.meta.dirname, '..', '..', 'src', 'backoffice', 'door', 'DoorPage.tsx');
const SLOWDOWNS = [1, 4];

/** Null when the door page is not there (yet), or BENCH_SKIP_DOOR_PAGE=1. */
export async function benchDoorPage(): Promise<DoorPageRun | null> {
  if (process.env.BENCH_SKIP_DOOR_PAGE === '1' || !existsSync(PAGE)) {
    console.log('door page: skipped (BENCH_SKIP_DOOR_PAGE=1, or no door page)');
    return null;
  }
  const count = Number(process.env.BENCH_DOOR_PAGE_CODES ?? 50);
  const shop = await serveBuiltShop('door', { dist: process.env.BENCH_DIST, env: BENCH_LIMITS });
  let browser: Browser | undefined;
  try {
    const { base, db } = shop;
    const { presentations } = (await (await fetch(`${base}/api/seats/presentations`)).json()) as {
      presentations: PresentationSummary[];
    };
    const arena = presentations.find((p) => p.category === 'sport' && p.isReserved);
    if (!arena) throw new Error('the demo catalogue has no arena presentation');
    const orders = Math.ceil((count * SLOWDOWNS.length) / 4);
    const reservations = await buyTickets(base, arena, orders, { concurrency: 4 });
    const rows = await db.kysely
      .selectFrom('order_tickets')
      .select('ticket_identifier')
      .where('reservation_identifier', 'in', reservations)
      .execute();
    const key = await doorKey(db.kysely);
    const codes = rows.map((r) => signedDoorCode(key, r.ticket_identifier, arena.id));

    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const runs: DoorPageRun['runs'] = [];
    for (const [n, cpuSlowdown] of SLOWDOWNS.entries()) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        locale: 'he-IL',
      });
      const login = await context.request.post('/api/staff/login', {
        data: { username: 'door', password: 'door-demo-2026' },
      });
      if (login.status() !== 200) throw new Error(`door login: ${login.status()} ${await login.text()}`);
      // The page's own saved setup (as an usher left it): /door opens on the scanning screen.
      const download = (await (
        await context.request.get(`/api/admin/door/download?presentationIds=${arena.id}`)
      ).json()) as DoorDownload;
      const setup = { presentations: download.presentations, door: 'Main entrance', direction: 'in' };
      await context.addInitScript(
        (item: { key: string; value: string }) => {
          // Once: a reload keeps what the page itself saved meanwhile.
          if (localStorage.getItem(item.key) === null) localStorage.setItem(item.key, item.value);
        },
        { key: SETUP_KEY, value: JSON.stringify(setup) },
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      await page.goto('/door?language=he');
      const input = page.getByTestId('door-code-input');
      await input.waitFor({ state: 'visible', timeout: 60_000 });
      const before = await scanVerdicts(db.kysely);
      for (const [i, code] of codes.slice(n * count, (n + 1) * count).entries()) {
        await input.fill(code);
        await input.press('Enter');
        await page.waitForFunction(
          ([name, k]) => performance.getEntriesByName(name).length > k,
          [ANSWER_MEASURE, i] as const,
          { timeout: 30_000 },
        );
      }
      const times = await page.evaluate(
        (name) => performance.getEntriesByName(name).map((e) => e.duration),
        ANSWER_MEASURE,
      );
      const after = await scanVerdicts(db.kysely);
      const verdicts = Object.fromEntries(
        [...after].map(([v, k]) => [v, k - (before.get(v) ?? 0)]).filter(([, k]) => k !== 0),
      ) as Record<string, number>;
      runs.push({
        cpuSlowdown,
        p50Ms: pct(times, 50),
        p95Ms: pct(times, 95),
        maxMs: round2(Math.max(...times)),
        verdicts,
      });
      await context.close();
    }
    const phone = runs.at(-1)!;
    return { codes: count, runs, p50Ms: phone.p50Ms, p95Ms: phone.p95Ms, maxMs: phone.maxMs };
  } finally {
    await browser?.close();
    await shop.close();
  }
}
