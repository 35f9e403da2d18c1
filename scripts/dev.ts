import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * `npm run dev`: the box-office server on API_PORT (3001) reloading on change, and Vite on PORT (5173)
 * with hot reload, proxying /api to the server.
 */
const root = join(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';

const server = spawn(process.execPath, ['--watch-path=server', '--watch-path=src/api', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, STATIC_DIR: '' },
});
const vite = spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, API_PORT: apiPort },
});

const children = [server, vite];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) {
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
