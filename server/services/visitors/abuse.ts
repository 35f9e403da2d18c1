import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, tooManyAttempts } from '../../errors.ts';
import type { CaptchaVerifier } from '../customers/captcha.ts';
import { guardCountsRepository } from '../../db/repositories/guardCounts.ts';
import { runPeriodically } from '../periodic.ts';
import { fixedWindow, SlidingWindow } from './slidingWindow.ts';
import { requireVisitor } from './visitor.ts';

/**
 * What a guarded call is: a seat lock or unlock, a payment commit (both issue 14), or a ticket-code
 * lookup (issue 15: codes are bearer secrets, so guessing them is slowed down like guessing gift cards).
 */
export type GuardKind = 'lock' | 'commit' | 'code';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The abuse guard of a seat or payment call (issue 14): the visitor must be one the box office issued,
     * the call counts against the per-visitor and per-address rates of its kind, and the captcha token
     * in the body is verified when a captcha is configured.
     */
    guard?: 'lock' | 'commit';
  }
  interface FastifyInstance {
    /**
     * The same guard, called by a route that guards only some of its calls (a presentation read is free,
     * the same read with ticket codes is counted): throws visitor_required, too_many_attempts or the
     * kind's captcha error. The captcha token comes from the body or the query (`recaptchaToken`).
     */
    guardCall(kind: GuardKind, request: FastifyRequest): Promise<void>;
  }
}

/** The error a failed captcha answers: the seat and payment calls' own, and the ticket-code lookup's. */
const CAPTCHA_ERROR: Record<GuardKind, 'invalid_captcha' | 'recaptcha'> = {
  lock: 'invalid_captcha',
  commit: 'invalid_captcha',
  code: 'recaptcha',
};

/** Each kind's rates: calls per visitor and per client address in a window of `windowMs`. */
type Rates = Record<GuardKind, { visitor: number; address: number; windowMs: number }>;

/** Counts a guarded call; answers the milliseconds to wait instead when its visitor or address is over. */
type Counter = (kind: GuardKind, visitor: string, address: string, now: number) => Promise<number | null>;

/** How often each process deletes the shared counts of ended windows (the shortest window is a minute). */
const PRUNE_EVERY_MS = 60_000;

/** Registers the guard: a preHandler on every route whose config names a `guard` (routes added later). */
export async function abuseGuard(app: FastifyInstance): Promise<void> {
  const { limits } = app.deps.config;
  const rates: Rates = {
    lock: {
      visitor: limits.locksPerMinutePerVisitor,
      address: limits.locksPerMinutePerAddress,
      windowMs: 60_000,
    },
    commit: {
      visitor: limits.commitsPer10MinPerVisitor,
      address: limits.commitsPer10MinPerAddress,
      windowMs: 600_000,
    },
    code: {
      visitor: limits.codesPerMinutePerVisitor,
      address: limits.codesPerMinutePerAddress,
      windowMs: 60_000,
    },
  };
  const count = limits.shared ? sharedCounter(app, rates) : memoryCounter(rates);
  const guardCall = async (kind: GuardKind, request: FastifyRequest) => {
    const visitor = requireVisitor(request);
    const now = app.deps.clock.now();
    const wait = await count(kind, visitor, request.clientAddress, now);
    if (wait !== null) throw tooManyAttempts(`too many ${kind} calls`, wait);
    const { captcha } = app.deps;
    if (captcha.enabled && !(await verified(captcha, tokenOf(request), request.ip)))
      throw new AppError(CAPTCHA_ERROR[kind], 'the human verification failed; try again');
  };
  app.decorate('guardCall', guardCall);
  const guard = (kind: 'lock' | 'commit') => (request: FastifyRequest) => guardCall(kind, request);
  // Only the guarded routes get the hook: every other call (the hot reads above all) pays nothing.
  app.addHook('onRoute', (route) => {
    const kind = route.config?.guard;
    if (!kind) return;
    const own = route.preHandler;
    route.preHandler = [guard(kind), ...(own ? (Array.isArray(own) ? own : [own]) : [])];
  });
}
// Without fastify-plugin's symbol the hook would stay inside its own context.
(abuseGuard as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** In this process's memory, in sliding windows: one process (LIMITS_SHARED off). */
function memoryCounter(rates: Rates): Counter {
  const windowsOf = (r: Rates[GuardKind]) => ({
    visitor: new SlidingWindow(r.visitor, r.windowMs),
    address: new SlidingWindow(r.address, r.windowMs),
  });
  const windows = {
    lock: windowsOf(rates.lock),
    commit: windowsOf(rates.commit),
    code: windowsOf(rates.code),
  };
  return async (kind, visitor, address, now) =>
    windows[kind].address.hit(address, now) ?? windows[kind].visitor.hit(visitor, now) ?? null;
}

/**
 * In the database, in fixed windows every process and host shares (LIMITS_SHARED on): one statement per
 * guarded call counts the visitor and the address together, so the limits hold however the calls are
 * spread. A refused call is counted too; that changes nothing, since both windows of a kind end together
 * and the refusal lasts until then. Unlike the sliding windows, a caller may make up to twice a limit
 * across a window's edge (slidingWindow.property.test.ts bounds it). Each process deletes ended windows
 * once a minute, off the calls.
 */
function sharedCounter(app: FastifyInstance, rates: Rates): Counter {
  const counts = guardCountsRepository(app.deps.db);
  let pruning: { stop(): void } | undefined;
  app.addHook('onReady', async () => {
    pruning = runPeriodically(
      'pruning the rate-limit counts',
      PRUNE_EVERY_MS,
      async () => void (await counts.pruneEnded(app.deps.clock.now())),
      app.log,
    );
  });
  app.addHook('onClose', async () => pruning?.stop());
  return async (kind, visitor, address, now) => {
    const rate = rates[kind];
    const window = fixedWindow(now, rate.windowMs);
    const [byVisitor = 0, byAddress = 0] = await counts.count(
      [
        { bucket: `${kind}:visitor`, key: visitor },
        { bucket: `${kind}:address`, key: address },
      ],
      window,
    );
    return byVisitor > rate.visitor || byAddress > rate.address ? window.end - now : null;
  };
}

/** Fails closed: a verifier that cannot answer (unreachable, broken) proves no human. */
async function verified(captcha: CaptchaVerifier, token: string | undefined, ip: string): Promise<boolean> {
  try {
    return await captcha.verify(token, ip);
  } catch {
    return false;
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  for (const from of [request.body, request.query] as ({ recaptchaToken?: unknown } | undefined)[])
    if (typeof from?.recaptchaToken === 'string') return from.recaptchaToken;
  return undefined;
}
