import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  QueueJoinBodySchema,
  QueueParamsSchema,
  type QueueStatus,
  QueueStatusSchema,
} from '../../src/api/contract/waitingRoom.ts';
import { optionalVisitor, requireIssuedVisitor } from '../services/visitors/visitor.ts';
import {
  PASS_COOKIE,
  PLACE_COOKIE,
  passExpiry,
  readPlace,
  signPass,
  signPlace,
} from '../services/waitingRoom/pass.ts';
import { issuePass, joinQueue, placeOf, standing } from '../services/waitingRoom/queue.ts';

const errors = { '4xx': ApiErrorSchema };
const DAY_S = 24 * 3600;

/**
 * The waiting room as a visitor meets it (issue 40): take a place, then ask where it stands until it is
 * let in with an admission pass. A waiting visitor's poll is answered from the signed place cookie and
 * the room's shared state, without a query; the database is asked once a place (a join, the opening's
 * draw, the admission).
 */
export const waitingRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, waitingRooms, waitingRoomKey: key } = app.deps;
  const cookie = { path: '/api', httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    presentationId: number,
    join: { again: boolean } | null,
  ): Promise<QueueStatus> {
    reply.header('cache-control', 'no-store');
    const room = await waitingRooms.forPresentation(presentationId);
    if (!room || room.active !== 1) return { state: 'none' };
    // The uuid header, or the visitor cookie it comes from: the page asks before the shop has its session.
    const visitor = optionalVisitor(request) ?? requireIssuedVisitor(request);
    const now = clock.now();
    const passUntil = passExpiry(key, room.id, visitor, request.cookies[`${PASS_COOKIE}${room.id}`], now);
    if (!join?.again && passUntil !== null)
      return { state: 'admitted', passExpiresAt: new Date(passUntil).toISOString() };
    let position = readPlace(key, room.id, visitor, request.cookies[`${PLACE_COOKIE}${room.id}`]);
    let passedAt: number | null = null;
    // The database is asked for a place it does not know from the cookie: a first join, joining again,
    // a cookie lost, or a place drawn at the opening since (a reload of the page keeps to the cookie).
    if (join?.again || position === undefined || (position === null && room.drawn === 1)) {
      // A join that finds the visitor's place answers it (the insert does nothing).
      const place = join
        ? await joinQueue(db.kysely, room, visitor, now, join.again)
        : await placeOf(db.kysely, room.id, visitor);
      if (!place) return { state: 'outside' };
      ({ position, passedAt } = place);
      reply.setCookie(`${PLACE_COOKIE}${room.id}`, signPlace(key, room.id, visitor, position), {
        ...cookie,
        maxAge: DAY_S,
      });
    }
    const stands = standing(room, position, now);
    if (stands.state === 'admitted') {
      passedAt ??= await issuePass(db.kysely, room.id, visitor, now);
      const expires = passedAt + room.pass_minutes * 60_000;
      if (expires <= now) return { state: 'expired' };
      reply.setCookie(`${PASS_COOKIE}${room.id}`, signPass(key, room.id, visitor, expires), {
        ...cookie,
        maxAge: Math.ceil((expires - now) / 1000),
      });
      return { state: 'admitted', passExpiresAt: new Date(expires).toISOString() };
    }
    return {
      ...stands,
      admittedPerMinute: room.measured_per_minute,
      opensAt: new Date(room.opens_at).toISOString(),
    };
  }

  app.get(
    '/queue/:presentationId',
    {
      schema: {
        tags: ['waiting room'],
        summary: "Where the visitor's place in the presentation's waiting room stands",
        description:
          'none: no room is in force (buy as usual); outside: take a place (POST); waiting: the place, how many ' +
          'are ahead and the honest estimate, and when to ask again (pollMs); admitted: the admission pass is set ' +
          '(an HttpOnly cookie every seat lock and checkout of the room checks); expired: the pass ran out.',
        params: QueueParamsSchema,
        response: { 200: QueueStatusSchema, ...errors },
      },
    },
    async (request, reply) => answer(request, reply, request.params.presentationId, null),
  );

  app.post(
    '/queue/:presentationId',
    {
      schema: {
        tags: ['waiting room'],
        summary: 'Takes a place in the waiting room (one per visitor: a second tab or a reload keeps it)',
        params: QueueParamsSchema,
        body: QueueJoinBodySchema,
        response: { 200: QueueStatusSchema, ...errors },
      },
    },
    async (request, reply) =>
      answer(request, reply, request.params.presentationId, { again: request.body.again }),
  );
};
