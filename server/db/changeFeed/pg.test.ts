import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { pgChangeFeed } from './pg.ts';
import type { SeatEvent } from './types.ts';

/**
 * The feed's start point is what lets a stream move between processes (LiveStatus): it promises that
 * every event up to it is already in the database. A seat write that took its event id before the point
 * was read but commits after it would break that promise, so a start waits for such writes to end.
 */
describe.runIf(!!process.env.DATABASE_URL)('the PostgreSQL change feed’s start point', () => {
  let t: TestApp;
  let writer: pg.Client;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    writer = new pg.Client({
      connectionString: t.config.databaseUrl,
      options: `-c search_path=${t.config.databaseSchema}`,
    });
    await writer.connect();
  });
  afterAll(async () => {
    await writer?.end();
    await t?.close();
  });

  it('waits for a seat write in flight, then reports a point that covers it', async () => {
    const { rows } = await writer.query<{ id: number }>('SELECT id FROM presentations LIMIT 1');
    await writer.query('BEGIN');
    await writer.query(
      `INSERT INTO seat_holds (presentation_id, section_id, x, y, visitor, state, expires_at)
       VALUES ($1, 1, 1, 1, 'in-flight', 'held', 0)`,
      [rows[0]!.id],
    );
    const events: SeatEvent[] = [];
    let started: { lastId: string | null; at: number } | undefined;
    const feed = pgChangeFeed(t.db.kysely, { url: t.config.databaseUrl!, schema: t.config.databaseSchema });
    try {
      const starting = feed.start({
        onEvents: (e) => events.push(...e),
        onGap: () => undefined,
        onStart: (lastId) => (started = { lastId, at: performance.now() }),
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(started, 'no start point while the write is in flight').toBeUndefined();
      const committedAt = performance.now();
      await writer.query('COMMIT');
      await starting;
      expect(started!.at).toBeGreaterThanOrEqual(committedAt);
      // The write committed after the LISTEN, so it is delivered too, and its id is within the point.
      await expect.poll(() => events.map((e) => e.visitor)).toEqual(['in-flight']);
      expect(Number(events[0]!.id)).toBeLessThanOrEqual(Number(started!.lastId));
    } finally {
      await writer.query('ROLLBACK').catch(() => undefined);
      await feed.stop();
    }
  });
});
