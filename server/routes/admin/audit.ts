import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditAnswerSchema, AuditQuerySchema } from '../../../src/api/contract/admin.ts';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import { listAudit } from '../../services/audit/log.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };

/** The audit log: admins and managers read every back-office change, by object and by person. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins and managers: the back office’s changes, newest first, by object and by person',
        querystring: AuditQuerySchema,
        response: { 200: AuditAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, ['admin', 'manager']);
      reply.header('cache-control', 'private, no-store');
      return listAudit(app.deps.db.kysely, request.query);
    },
  );
};
