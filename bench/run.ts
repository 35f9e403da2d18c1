import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchServer, machine, type ServerRun } from './server.ts';

/** `npm run bench`: the server load benchmark, then the seat-map benchmark; JSON in bench/results/. */
const runs: ServerRun[] = [await benchServer('sqlite')];
if (process.env.DATABASE_URL) runs.push(await benchServer('postgres'));

const result = { date: new Date().toISOString(), machine: machine(), runs };
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'server.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(runs);
console.log(`written ${join('bench', 'results', 'server.json')}`);

if (process.env.BENCH_SKIP_SEATMAP !== '1') {
  const seatmap = spawnSync(process.execPath, [join(import.meta.dirname, 'seatmap', 'run.ts')], {
    stdio: 'inherit',
  });
  process.exitCode = seatmap.status ?? 1;
}
