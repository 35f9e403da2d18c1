import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  PresentationParamsSchema,
  PresentationQuerySchema,
  PresentationSchema,
  PresentationsAnswerSchema,
  PresentationsQuerySchema,
  TicketGroupsAnswerSchema,
  TicketGroupsQuerySchema,
} from '../../src/api/contract/presentations.ts';
import {
  getPresentation,
  getSellablePresentation,
  getTicketGroups,
  listPresentations,
} from '../services/catalogue/presentations.ts';
import { assertSoldHere, isSoldHere } from '../services/catalogue/scope.ts';

export const presentationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings } = app.deps;

  app.get(
    '/seats/presentations',
    {
      schema: {
        tags: ['presentations'],
        summary: 'Presentations on sale, optionally of one business date',
        querystring: PresentationsQuerySchema,
        response: { 200: PresentationsAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request) => ({
      presentations: (await listPresentations(db.kysely, clock.now(), request.query.date)).filter((p) =>
        isSoldHere(settings, p),
      ),
    }),
  );

  app.get(
    '/presentations/:id',
    {
      schema: {
        tags: ['presentations'],
        summary: 'One presentation, or event_not_found / sale_not_started / sale_ended',
        params: PresentationParamsSchema,
        querystring: PresentationQuerySchema,
        response: { 200: PresentationSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request) => {
      const p = await getPresentation(db.kysely, request.params.id, clock.now());
      assertSoldHere(settings, p);
      return p;
    },
  );

  app.get(
    '/presentations/:id/ticketGroups',
    {
      schema: {
        tags: ['presentations'],
        summary: 'Ticket groups (price levels) with their ticket types, and the service charge',
        params: PresentationParamsSchema,
        querystring: TicketGroupsQuerySchema,
        response: { 200: TicketGroupsAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (settings.businessIds !== null || !settings.cart.isVideoCartEnabled)
        assertSoldHere(settings, await getSellablePresentation(db.kysely, request.params.id, clock.now()));
      return getTicketGroups(db.kysely, request.params.id, clock.now());
    },
  );
};
