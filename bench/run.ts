import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchBundle } from './bundle.ts';
import { benchBurst } from './burst.ts';
import { benchCheckout, type CheckoutRun, MAX_RATIO_P95 } from './checkout.ts';
import { benchDbWork } from './dbWork.ts';
import { benchDoor } from './door.ts';
import { benchHotReads } from './hotReads.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLongTasks } from './longTasks.ts';
import { benchOnsale } from './onsale.ts';
import { benchOrderSearch } from './orderSearch.ts';
import { benchPages } from './pages.ts';
import { benchSeatplanImport } from './seatplanImport.ts';
import { benchSeatmapPages } from './seatmap/shopPages.ts';
import { benchServer, machine, type ServerRun } from './server.ts';
import { benchVod } from './vod.ts';
import { benchWaitingRoom } from './waitingRoom.ts';

/**
 * `npm run bench`: the server load benchmark, the checkout benchmark, the hot reads, the door, the on-sale
 * and the order search (with DATABASE_URL), video on demand, then the seat-map benchmark
 * (BENCH_SKIP_SEATMAP=1 skips it); JSON in bench/results/.
 */
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const write = (name: string, runs: unknown[]) => {
  const result = { date: new Date().toISOString(), machine: machine(), runs };
  writeFileSync(join(dir, name), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written ${join('bench', 'results', name)}`);
};

const runs: ServerRun[] = [await benchServer('sqlite')];
if (process.env.DATABASE_URL) runs.push(await benchServer('postgres'));
console.table(runs);
write('server.json', runs);

const checkout: CheckoutRun[] = [await benchCheckout('sqlite')];
if (process.env.DATABASE_URL) checkout.push(await benchCheckout('postgres'));
console.table(
  checkout.map((r) => ({
    database: r.database,
    idleP50Ms: r.idleP50Ms,
    idleP95Ms: r.idleP95Ms,
    busyP50Ms: r.busyP50Ms,
    busyP95Ms: r.busyP95Ms,
    busyMaxMs: r.busyMaxMs,
    busyRoundTrips: r.busyRoundTrips,
    commitsWallMs: r.commitsWallMs,
    commits: r.commits,
    ratioP95: r.ratioP95,
    pass: r.pass,
  })),
);
write('checkout.json', checkout);
for (const r of checkout)
  if (!r.pass)
    console.warn(
      `checkout (${r.database}): busy p95 is ${r.ratioP95} × the idle p95, above the target ${MAX_RATIO_P95} ×`,
    );

await benchHotReads();
// The door (issue 37): scans answered per second on one process against a plain route (SQLite, and
// PostgreSQL with DATABASE_URL), and a scan's time to its answer on the door page in Chromium (door.json).
await benchDoor();
// A 100,000-seat plan brought in over the admin API, in each format, with a probe on the box office.
const imports = await benchSeatplanImport('sqlite');
if (process.env.DATABASE_URL) imports.push(...(await benchSeatplanImport('postgres')));
console.table(imports);
write('seatplan-import.json', imports);
// PostgreSQL only (skips itself without DATABASE_URL); throws on a double sell, a 5xx or an audit finding.
await benchOnsale();
// PostgreSQL only: statements and database time per seat lock and per order, nothing else running.
await benchDbWork();
// PostgreSQL only: 300 buyers at once over 3 processes for 40 overlapping seat pairs (burst.json).
const burst = await benchBurst();
if (burst?.failures.length) process.exitCode = 1;
// PostgreSQL only: 20,000 visitors through the arena's waiting room in a minute (waiting-room.json).
await benchWaitingRoom();
// PostgreSQL only: the box office's order search on a million generated orders (order-search.json).
await benchOrderSearch();
// Video on demand in Chromium: time to the film's first frame, and the JS its viewing page loads.
await benchVod();
// The shop on a phone: the JavaScript each route loads, then Lighthouse (mobile) on the same routes,
// then what holds the main thread while each starts (Chromium's trace, by task and part).
await benchBundle().then(benchLighthouse).then(benchLongTasks);
// The pages the box office draws with React, per second against a plain route, and a burst (pages.json).
await benchPages();

if (process.env.BENCH_SKIP_SEATMAP !== '1') {
  const seatmap = spawnSync(process.execPath, [join(import.meta.dirname, 'seatmap', 'run.ts')], {
    stdio: 'inherit',
  });
  if (seatmap.status !== 0) process.exitCode = seatmap.status ?? 1;
  // The map on the shop's own pages: the staff preview with an unseen plan, the order page.
  await benchSeatmapPages();
}
