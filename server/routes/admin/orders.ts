import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import {
  OrderCustomerBodySchema,
  OrderCustomerSchema,
  OrderParamsSchema,
  OrderResendBodySchema,
  OrderSearchAnswerSchema,
  OrderSearchQuerySchema,
  OrderViewSchema,
} from '../../../src/api/contract/ordersAdmin.ts';
import { StaffOrderMessageSchema } from '../../../src/api/contract/staff.ts';
import { orderSearchRepository } from '../../db/repositories/orderSearch.ts';
import { correctOrderCustomer } from '../../services/orders/admin/customerDetails.ts';
import { loadOrderView } from '../../services/orders/admin/orderView.ts';
import { resendConfirmation } from '../../services/orders/admin/resend.ts';
import { searchOrders } from '../../services/orders/admin/search.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
/** Serving customers: the box office and managers (an admin may do everything). */
const SERVING = ['box_office', 'manager'] as const;

/** Issue 36: finding an order and everything about it; its confirmation sent again; its customer corrected. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings } = app.deps;
  const search = orderSearchRepository(db);
  const currency = settings.currency.code;

  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary:
          'Box office and managers: orders by reservation or ticket number (a QR code), name, phone, e-mail, ' +
          'a card’s last four digits, a gift card or voucher code, show and date; newest first',
        querystring: OrderSearchQuerySchema,
        response: { 200: OrderSearchAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, SERVING);
      reply.header('cache-control', 'private, no-store');
      return searchOrders(db.kysely, search, request.query, currency);
    },
  );

  app.get(
    '/orders/:reservationIdentifier',
    {
      schema: {
        tags,
        summary:
          'Box office and managers: one order, in any state: customer, lines and seats, payments, refunds, ' +
          'staff refunds and exchanges, messages and their delivery, e-ticket and waiver links, history',
        params: OrderParamsSchema,
        response: { 200: OrderViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, SERVING);
      reply.header('cache-control', 'private, no-store');
      return loadOrderView(db.kysely, request.params.reservationIdentifier, currency);
    },
  );

  app.post(
    '/orders/:reservationIdentifier/resend',
    {
      schema: {
        tags,
        summary:
          'Box office and managers: sends the confirmation and e-tickets again by e-mail or SMS, to the ' +
          'order’s address or a corrected one (audited)',
        params: OrderParamsSchema,
        body: OrderResendBodySchema,
        response: { 201: StaffOrderMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, SERVING);
      const { reservationIdentifier } = request.params;
      return reply
        .code(201)
        .send(await resendConfirmation(db.kysely, actor, reservationIdentifier, request.body, clock.now()));
    },
  );

  app.patch(
    '/orders/:reservationIdentifier/customer',
    {
      schema: {
        tags,
        summary:
          'Box office and managers: corrects the name, e-mail or mobile number the order was placed with ' +
          '(checked as at checkout; audited)',
        params: OrderParamsSchema,
        body: OrderCustomerBodySchema,
        response: { 200: OrderCustomerSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, SERVING);
      const { reservationIdentifier } = request.params;
      return correctOrderCustomer(db.kysely, actor, reservationIdentifier, request.body, clock.now());
    },
  );
};
