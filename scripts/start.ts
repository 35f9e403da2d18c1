import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `npm start`: builds the shop when its sources are newer than the last build, then runs the server. */
const root = join(import.meta.dirname, '..');
const built = join(root, 'dist', 'index.html');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ['src', 'locales', 'public', 'workers', 'index.html', 'vite.config.ts', 'package.json'];
const sourceTime = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('building the shop…');
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.ts'), join(root, 'dist')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`shop built in ${Math.round(performance.now() - started)} ms`);
}
// The demo shows the development SMS outbox (every login code) at /dev/sms-outbox; never in production.
if (process.env.NODE_ENV !== 'production' && process.env.DEV_OUTBOX === undefined) {
  process.env.DEV_OUTBOX = '1';
  console.log(
    'demo mode (DEV_OUTBOX=1): login codes go to the development SMS outbox at /dev/sms-outbox, not to phones',
  );
}
await import('../server/main.ts');
