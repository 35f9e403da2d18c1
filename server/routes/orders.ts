import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  CommitAnswerSchema,
  CommitBodySchema,
  DocumentParamsSchema,
  ExtendLockAnswerSchema,
  ExtendLockBodySchema,
  OrderDocumentSchema,
} from '../../src/api/contract/order.ts';
import { AppError } from '../errors.ts';
import { commitOrder } from '../services/orders/commit.ts';
import { loadOrderDocument } from '../services/orders/documents.ts';
import { extendLocks } from '../services/seating/seats.ts';
import { requireVisitor } from '../services/visitors/visitor.ts';
import { sessionCustomer } from './customer.ts';

const IdempotencyKey = z.uuid();

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, payments, settings } = app.deps;

  app.post(
    '/payment/commit',
    {
      schema: {
        tags: ['orders'],
        summary: 'Pays for the cart and records the order (Idempotency-Key header: a uuid per attempt)',
        description:
          'Re-checks the seat locks, recomputes every price, charges the card and marks the seats sold, ' +
          'in one transaction. The same Idempotency-Key answers the first outcome again, without a second charge.',
        body: CommitBodySchema,
        response: { 200: CommitAnswerSchema, '4xx': ApiErrorSchema, '5xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const visitor = requireVisitor(request);
      const header = request.headers['idempotency-key'];
      const key = IdempotencyKey.safeParse(Array.isArray(header) ? header[0] : header);
      if (!key.success) throw new AppError('formValidation', 'send a uuid in the Idempotency-Key header');
      return commitOrder(
        {
          db: db.kysely,
          dialect: db.dialect,
          payments,
          settings,
          now: clock.now(),
          accountId: await sessionCustomer(request),
        },
        visitor,
        key.data,
        request.body,
      );
    },
  );

  app.get(
    '/edocument/:documentKey',
    {
      schema: {
        tags: ['orders'],
        summary: 'The electronic ticket of an order, by its unguessable document key',
        params: DocumentParamsSchema,
        response: { 200: OrderDocumentSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const doc = await loadOrderDocument(db.kysely, { documentKey: request.params.documentKey });
      if (!doc) throw new AppError('order_not_found', 'no such electronic ticket');
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
