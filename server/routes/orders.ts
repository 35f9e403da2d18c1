import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  DocumentParamsSchema,
  ExtendLockAnswerSchema,
  ExtendLockBodySchema,
  OrderDocumentSchema,
} from '../../src/api/contract/order.ts';
import { AppError } from '../errors.ts';
import { eDocumentOpenUntil, loadOrderDocument } from '../services/orders/documents.ts';
import { extendLocks } from '../services/seating/seats.ts';
import { requireVisitor } from '../services/visitors/visitor.ts';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings } = app.deps;

  app.get(
    '/edocument/:documentKey',
    {
      schema: {
        tags: ['orders'],
        summary: 'The electronic ticket of an order, by its unguessable document key',
        description:
          'Opens until its last presentation has ended (start plus duration; video on demand: the end ' +
          "of the viewing window) and the venue's e-document grace minutes have passed; then 410 " +
          'edocument_expired.',
        params: DocumentParamsSchema,
        response: { 200: OrderDocumentSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const doc = await loadOrderDocument(
        db.kysely,
        { documentKey: request.params.documentKey },
        clock.now(),
      );
      if (!doc) throw new AppError('order_not_found', 'no such electronic ticket');
      const until = await eDocumentOpenUntil(
        db.kysely,
        doc.reservationIdentifier,
        settings.order.eDocumentGraceMinutes,
      );
      if (until !== null && clock.now() >= until)
        throw new AppError('edocument_expired', 'this electronic ticket no longer opens', {
          expiredAt: new Date(until).toISOString(),
        });
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      return doc;
    },
  );

  app.put(
    '/seats/extend-lock',
    {
      schema: {
        tags: ['seats'],
        summary: "Extends the visitor's seat locks for a presentation, once",
        body: ExtendLockBodySchema,
        response: { 200: ExtendLockAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request) =>
      extendLocks(db.kysely, request.body.presentationId, requireVisitor(request), clock.now()),
  );
};
