import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CounterSaleAnswerSchema, CounterSaleBodySchema } from '../../../src/api/contract/counterSale.ts';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import { rateEventsRepository } from '../../db/repositories/rateEvents.ts';
import { AppError } from '../../errors.ts';
import { sellAtCounter } from '../../services/counter/sale.ts';
import { countedAttempt } from '../../services/customers/rateLimit.ts';
import { requireVisitor } from '../../services/visitors/visitor.ts';
import { checkoutDeps, isUnknownCode, VOUCHER_MISSES_PER_ADDRESS } from '../checkout.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
const SELLERS = ['box_office', 'manager'] as const;
const IdempotencyKey = z.uuid();

/** The counter (issue 36): a clerk sells seats and products and takes the money at the window. */
export const adminCounterRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = checkoutDeps(app);
  const { db, clock } = app.deps;

  app.post(
    '/counter/sales',
    {
      schema: {
        tags,
        summary: 'Box office: sells a cart at the counter, paid by cash, a card on the terminal, gift cards',
        description:
          'The seats are held by the `uuid` header’s visitor through the shop’s seat calls, so the counter and ' +
          'the web compete for the same locks. Every line is checked as an online order’s is; the payments ' +
          'must pay the total exactly (counter_payment_mismatch, cash_tendered_short); the order is paid at ' +
          'once, a box-office sale of the clerk, whose shift takes the money. A staff user only: an API token ' +
          'has no drawer (counter_clerk_only). The same Idempotency-Key (a uuid) answers the first sale again.',
        body: CounterSaleBodySchema,
        response: { 201: CounterSaleAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { principal } = await adminCaller(request, SELLERS);
      // The money goes into a clerk's drawer and the cash-up counts it against their shift.
      if (principal.kind !== 'user')
        throw new AppError('counter_clerk_only', 'a staff user logged in at the counter takes the money');
      const visitor = requireVisitor(request);
      const header = request.headers['idempotency-key'];
      const key = IdempotencyKey.safeParse(Array.isArray(header) ? header[0] : header);
      if (!key.success) throw new AppError('formValidation', 'send a uuid in the Idempotency-Key header');
      const clerk = { id: principal.id, username: principal.username, displayName: principal.displayName };
      const from = { address: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
      const sell = () => sellAtCounter(deps, clerk, visitor, key.data, request.body, from);
      reply.header('cache-control', 'no-store').code(201);
      if (!request.body.payments.some((p) => p.method === 'giftCard')) return sell();
      // Gift card codes are bearer secrets, tried here as at the shop's checkout: misses are counted.
      return countedAttempt(
        { db: db.kysely, rateEvents: rateEventsRepository(db) },
        VOUCHER_MISSES_PER_ADDRESS,
        request.clientAddress,
        clock.now(),
        sell,
        isUnknownCode,
      );
    },
  );
};
