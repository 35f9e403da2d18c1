import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StaffIdParamsSchema,
  StaffPasswordGivenSchema,
  StaffUserCreateSchema,
  StaffUserSchema,
  StaffUsersAnswerSchema,
  StaffUserUpdateSchema,
} from '../../../src/api/contract/admin.ts';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import {
  createStaffUser,
  listStaffUsers,
  resetStaffPassword,
  updateStaffUser,
} from '../../services/staff/users.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];

/** Admins manage the staff: add, rename, change the role, deactivate, hand over a new password. */
export const adminStaffUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/staff-users',
    {
      schema: {
        tags,
        summary: 'Admins: the staff users',
        response: { 200: StaffUsersAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, ['admin']);
      reply.header('cache-control', 'private, no-store');
      return { users: await listStaffUsers(db.kysely) };
    },
  );

  app.post(
    '/staff-users',
    {
      schema: {
        tags,
        summary: 'Admins: adds a staff user; answers a temporary password once',
        body: StaffUserCreateSchema,
        response: { 201: StaffPasswordGivenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, ['admin']);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await createStaffUser(db.kysely, actor, request.body, clock.now()));
    },
  );

  app.patch(
    '/staff-users/:id',
    {
      schema: {
        tags,
        summary:
          'Admins: renames a staff user, changes the role, deactivates (ending their sessions) or reactivates',
        params: StaffIdParamsSchema,
        body: StaffUserUpdateSchema,
        response: { 200: StaffUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { principal, actor } = await adminCaller(request, ['admin']);
      reply.header('cache-control', 'no-store');
      return updateStaffUser(db.kysely, principal, actor, request.params.id, request.body, clock.now());
    },
  );

  app.post(
    '/staff-users/:id/password-reset',
    {
      schema: {
        tags,
        summary:
          'Admins: gives a staff user a new temporary password (answered once) and ends their sessions',
        params: StaffIdParamsSchema,
        response: { 200: StaffPasswordGivenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, ['admin']);
      reply.header('cache-control', 'no-store');
      return resetStaffPassword(db.kysely, actor, request.params.id, clock.now());
    },
  );
};
