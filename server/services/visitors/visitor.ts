import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guardCountsRepository } from '../../db/repositories/guardCounts.ts';
import { AppError, tooManyAttempts } from '../../errors.ts';
import { fixedWindow, SlidingWindow } from './slidingWindow.ts';
import { isIssuedVisitorId, issueVisitorId } from './visitorId.ts';

export const VISITOR_COOKIE = 'uuid';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is the same for everyone (hot, cacheable): no visitor cookie is issued on it. */
    shared?: boolean;
  }
}
const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * Issues the anonymous visitor uuid (spec section 6) in an HttpOnly, SameSite cookie on the first
 * visit. The shop learns it from GET /api/session and sends it in the `uuid` header on every call.
 * Only ids the box office issued count (visitorId.ts); a cookie holding any other id gets a new one.
 * Registered without encapsulation so the hook covers every route.
 */
export async function visitorCookie(app: FastifyInstance): Promise<void> {
  app.decorateRequest('visitorCookieUuid', '');
  app.decorateRequest('visitorIdWaitMs', 0);
  // Minting ids costs something (issue 32): an id is free to make, and each new one used to mean a new
  // allowance of seats. Counted like the call rates: in this process's memory, or with LIMITS_SHARED in
  // the database for every process and host (abuse.ts); the hard limits, seats held per address, are
  // counted in the database either way.
  const mint = mintCounter(app);
  app.addHook('onRequest', async (request, reply) => {
    const fromCookie = request.cookies[VISITOR_COOKIE];
    if (fromCookie && isIssuedVisitorId(app.deps.visitorKey, fromCookie)) {
      request.visitorCookieUuid = fromCookie.toLowerCase();
      return;
    }
    // A shared, cacheable answer (the events board, a plan, a status map) sets no cookie: a CDN keeps no
    // answer that sets one, and these calls need no visitor (GET /api/session hands it out).
    if (request.routeOptions.config.shared) return;
    // A caller without the cookie that sends an id the box office issued (an API client, a tab whose
    // cookie was cleared) keeps that id: nothing new is minted, so nothing is counted.
    const header = request.headers.uuid;
    if (typeof header === 'string' && isIssuedVisitorId(app.deps.visitorKey, header)) {
      request.visitorCookieUuid = header.toLowerCase();
      setVisitorCookie(reply, request.visitorCookieUuid);
      return;
    }
    // Over the address's rate the call goes on without an id (a page still loads); GET /api/session
    // answers too_many_attempts with the wait (`requireIssuedVisitor`).
    const wait = await mint(request.clientAddress, app.deps.clock.now());
    if (wait !== null) {
      request.visitorIdWaitMs = wait;
      return;
    }
    const uuid = issueVisitorId(app.deps.visitorKey);
    request.visitorCookieUuid = uuid;
    setVisitorCookie(reply, uuid);
  });
  const setVisitorCookie = (reply: FastifyReply, uuid: string) =>
    reply.setCookie(VISITOR_COOKIE, uuid, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.deps.config.cookieSecure,
      maxAge: ONE_YEAR_S,
    });
}
/**
 * The wait before the address may be given another id (null: now). Shared, one statement per cookie-less
 * call; while the database cannot be reached the process counts alone, so that a page still loads.
 */
function mintCounter(app: FastifyInstance): (address: string, now: number) => Promise<number | null> {
  const { limits } = app.deps.config;
  const alone = new SlidingWindow(limits.visitorIdsPerMinutePerAddress, 60_000);
  if (!limits.shared) return async (address, now) => alone.hit(address, now);
  const counts = guardCountsRepository(app.deps.db);
  return async (address, now) => {
    const window = fixedWindow(now, 60_000);
    try {
      const [n = 0] = await counts.count([{ bucket: 'visitor_id:address', key: address }], window);
      return n > limits.visitorIdsPerMinutePerAddress ? window.end - now : null;
    } catch {
      return alone.hit(address, now);
    }
  };
}

// Without fastify-plugin's symbol the hook would stay inside its own context.
(visitorCookie as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** The visitor id of the cookie, or of this answer's new cookie; too_many_attempts when none was issued. */
export function requireIssuedVisitor(request: FastifyRequest): string {
  if (request.visitorCookieUuid) return request.visitorCookieUuid;
  throw tooManyAttempts('too many new visitors from this address', request.visitorIdWaitMs);
}

/**
 * The visitor of a seat call: the `uuid` header is required and must be an id the box office issued
 * (GET /api/session hands one out); anything else is refused with visitor_required.
 */
export function requireVisitor(request: FastifyRequest): string {
  const header = request.headers.uuid;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value)
    throw new AppError('visitor_required', 'send the visitor uuid in the uuid header (GET /api/session)');
  if (!isIssuedVisitorId(request.server.deps.visitorKey, value))
    throw new AppError('visitor_required', 'the uuid header is not a visitor id this box office issued');
  return value.toLowerCase();
}

/** The visitor when the call may come without one (an id the box office did not issue counts as none). */
export function optionalVisitor(request: FastifyRequest): string | undefined {
  const header = request.headers.uuid;
  const value = Array.isArray(header) ? header[0] : header;
  return value && isIssuedVisitorId(request.server.deps.visitorKey, value) ? value.toLowerCase() : undefined;
}
