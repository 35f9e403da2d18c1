import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pct, round2 } from '../common.ts';
import type { Arena } from './arena.ts';
import { type BuyerOutcome, type LockGrant, runBuyer } from './buyer.ts';
import { Recorder } from './http.ts';
import { Viewers } from './viewers.ts';

/**
 * The on-sale: viewers open the arena's stream and keep it open; buyers arrive spread evenly over
 * `seconds` and each runs the buyer flow once. Then a short pause lets the last batches reach the
 * viewers. Everything measured stays in the answer (the test asserts on it; the bench summarises it).
 */
export interface OnsaleOptions {
  buyers: number;
  viewers: number;
  /** Viewers that parse every event (the latency sample). */
  trackedViewers: number;
  seconds: number;
  networkRetries?: number;
  unavailableRetries?: number;
  /** Called once the viewers are open and the first buyer is about to arrive. */
  onStart?: () => void;
  /** How long to leave the streams open after the last buyer (ms). */
  settleMs?: number;
}

export interface OnsaleRun {
  outcomes: BuyerOutcome[];
  /** When each buyer arrived and ended (performance.now()), by buyer index as `outcomes`. */
  times: { start: number; end: number }[];
  rec: Recorder;
  grants: LockGrant[];
  viewers: Viewers;
  /** From the first arrival to the last buyer's end (ms). */
  wallMs: number;
  /** How long opening the viewers took (ms). */
  openMs: number;
  /** The load generator's own event-loop delay, p99 (ms): high means the figures are the generator's. */
  loadGeneratorLagP99Ms: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runOnsale(arena: Arena, opts: OnsaleOptions): Promise<OnsaleRun> {
  const rec = new Recorder();
  const grants: LockGrant[] = [];
  const viewers = new Viewers(arena);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const t0 = performance.now();
  await viewers.open(opts.viewers, opts.trackedViewers);
  const openMs = performance.now() - t0;
  // Let the streams' initial events arrive before the first lock, so none is mistaken for a change.
  await sleep(500);
  opts.onStart?.();
  const interval = (opts.seconds * 1000) / opts.buyers;
  const started = performance.now();
  let lastEnd = started;
  const times: { start: number; end: number }[] = [];
  const outcomes = await Promise.all(
    Array.from({ length: opts.buyers }, async (_, i) => {
      await sleep(i * interval);
      const start = performance.now();
      const outcome = await runBuyer({
        arena,
        rec,
        grants,
        networkRetries: opts.networkRetries,
        unavailableRetries: opts.unavailableRetries,
      });
      lastEnd = Math.max(lastEnd, performance.now());
      times[i] = { start, end: performance.now() };
      return outcome;
    }),
  );
  const wallMs = lastEnd - started;
  await sleep(opts.settleMs ?? 2000);
  lag.disable();
  const loadGeneratorLagP99Ms = round2(lag.percentile(99) / 1e6);
  return { outcomes, times, rec, grants, viewers, wallMs, openMs, loadGeneratorLagP99Ms };
}

/** Capacity: `concurrency` buyers in a closed loop (a new buyer as soon as one ends) for `seconds`. */
export async function runSaturation(arena: Arena, concurrency: number, seconds: number) {
  const rec = new Recorder();
  const grants: LockGrant[] = [];
  const outcomes: BuyerOutcome[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  let soldOut = false;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until && !soldOut) {
        const o = await runBuyer({ arena, rec, grants });
        outcomes.push(o);
        if (o.kind === 'refused' && o.code === 'sold_out') soldOut = true;
      }
    }),
  );
  const wallMs = performance.now() - started;
  const orders = outcomes.filter((o) => o.kind === 'order').length;
  return {
    concurrency,
    seconds,
    orders,
    ordersPerSec: round2(orders / (wallMs / 1000)),
    soldOut,
    lockP99Ms: pct(rec.latencies('lock'), 99),
    commitP99Ms: pct(rec.latencies('commit'), 99),
    statusCodes: rec.statusCounts(),
    count5xx: rec.count5xx(),
    errors: outcomes.filter((o) => o.kind === 'error').length,
  };
}

export type SaturationResult = Awaited<ReturnType<typeof runSaturation>>;

/** The on-sale's figures for the report. */
export function summarise(run: OnsaleRun) {
  const { outcomes, rec } = run;
  const orders = outcomes.filter((o) => o.kind === 'order');
  const refused: Record<string, number> = {};
  const errors: string[] = [];
  for (const o of outcomes) {
    if (o.kind === 'refused') refused[o.code] = (refused[o.code] ?? 0) + 1;
    if (o.kind === 'error') errors.push(`${o.status} ${o.message}`);
  }
  const latency = run.viewers.latency(run.grants);
  const lock = rec.latencies('lock');
  const commit = rec.latencies('commit');
  const status = rec.latencies('status');
  const soldSeats = orders.flatMap((o) => (o.kind === 'order' ? o.seats : []));
  const notSeen = run.viewers.notTaken(soldSeats);
  return {
    buyers: outcomes.length,
    orders: orders.length,
    seatsSold: soldSeats.length,
    ordersPerSec: round2(orders.length / (run.wallMs / 1000)),
    wallMs: Math.round(run.wallMs),
    refused,
    buyerErrors: errors.length,
    firstBuyerErrors: errors.slice(0, 5),
    lockP50Ms: pct(lock, 50),
    lockP95Ms: pct(lock, 95),
    lockP99Ms: pct(lock, 99),
    commitP50Ms: pct(commit, 50),
    commitP95Ms: pct(commit, 95),
    commitP99Ms: pct(commit, 99),
    statusP50Ms: pct(status, 50),
    statusP95Ms: pct(status, 95),
    statusCodes: rec.statusCounts(),
    count5xx: rec.count5xx(),
    viewerOpenMs: Math.round(run.openMs),
    loadGeneratorLagP99Ms: run.loadGeneratorLagP99Ms,
    viewers: run.viewers.stats(),
    latencyPairs: latency.ms.length,
    changeToViewerP50Ms: pct(latency.ms, 50),
    changeToViewerP95Ms: pct(latency.ms, 95),
    changeToViewerMaxMs: round2(latency.ms.reduce((a, b) => Math.max(a, b), 0)),
    lockSentToViewerP50Ms: pct(latency.fromSent, 50),
    lockSentToViewerP95Ms: pct(latency.fromSent, 95),
    latencyMissed: latency.missed,
    latencyCoalesced: latency.coalesced,
    /** (tracked viewer, sold seat) pairs where the viewer does not show the seat as taken at the end. */
    soldNotSeenTaken: notSeen.length,
  };
}

export type OnsaleSummary = ReturnType<typeof summarise>;
