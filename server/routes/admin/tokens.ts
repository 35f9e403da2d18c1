import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StaffIdParamsSchema,
  StaffTokenCreatedSchema,
  StaffTokenCreateSchema,
  StaffTokenSchema,
  StaffTokensAnswerSchema,
} from '../../../src/api/contract/admin.ts';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import { createStaffToken, listStaffTokens, revokeStaffToken } from '../../services/staff/tokens.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];

/** Admins issue and revoke the API tokens of the venue's own systems. */
export const adminTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/tokens',
    {
      schema: {
        tags,
        summary: 'Admins: the API tokens (never their secrets)',
        response: { 200: StaffTokensAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, ['admin']);
      reply.header('cache-control', 'private, no-store');
      return { tokens: await listStaffTokens(db.kysely) };
    },
  );

  app.post(
    '/tokens',
    {
      schema: {
        tags,
        summary: 'Admins: issues an API token with a role and an optional expiry; answers its secret once',
        body: StaffTokenCreateSchema,
        response: { 201: StaffTokenCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, ['admin']);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await createStaffToken(db.kysely, actor, request.body, clock.now()));
    },
  );

  app.delete(
    '/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Admins: revokes an API token; its next call is refused',
        params: StaffIdParamsSchema,
        response: { 200: StaffTokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, ['admin']);
      reply.header('cache-control', 'no-store');
      return revokeStaffToken(db.kysely, actor, request.params.id, clock.now());
    },
  );
};
