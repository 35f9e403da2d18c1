import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type PgProxy, startPgProxy } from './pgProxy.ts';

/** The proxy itself: it carries PostgreSQL's protocol, and a cut looks like a restart. */
describe.skipIf(!process.env.DATABASE_URL)('startPgProxy', () => {
  let proxy: PgProxy | undefined;
  afterEach(() => proxy?.close());

  const client = async (url: string) => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    c.on('error', () => undefined);
    await c.connect();
    return c;
  };

  it('carries queries, drops every connection on a cut, refuses new ones meanwhile, then accepts again', async () => {
    proxy = await startPgProxy({ port: 4459, databaseUrl: process.env.DATABASE_URL! });
    expect(proxy.url).toContain('127.0.0.1:4459');
    const before = await client(proxy.url);
    expect((await before.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect(proxy.open).toBe(1);

    const cut = proxy.cut(800);
    await expect(before.query('select 1')).rejects.toThrow();
    await expect(client(proxy.url)).rejects.toThrow(/ECONNREFUSED|terminated|timeout/);
    await cut;

    const after = await client(proxy.url);
    expect((await after.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    expect(proxy.accepted).toBe(2);
    await after.end();
    await before.end().catch(() => undefined);
  });
});
