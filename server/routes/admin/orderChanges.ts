import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import {
  ExchangeAnswerSchema,
  ExchangeQuoteSchema,
  ExchangeRequestSchema,
  ExchangeSelectionSchema,
  RefundAnswerSchema,
  RefundQuoteSchema,
  RefundRequestSchema,
  RefundSelectionSchema,
} from '../../../src/api/contract/orderChanges.ts';
import type { StaffPrincipal } from '../../services/staff/principal.ts';
import { exchangeTickets, quoteExchange } from '../../services/orders/changes/exchange.ts';
import { quoteRefund, refundOrder } from '../../services/orders/changes/refund.ts';
import { requireVisitor } from '../../services/visitors/visitor.ts';
import { checkoutDeps } from '../checkout.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
/** Serving customers: the box office and managers (admins may do everything). */
const SERVING = ['box_office', 'manager'] as const;
const Params = z.object({ reservationIdentifier: z.string().trim().min(1).max(40) });

/** A staff user gives cash back from their own drawer; an API token has none. */
const clerkOf = (p: StaffPrincipal) =>
  p.kind === 'user' ? { id: p.id, username: p.username, displayName: p.displayName } : null;

/**
 * Staff refunds and exchanges of an order (issue 36): quotes that change nothing, then the change itself.
 * Money goes back to the payments it came from; what was paid at the counter is given back there.
 */
export const adminOrderChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = checkoutDeps(app);

  app.post(
    '/orders/:reservationIdentifier/refund-quote',
    {
      schema: {
        tags,
        summary: 'Box office: what refunding the whole order or chosen lines gives back, and where',
        params: Params,
        body: RefundSelectionSchema,
        response: { 200: RefundQuoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, SERVING);
      reply.header('cache-control', 'private, no-store');
      return quoteRefund(deps, request.params.reservationIdentifier, request.body);
    },
  );

  app.post(
    '/orders/:reservationIdentifier/refunds',
    {
      schema: {
        tags,
        summary: 'Box office: refunds the whole order or chosen lines, with the fee or with it waived',
        params: Params,
        body: RefundRequestSchema,
        response: { 200: RefundAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { principal, actor } = await adminCaller(request, SERVING);
      return refundOrder(
        deps,
        { actor, clerk: clerkOf(principal) },
        request.params.reservationIdentifier,
        request.body,
      );
    },
  );

  app.post(
    '/orders/:reservationIdentifier/exchange-quote',
    {
      schema: {
        tags,
        summary: 'Box office: what exchanging tickets to seats held under `uuid` would cost or give back',
        params: Params,
        body: ExchangeSelectionSchema,
        response: { 200: ExchangeQuoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, SERVING);
      reply.header('cache-control', 'private, no-store');
      return quoteExchange(deps, request.params.reservationIdentifier, request.body, requireVisitor(request));
    },
  );

  app.post(
    '/orders/:reservationIdentifier/exchanges',
    {
      schema: {
        tags,
        summary: 'Box office: moves tickets to seats held under `uuid` at a presentation of the same feature',
        params: Params,
        body: ExchangeRequestSchema,
        response: { 200: ExchangeAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { principal, actor } = await adminCaller(request, SERVING);
      return exchangeTickets(
        deps,
        { actor, clerk: clerkOf(principal) },
        request.params.reservationIdentifier,
        request.body,
        requireVisitor(request),
      );
    },
  );
};
