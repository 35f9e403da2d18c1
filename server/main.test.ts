import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real process: starts on an empty data folder, seeds, serves, and shuts down cleanly on SIGTERM. */
describe('the server process', () => {
  it('starts on a fresh SQLite folder, answers, and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boxoffice-proc-'));
    const child = spawn(process.execPath, [join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        // The system picks a free port; the ready line names it.
        PORT: '0',
        HOST: '127.0.0.1',
        STATIC_DIR: '',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await expect.poll(() => out, { timeout: 20_000, interval: 100 }).toContain('box office ready');
      const port = /box office ready at http:\/\/localhost:(\d+)/.exec(out)?.[1];
      expect(Number(port)).toBeGreaterThan(0);
      const lines = out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.find((l) => l.msg === 'demo catalogue seeded')).toMatchObject({ seeded: true });
      const res = await fetch(`http://127.0.0.1:${port}/api/seats/presentations`);
      expect(res.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('shutting down');
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production with development settings, and says why', async () => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'main.ts')], {
      env: { ...process.env, NODE_ENV: 'production', AUTH_SECRET: '', SMS_SENDER: '', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    // Every problem at once, one a line, so that the operator fixes them in one go.
    expect(err).toMatch(/^box office not started: \d+ settings to fix:\n/);
    for (const line of [
      '- NODE_ENV=production: SMS_SENDER is the development outbox',
      '- NODE_ENV=production: AUTH_SECRET is not set',
      '- NODE_ENV=production: COOKIE_SECURE is not 1',
    ])
      expect(err).toContain(line);
  });
});
