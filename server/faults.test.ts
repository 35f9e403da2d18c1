import { describe, expect, it } from 'vitest';
import { loadArena } from '../bench/onsale/arena.ts';
import { type BoxOffice, type LogLine, startBoxOffice } from '../bench/onsale/boxOffice.ts';
import type { CallRecord } from '../bench/onsale/http.ts';
import { type OnsaleRun, runOnsale } from '../bench/onsale/scenario.ts';
import { settledAudit } from './testing/audit.ts';
import { startPgProxy } from './testing/pgProxy.ts';

/**
 * Faults on the real process tree (PostgreSQL only), with buyers and viewers of the bench's on-sale
 * running: (a) PostgreSQL goes away for 3 s (a TCP proxy drops and refuses its connections: what a
 * restart looks like from the box office; the real server, shared with other tests, is left alone);
 * (b) one of two box-office processes is killed. Either way nobody waits forever, nothing answers
 * 500, sales go on afterwards without a restart, streams come back and the books stay straight.
 */
const DATABASE_URL = process.env.DATABASE_URL;

const sold = (run: OnsaleRun, pick: (i: number) => boolean = () => true) =>
  run.outcomes.flatMap((o, i) => (o.kind === 'order' && pick(i) ? o.seats : []));
/** Calls as a failure shows them: what, its answer, how long it took and when it was sent (from `from`). */
const show = (calls: CallRecord[], from = 0) =>
  calls
    .slice(0, 10)
    .map(
      (c) =>
        `${c.kind} ${c.status} ${c.code ?? ''} ${Math.round(c.doneAt - c.sentAt)} ms, sent at ${Math.round(c.sentAt - from)} ms`,
    );
const fastReconcile = { RECONCILE_INTERVAL_SECONDS: '2', RECONCILE_GRACE_SECONDS: '1' };

