import { type Arena, chooseSeats, commitBody, lockBody, MAX_SEATS, MIN_SEATS, type Seat } from './arena.ts';
import { type Answer, call, type Recorder } from './http.ts';
import { visitor } from '../visitors.ts';

/**
 * One on-sale buyer, as the shop behaves: load the status map, pick 2 to 4 adjacent free seats among
 * the best, lock them one by one; on a refused lock let go of what it holds and try fresh seats (up to
 * 5 more times); then commit and pay with the sandbox's approving card, as bench/checkout.ts does.
 */
export type BuyerOutcome =
  | { kind: 'order'; reservationIdentifier: string; seats: string[]; tries: number }
  /** A clear 4xx: the seats went to others every time, or the answer named why. */
  | { kind: 'refused'; status: number; code: string; tries: number }
  /** Anything else: a 5xx, a connection that failed for good, an answer that made no sense. */
  | { kind: 'error'; status: number; message: string; tries: number };

/** A lock the box office granted: when it was sent and answered (performance.now()). */
export interface LockGrant {
  key: string;
  sentAt: number;
  okAt: number;
  /** When the buyer let go of it again (sent the unlock); absent while held or sold. */
  releasedAt?: number;
}

export interface BuyerContext {
  arena: Arena;
  rec: Recorder;
  /** Every granted lock, in answer order (the change-to-viewer latency starts at okAt). */
  grants: LockGrant[];
  /** Extra tries after a connection error (a killed process) and after a 503 (an outage). */
  networkRetries?: number;
  unavailableRetries?: number;
  random?: () => number;
  /** The visitor (a waiting room's, with its admission pass in `cookie`); a new one when absent. */
  uuid?: string;
  cookie?: string;
}

export const RETRIES = 5;

export async function runBuyer(ctx: BuyerContext): Promise<BuyerOutcome> {
  const { arena, rec } = ctx;
  const random = ctx.random ?? Math.random;
  const uuid = ctx.uuid ?? visitor();
  const opts = {
    uuid,
    headers: (ctx.cookie ? { cookie: ctx.cookie } : {}) as Record<string, string>,
    networkRetries: ctx.networkRetries ?? 0,
    unavailableRetries: ctx.unavailableRetries ?? 0,
  };
  const avoid = new Set<string>();
  const size = MIN_SEATS + Math.floor(random() * (MAX_SEATS - MIN_SEATS + 1));
  let last: Answer | null = null;
  for (let tries = 1; tries <= RETRIES + 1; tries++) {
    const status = await call(rec, 'GET', arena.statusUrl, {
      ...opts,
      kind: 'status',
      headers: { ...opts.headers, 'accept-encoding': 'br' },
    });
    if (status.status !== 200) return failed(status, tries);
    const free = (JSON.parse(status.text) as { seats: Record<string, string> }).seats;
    const seats = chooseSeats(arena, free, size, avoid, random);
    if (!seats) return { kind: 'refused', status: 409, code: 'sold_out', tries };

    const held: { seat: Seat; grant: LockGrant }[] = [];
    let refused: Answer | null = null;
    for (const seat of seats) {
      const sentAt = performance.now();
      const res = await call(rec, 'PUT', `${arena.base}/api/seats/lock-seat`, {
        ...opts,
        kind: 'lock',
        body: lockBody(arena, seat),
      });
      if (res.status === 200) {
        const grant = { key: seat.key, sentAt, okAt: performance.now() };
        ctx.grants.push(grant);
        held.push({ seat, grant });
      } else if (res.status >= 400 && res.status < 500) {
        refused = res;
        avoid.add(seat.key);
        break;
      } else {
        await release(ctx, held, opts);
        return failed(res, tries);
      }
    }
    if (refused) {
      last = refused;
      await release(ctx, held, opts);
      continue;
    }

    const res = await call(rec, 'POST', `${arena.base}/api/payment/commit`, {
      ...opts,
      kind: 'commit',
      body: commitBody(arena, seats),
      // The same key on a retry: the box office answers the first attempt's outcome, never pays twice.
      headers: { ...opts.headers, 'idempotency-key': crypto.randomUUID() },
    });
    if (res.status === 200) {
      const answer = JSON.parse(res.text) as { status?: string; reservationIdentifier?: string };
      if (answer.status === 'completed' && answer.reservationIdentifier)
        return {
          kind: 'order',
          reservationIdentifier: answer.reservationIdentifier,
          seats: seats.map((s) => s.key),
          tries,
        };
      return { kind: 'error', status: 200, message: `commit answered ${res.text.slice(0, 200)}`, tries };
    }
    return failed(res, tries);
  }
  return { kind: 'refused', status: last?.status ?? 409, code: last?.code ?? 'no_code', tries: RETRIES + 1 };
}

function failed(res: Answer, tries: number): BuyerOutcome {
  if (res.status >= 400 && res.status < 500)
    return { kind: 'refused', status: res.status, code: res.code ?? 'no_code', tries };
  return { kind: 'error', status: res.status, message: res.text.slice(0, 300), tries };
}

async function release(
  ctx: BuyerContext,
  held: { seat: Seat; grant: LockGrant }[],
  opts: { uuid: string; headers: Record<string, string>; networkRetries: number; unavailableRetries: number },
) {
  for (const { seat, grant } of held) {
    grant.releasedAt = performance.now();
    await call(ctx.rec, 'PUT', `${ctx.arena.base}/api/seats/unlock-seat`, {
      ...opts,
      kind: 'unlock',
      body: lockBody(ctx.arena, seat),
    });
  }
}
