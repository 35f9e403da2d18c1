import type { QueueStatus } from '../../src/api/contract/waitingRoom.ts';
import type { Arena } from '../onsale/arena.ts';
import { type BuyerOutcome, type LockGrant, runBuyer } from '../onsale/buyer.ts';
import { call, Recorder } from '../onsale/http.ts';
import { visitor } from '../visitors.ts';

/**
 * The crowd of the waiting-room benchmark: visitors arrive evenly over `arrivalMs`, each takes a place in
 * the arena's waiting room with its own visitor id, asks where it stands as often as the box office says,
 * and once let in buys 2 to 4 seats as the on-sale buyers do (bench/onsale/buyer.ts), with its pass.
 * What each was told, and when, is kept for the checks.
 */
export interface Told {
  at: number;
  position: number | null;
}

export interface VisitorLog {
  index: number;
  arrivedAt: number;
  /** The join's answer was a place (waiting, or straight in). */
  placed: boolean;
  joinState: string;
  /** Every 'waiting' answer with a number. */
  waiting: Told[];
  position: number | null;
  admittedAt: number | null;
  outcome: BuyerOutcome | null;
  /** The answers that were not 200 (status: count). */
  failures: Record<string, number>;
}

export interface CrowdRun {
  visitors: VisitorLog[];
  queueCalls: Recorder;
  buyers: Recorder;
  grants: LockGrant[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The shop asks again this long after an answer that was not one (useQueue.ts). */
const RETRY_MS = 5_000;

function cookiesOf(headers: Headers | null, jar: Map<string, string>) {
  for (const c of headers?.getSetCookie() ?? []) {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function oneVisitor(arena: Arena, index: number, deadline: number, run: CrowdRun): Promise<VisitorLog> {
  const uuid = visitor();
  const jar = new Map<string, string>();
  const url = `${arena.base}/api/queue/${arena.presentation.id}`;
  const log: VisitorLog = {
    index,
    arrivedAt: performance.now(),
    placed: false,
    joinState: '',
    waiting: [],
    position: null,
    admittedAt: null,
    outcome: null,
    failures: {},
  };
  // As the shop does: take the place; an answer that is not one is asked again after 5 s.
  const join = () => call(run.queueCalls, 'POST', url, { kind: 'other', uuid, body: { again: false } });
  let sent = performance.now();
  let res = await join();
  for (;;) {
    let status: QueueStatus | null = null;
    if (res.status === 200) {
      cookiesOf(res.headers, jar);
      status = JSON.parse(res.text) as QueueStatus;
    } else log.failures[res.status] = (log.failures[res.status] ?? 0) + 1;
    if (!log.placed) {
      log.joinState = status?.state ?? `http ${res.status}`;
      log.placed = status?.state === 'waiting' || status?.state === 'admitted';
      if (!log.placed) {
        if (performance.now() + RETRY_MS > deadline) return log;
        await sleep(RETRY_MS);
        sent = performance.now();
        res = await join();
        continue;
      }
    }
    if (status?.state === 'admitted') {
      log.admittedAt = performance.now();
      break;
    }
    const pollMs = status?.state === 'waiting' ? status.pollMs : RETRY_MS;
    if (status?.state === 'waiting' && status.position !== null) {
      log.position = status.position;
      // Told when the question was sent at the earliest: the order check gives the box office no benefit.
      log.waiting.push({ at: sent, position: status.position });
    }
    if (performance.now() + pollMs > deadline) return log;
    await sleep(pollMs);
    sent = performance.now();
    res = await call(run.queueCalls, 'GET', url, {
      kind: 'status',
      uuid,
      headers: { cookie: cookieHeader(jar) },
    });
  }
  log.outcome = await runBuyer({
    arena,
    rec: run.buyers,
    grants: run.grants,
    uuid,
    cookie: cookieHeader(jar),
  });
  return log;
}

/** Runs the crowd until `seconds` have passed since the first arrival. */
export async function runCrowd(
  arena: Arena,
  opts: { visitors: number; arrivalMs: number; seconds: number },
): Promise<CrowdRun> {
  const run: CrowdRun = { visitors: [], queueCalls: new Recorder(), buyers: new Recorder(), grants: [] };
  const start = performance.now();
  const deadline = start + opts.seconds * 1000;
  const all: Promise<VisitorLog>[] = [];
  for (let i = 0; i < opts.visitors; i++) {
    const due = start + (i * opts.arrivalMs) / opts.visitors;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    all.push(oneVisitor(arena, i, deadline, run));
  }
  run.visitors = await Promise.all(all);
  return run;
}
