import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelPaymentAnswerSchema,
  CheckoutAnswerSchema,
  PaymentOrderParamsSchema,
  VoucherBalanceQuerySchema,
  VoucherBalanceSchema,
} from '../../src/api/contract/checkout.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { CommitBodySchema } from '../../src/api/contract/order.ts';
import { rateEventsRepository } from '../db/repositories/rateEvents.ts';
import { AppError } from '../errors.ts';
import { cancelPayment } from '../services/checkout/cancel.ts';
import { commitCheckout } from '../services/checkout/commit.ts';
import { saleLocksRepository } from '../db/repositories/saleLocks.ts';
import type { CheckoutDeps } from '../services/checkout/deps.ts';
import { advanceOrder, loadOrder } from '../services/checkout/settle.ts';
import { voucherBalance } from '../services/checkout/payments/vouchers.ts';
import { countedAttempt, type Limit } from '../services/customers/rateLimit.ts';
import { requireVisitor } from '../services/visitors/visitor.ts';
import { sessionCustomer } from './customer.ts';
import { STAFF_COOKIE } from './staff.ts';
import { staffOfSession } from '../services/staff/auth.ts';

const IdempotencyKey = z.uuid();
const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
/**
 * Voucher codes are bearer secrets: 30 unknown codes per address per 15 minutes, whether asked for at the
 * balance lookup or tried in a commit.
 */
export const VOUCHER_MISSES_PER_ADDRESS: Limit = {
  bucket: 'voucher_address',
  max: 30,
  windowMs: 15 * 60_000,
};
export const isUnknownCode = (err: unknown) => err instanceof AppError && err.code === 'codeNotFound';

export function checkoutDeps(app: FastifyRequest['server']): CheckoutDeps {
  const { db, clock, payments, settings, config } = app.deps;
  return {
    db: db.kysely,
    provider: payments,
    settings,
    clock,
    maxSeatsPerTransaction: config.maxSeatsPerTransaction,
    paymentWindowMs: config.paymentWindowSeconds * 1000,
    authSecret: app.deps.authSecret,
    log: app.log,
    saleLocks: saleLocksRepository(db),
  };
}

/** The order if the request's visitor placed it; order_not_found otherwise (no hint that it exists). */
async function ownPendingOrder(request: FastifyRequest, rid: string) {
  const visitor = requireVisitor(request);
  const order = await loadOrder(request.server.deps.db.kysely, rid).catch(() => null);
  if (!order || order.visitor !== visitor) throw new AppError('order_not_found', 'no such order');
  return order;
}

/** The one checkout (spec section 7, POST /payment/commit) and the calls a payment in progress needs. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = checkoutDeps(app);

  app.post(
    '/payment/commit',
    {
      config: { guard: 'commit' },
      schema: {
        tags: ['checkout'],
        summary:
          'Places the order of any cart and starts its payment (Idempotency-Key header: a uuid per attempt)',
        description:
          'Re-checks every line (seat holds, seat and ticket rules), recomputes every price, and writes a pending order ' +
          'in one short transaction; calls the payment provider outside it; confirms the order in a second short ' +
          'transaction. Answers the completed order, or the action the customer must take (3-D Secure, PayPal, Blik, ' +
          'payment page). The same Idempotency-Key answers the first outcome again, without a second charge; sent with ' +
          "PayPal's approval in `cart.paypal`, it captures that attempt's wallet payment.",
        body: CommitBodySchema,
        response: { 200: CheckoutAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const visitor = requireVisitor(request);
      const header = request.headers['idempotency-key'];
      const key = IdempotencyKey.safeParse(Array.isArray(header) ? header[0] : header);
      if (!key.success) throw new AppError('formValidation', 'send a uuid in the Idempotency-Key header');
      // A staff user logged in at the counter sells at the box office (reports: sales by point of sale),
      // never under the account of a customer who logged in on the same browser before (issue 35).
      const staff = await staffOfSession(
        app.deps.db.kysely,
        request.cookies[STAFF_COOKIE],
        app.deps.clock.now(),
      );
      const account = staff ? null : await sessionCustomer(request);
      // The seats and products of a sale with a waiting room in force: only once let in (issue 40).
      const { seats, products } = request.body.cart;
      if (!staff)
        await app.assertAdmitted(request, [
          ...seats.map((s) => s.pi),
          ...products.flatMap((p) => (p.presentationId === undefined ? [] : [p.presentationId])),
        ]);
      const origin = {
        address: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        staffUsername: staff?.username ?? null,
      };
      const run = () => commitCheckout(deps, visitor, key.data, request.body, account, origin);
      if (request.body.cart.voucherPayments.length === 0) return run();
      const { db, clock } = app.deps;
      return countedAttempt(
        { db: db.kysely, rateEvents: rateEventsRepository(db) },
        VOUCHER_MISSES_PER_ADDRESS,
        request.clientAddress,
        clock.now(),
        run,
        isUnknownCode,
      );
    },
  );

  app.get(
    '/payment/status/:reservationIdentifier',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Where a payment in progress stands (the shop polls it during 3-D Secure and Blik)',
        params: PaymentOrderParamsSchema,
        response: { 200: CheckoutAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await ownPendingOrder(request, request.params.reservationIdentifier);
      return advanceOrder(deps, request.params.reservationIdentifier);
    },
  );

  app.post(
    '/payment/cancel',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Gives up a payment in progress; the seats stay held for the customer',
        body: PaymentOrderParamsSchema,
        response: { 200: CancelPaymentAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await ownPendingOrder(request, request.body.reservationIdentifier);
      return cancelPayment(deps, request.body.reservationIdentifier);
    },
  );

  app.get(
    '/payment/voucher-balance',
    {
      schema: {
        tags: ['checkout'],
        summary: 'What a gift card (stored-value system voucher) can pay now',
        querystring: VoucherBalanceQuerySchema,
        response: { 200: VoucherBalanceSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { db, clock } = app.deps;
      const now = clock.now();
      return countedAttempt(
        { db: db.kysely, rateEvents: rateEventsRepository(db) },
        VOUCHER_MISSES_PER_ADDRESS,
        request.clientAddress,
        now,
        () => voucherBalance(db.kysely, request.query.reference, now),
        isUnknownCode,
      );
    },
  );
};
