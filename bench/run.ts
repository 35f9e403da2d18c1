import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchServer, machine, type ServerRun } from './server.ts';

/** `npm run bench`: runs the benchmarks and writes bench/results/*.json. */
const runs: ServerRun[] = [await benchServer('sqlite')];
if (process.env.DATABASE_URL) runs.push(await benchServer('postgres'));

const result = { date: new Date().toISOString(), machine: machine(), runs };
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'server.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(runs);
console.log(`written ${join('bench', 'results', 'server.json')}`);
