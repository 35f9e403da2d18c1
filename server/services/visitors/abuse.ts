import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, tooManyAttempts } from '../../errors.ts';
import type { CaptchaVerifier } from '../customers/captcha.ts';
import { SlidingWindow } from './slidingWindow.ts';
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

/** Registers the guard: a preHandler on every route whose config names a `guard` (routes added later). */
export async function abuseGuard(app: FastifyInstance): Promise<void> {
  const { limits } = app.deps.config;
  const windows = {
    lock: {
      visitor: new SlidingWindow(limits.locksPerMinutePerVisitor, 60_000),
      address: new SlidingWindow(limits.locksPerMinutePerAddress, 60_000),
    },
    commit: {
      visitor: new SlidingWindow(limits.commitsPer10MinPerVisitor, 600_000),
      address: new SlidingWindow(limits.commitsPer10MinPerAddress, 600_000),
    },
    code: {
      visitor: new SlidingWindow(limits.codesPerMinutePerVisitor, 60_000),
      address: new SlidingWindow(limits.codesPerMinutePerAddress, 60_000),
    },
  };
  const guardCall = async (kind: GuardKind, request: FastifyRequest) => {
    const visitor = requireVisitor(request);
    const now = app.deps.clock.now();
    const wait =
      windows[kind].address.hit(request.clientAddress, now) ??
      windows[kind].visitor.hit(visitor, now) ??
      null;
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
