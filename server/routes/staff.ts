import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  StaffLoginBodySchema,
  StaffMeSchema,
  StaffMessageParamsSchema,
  StaffMessagesAnswerSchema,
  StaffMessagesQuerySchema,
  staffRoles,
} from '../../src/api/contract/staff.ts';
import { StaffPasswordChangeSchema } from '../../src/api/contract/admin.ts';
import { actorOf, meOf } from '../services/staff/principal.ts';
import { changeOwnPassword } from '../services/staff/users.ts';
import { rateEventsRepository } from '../db/repositories/rateEvents.ts';
import {
  assertRole,
  STAFF_SESSION_MS,
  staffLogin,
  staffLogout,
  staffOfSession,
} from '../services/staff/auth.ts';
import { listOrderMessages, retryOrderMessage } from '../services/staff/messages.ts';

export const STAFF_COOKIE = 'staff_session';
const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };

/**
 * The staff area (issue 18): a login of its own (username and password, hashed, rate-limited, an
 * HttpOnly SameSite=Strict cookie apart from customers'), and what staff see. Every staff call answers
 * staff_not_logged_in (401) without a staff session and staff_forbidden (403) for another role.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const events = rateEventsRepository(db);
  const me = (cookie: string | undefined) => staffOfSession(db.kysely, cookie, clock.now());

  app.post(
    '/staff/login',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff login by username and password',
        body: StaffLoginBodySchema,
        response: { 200: StaffMeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { sessionId, me: staff } = await staffLogin(
        db.kysely,
        events,
        request.body,
        request.clientAddress,
        clock.now(),
      );
      reply.setCookie(STAFF_COOKIE, sessionId, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.cookieSecure,
        maxAge: STAFF_SESSION_MS / 1000,
      });
      reply.header('cache-control', 'no-store');
      return meOf(staff);
    },
  );

  app.post(
    '/staff/logout',
    { schema: { tags: ['staff'], summary: 'Ends the staff session' } },
    async (request, reply) => {
      await staffLogout(db.kysely, request.cookies[STAFF_COOKIE]);
      reply.clearCookie(STAFF_COOKIE, { path: '/' });
      return reply.code(204).send();
    },
  );

  app.get(
    '/staff/me',
    {
      schema: {
        tags: ['staff'],
        summary: 'The logged-in staff user',
        response: { 200: StaffMeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const staff = assertRole(await me(request.cookies[STAFF_COOKIE]), staffRoles, {
        allowPasswordChange: true,
      });
      return meOf(staff);
    },
  );

  app.post(
    '/staff/password',
    {
      schema: {
        tags: ['staff'],
        summary: 'The logged-in staff user sets a password of their own (at once after a given one)',
        body: StaffPasswordChangeSchema,
        response: { 200: StaffMeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const staff = assertRole(await me(request.cookies[STAFF_COOKIE]), staffRoles, {
        allowPasswordChange: true,
      });
      await changeOwnPassword(db.kysely, staff, actorOf(staff), request.body, clock.now());
      return { ...meOf(staff), mustChangePassword: false };
    },
  );

  app.get(
    '/staff/messages',
    {
      schema: {
        tags: ['staff'],
        summary: 'Managers: the order confirmations and cancellations sent, waiting or given up',
        querystring: StaffMessagesQuerySchema,
        response: { 200: StaffMessagesAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      assertRole(await me(request.cookies[STAFF_COOKIE]), ['manager']);
      return { messages: await listOrderMessages(db.kysely, request.query.status) };
    },
  );

  app.post(
    '/staff/messages/:id/retry',
    {
      schema: {
        tags: ['staff'],
        summary: 'Managers: sends a message that was given up once more',
        params: StaffMessageParamsSchema,
      },
    },
    async (request, reply) => {
      assertRole(await me(request.cookies[STAFF_COOKIE]), ['manager']);
      await retryOrderMessage(db.kysely, request.params.id, clock.now());
      return reply.code(204).send();
    },
  );
};
