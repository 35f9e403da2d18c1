import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/index.ts';
import { auditSales } from '../server/testing/audit.ts';
import { loadArena } from './onsale/arena.ts';
import { type BoxOffice, startBoxOffice } from './onsale/boxOffice.ts';
import { type OnsaleRun, runOnsale, summarise } from './onsale/scenario.ts';

/**
 * A small on-sale on the real process tree, for CI: WORKERS=2 on PostgreSQL, 40 buyers over 5 s while
 * 20 viewers watch the arena's stream. No 5xx; every buyer ends with an order or a clear 4xx; every
 * viewer shows every sold seat as taken; the sales audit finds nothing.
 */
describe.skipIf(!process.env.DATABASE_URL)('a small on-sale on two box-office processes', () => {
  let office: BoxOffice;
  let run: OnsaleRun;

  beforeAll(async () => {
    office = await startBoxOffice({ workers: 2, port: 4430, schema: `t_onsale_${process.pid}` });
    const arena = await loadArena(office.base);
    run = await runOnsale(arena, { buyers: 40, viewers: 20, trackedViewers: 20, seconds: 5, settleMs: 1500 });
    run.viewers.close();
  }, 90_000);
  afterAll(() => office?.stop(), 30_000);

  it('answers no 5xx and no connection error', () => {
    expect(run.rec.count5xx()).toBe(0);
    expect(run.rec.calls.filter((c) => c.status === 0)).toEqual([]);
  });

  it('ends every buyer with an order or a clear 4xx', () => {
    for (const o of run.outcomes) {
      if (o.kind === 'refused') {
        expect(o.status).toBeGreaterThanOrEqual(400);
        expect(o.status).toBeLessThan(500);
        expect(o.code).toMatch(/^[a-z_]+$/i);
      } else expect(o).toMatchObject({ kind: 'order' });
    }
    // 40 buyers of 2–4 seats in an arena with thousands free: nearly all of them buy.
    expect(run.outcomes.filter((o) => o.kind === 'order').length).toBeGreaterThan(30);
  });

  it('shows every sold seat as taken to every viewer, through the stream', () => {
    const s = summarise(run);
    expect(s.viewers).toMatchObject({ viewers: 20, opened: 20, errors: 0 });
    expect(s.seatsSold).toBeGreaterThan(60);
    expect(run.viewers.notTaken(run.outcomes.flatMap((o) => (o.kind === 'order' ? o.seats : [])))).toEqual(
      [],
    );
    expect(s.latencyMissed).toBe(0);
  });

  it('leaves a clean audit', async () => {
    const db = await openDatabase({
      dataDir: '',
      databaseUrl: process.env.DATABASE_URL,
      databaseSchema: office.schema,
      poolSize: 2,
    });
    try {
      const audit = await auditSales(db.kysely);
      expect(audit.clean, JSON.stringify(audit, null, 2)).toBe(true);
      expect(audit.inFlight.pendingOrders).toBe(0);
      expect(audit.totals.paidOrders).toBeGreaterThanOrEqual(
        run.outcomes.filter((o) => o.kind === 'order').length,
      );
    } finally {
      await db.close();
    }
  });
});