describe.skipIf(!DATABASE_URL)('faults', () => {
  it('a 3-second PostgreSQL outage: 503 with Retry-After or success, nothing hangs, sales resume, streams recover', async () => {
    const proxy = await startPgProxy({ port: 4450, databaseUrl: DATABASE_URL! });
    let office: BoxOffice | undefined;
    try {
      office = await startBoxOffice({
        workers: 2,
        port: 4440,
        schema: `t_fault_outage_${process.pid}`,
        databaseUrl: proxy.url,
        env: fastReconcile,
      });
      const arena = await loadArena(office.base);
      const outage = { start: 0, end: 0 };
      const run = await runOnsale(arena, {
        buyers: 60,
        viewers: 10,
        trackedViewers: 10,
        seconds: 12,
        networkRetries: 2,
        unavailableRetries: 20,
        settleMs: 3000,
        onStart: () =>
          setTimeout(() => {
            outage.start = performance.now();
            void proxy.cut(3000).then(() => (outage.end = performance.now()));
          }, 3000),
      });
      run.viewers.close();
      expect(outage.end, 'the outage ended before the buyers did').toBeGreaterThan(0);

      // No process died of it (a died worker would show as connection errors below).
      expect(
        office.problems.filter((p) => p.msg === 'worker died; starting another'),
        // What the dead worker said last, to find out why.
        JSON.stringify(office.problems.filter((p) => (p.level ?? 0) >= 50)).slice(0, 4000),
      ).toEqual([]);
      // During the outage: 503 service_unavailable with Retry-After, or a normal answer; never a hang or a 500.
      const during = run.rec.calls.filter((c) => c.doneAt >= outage.start && c.sentAt <= outage.end);
      expect(during.filter((c) => c.status === 503).length, 'the outage was felt').toBeGreaterThan(0);
      const wrong = during.filter(
        (c) =>
          !(c.status === 200) &&
          !(c.status === 503 && c.code === 'service_unavailable' && !!c.retryAfter) &&
          !(c.kind === 'lock' && c.status === 409 && c.code === 'lock_seat_error'),
      );
      expect(show(wrong, outage.start)).toEqual([]);
      const slow = run.rec.calls.filter((c) => c.doneAt - c.sentAt > 10_000 || c.status === 0);
      expect(show(slow, outage.start)).toEqual([]);
      expect(show(run.rec.calls.filter((c) => c.status >= 500 && c.status !== 503))).toEqual([]);

      // Afterwards: everyone who came after the outage buys, with nothing restarted.
      const after = (i: number) => run.times[i]!.start > outage.end + 500;
      const late = run.outcomes.filter((_, i) => after(i));
      expect(late.length).toBeGreaterThan(10);
      expect(late.filter((o) => o.kind !== 'order')).toEqual([]);
      for (const o of run.outcomes) expect(['order', 'refused']).toContain(o.kind);

      // Every stream is open again and shows the seats sold after the outage (and all others) as taken.
      expect(sold(run, after).length).toBeGreaterThan(0);
      expect(run.viewers.notTaken(sold(run))).toEqual([]);

      const audit = await settledAudit(office.schema);
      expect(audit.clean, JSON.stringify(audit, null, 2)).toBe(true);
      expect(audit.inFlight.pendingOrders).toBe(0);
    } finally {
      await office?.stop();
      await proxy.close();
    }
  }, 150_000);

  it('one of two processes killed: buyers retry, its viewers reconnect with Last-Event-ID, a new process starts', async () => {
    const office = await startBoxOffice({
      workers: 2,
      port: 4441,
      schema: `t_fault_kill_${process.pid}`,
      env: fastReconcile,
    });
    try {
      expect(office.workerPids).toHaveLength(2);
      const arena = await loadArena(office.base);
      let killed = 0;
      let killedAt = 0;
      let replacement: Promise<LogLine> | undefined;
      const run = await runOnsale(arena, {
        buyers: 60,
        viewers: 20,
        trackedViewers: 20,
        seconds: 10,
        networkRetries: 5,
        unavailableRetries: 5,
        settleMs: 3000,
        onStart: () =>
          setTimeout(() => {
            killed = office.workerPids[0]!;
            replacement = office.waitForLog(
              (l) => l.msg === 'worker started' && l.workerPid !== killed,
              20_000,
            );
            killedAt = performance.now();
            process.kill(killed, 'SIGKILL');
          }, 3000),
      });
      run.viewers.close();
      expect(killed).toBeGreaterThan(0);

      // A replacement process started and lives.
      const started = await replacement!;
      expect(started.workerPid).not.toBe(killed);
      expect(() => process.kill(started.workerPid!, 0)).not.toThrow();

      // Every buyer ends with an order or a clear 4xx; a request cut by the kill was tried again.
      for (const o of run.outcomes)
        if (o.kind === 'refused') expect(o.code).toMatch(/^[a-z_]+$/i);
        else expect(o).toMatchObject({ kind: 'order' });
      expect(show(run.rec.calls.filter((c) => c.status >= 500))).toEqual([]);
      expect(
        run.outcomes.filter((o, i) => o.kind === 'order' && run.times[i]!.start > killedAt).length,
      ).toBeGreaterThan(0);

      // The viewers that were on the killed process came back with Last-Event-ID and see later sales.
      const back = run.viewers.list.filter((v) => v.connects > 1);
      expect(back.length).toBeGreaterThan(0);
      for (const v of back) expect(v.resumedWith[0]).toEqual(expect.any(String));
      expect(run.viewers.list.filter((v) => v.connects === 0)).toEqual([]);
      expect(run.viewers.notTaken(sold(run))).toEqual([]);

      const audit = await settledAudit(office.schema);
      expect(audit.clean, JSON.stringify(audit, null, 2)).toBe(true);
      expect(audit.inFlight.pendingOrders).toBe(0);
    } finally {
      await office.stop();
    }
  }, 150_000);
});
