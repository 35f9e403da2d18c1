import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelAnswerSchema,
  CancellationQuoteSchema,
  CustomerDetailsBodySchema,
  CustomerInfoAnswerSchema,
  MagCardParamsSchema,
  MagCardsAnswerSchema,
  ReservationParamsSchema,
  ReservationsAnswerSchema,
  SystemVoucherSchema,
  VideosAnswerSchema,
  VoucherActionBodySchema,
  VoucherCancelAnswerSchema,
  VoucherParamsSchema,
  VouchersAnswerSchema,
} from '../../src/api/contract/customer.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { OwnGiftCardsAnswerSchema } from '../../src/api/contract/vouchers.ts';
import { listOwnGiftCards } from '../services/checkout/payments/ownGiftCards.ts';
import { deleteMagCard, loadCustomerAccount, updateCustomerDetails } from '../services/customers/account.ts';
import { cancellationQuote, cancelReservation } from '../services/customers/area/cancellation.ts';
import type { AreaContext } from '../services/customers/area/context.ts';
import { listReservations } from '../services/customers/area/reservations.ts';
import { listVideos } from '../services/customers/area/videos.ts';
import { cancelVoucher, listVouchers, replaceVoucher } from '../services/customers/area/vouchers.ts';
import { requireCustomer } from './customer.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };

/** The personal area (spec sections 2 and 7): only the logged-in customer's own items, 403 otherwise. */
export const customerAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings, payments, authSecret } = app.deps;
  const ctx = (): AreaContext => ({
    db: db.kysely,
    settings,
    payments,
    now: clock.now(),
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/customer-area/reservations',
    {
      schema: {
        tags: ['customer area'],
        summary: 'Upcoming and past reservations of the logged-in customer',
        response: { 200: ReservationsAnswerSchema, ...errors },
      },
    },
    async (request) => listReservations(ctx(), await requireCustomer(request)),
  );

  app.get(
    '/customer-area/reservations/:reservationIdentifier/cancellation',
    {
      schema: {
        tags: ['customer area'],
        summary: 'What cancelling the reservation costs (fee, kept service charge, refund)',
        params: ReservationParamsSchema,
        response: { 200: CancellationQuoteSchema, ...errors },
      },
    },
    async (request) =>
      cancellationQuote(ctx(), await requireCustomer(request), request.params.reservationIdentifier),
  );

  app.post(
    '/reservations/:reservationIdentifier/cancel',
    {
      schema: {
        tags: ['customer area'],
        summary: 'Cancels a reservation: releases its seats and refunds the card less the fee',
        params: ReservationParamsSchema,
        response: { 200: CancelAnswerSchema, ...errors },
      },
    },
    async (request) =>
      cancelReservation(ctx(), await requireCustomer(request), request.params.reservationIdentifier),
  );

  app.get(
    '/customer-area/system-vouchers',
    {
      schema: {
        tags: ['customer area'],
        summary: "The customer's vouchers with their status",
        response: { 200: VouchersAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      systemVouchers: await listVouchers(ctx(), await requireCustomer(request)),
      replacementDays: settings.customerArea.replacementVoucherDays,
    }),
  );

  app.get(
    '/customer-area/gift-cards',
    {
      schema: {
        tags: ['customer area'],
        summary: "The customer's gift cards that can pay now (masked codes), for the voucher-payment dialog",
        description:
          'Each card has an `id` that pays with it at checkout (voucherPayments[].giftCardId) for this customer ' +
          'only; the code itself is never sent. Cards with no balance, expired or sent as a gift are left out.',
        response: { 200: OwnGiftCardsAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      giftCards: await listOwnGiftCards(db.kysely, authSecret, await requireCustomer(request), clock.now()),
    }),
  );

  app.post(
    '/system-vouchers/:voucherReference/cancel',
    {
      schema: {
        tags: ['customer area'],
        summary: 'Cancels an unused voucher and refunds it',
        params: VoucherParamsSchema,
        body: VoucherActionBodySchema.nullish(),
        response: { 200: VoucherCancelAnswerSchema, ...errors },
      },
    },
    async (request) =>
      cancelVoucher(
        ctx(),
        await requireCustomer(request),
        request.params.voucherReference,
        request.body?.reservationIdentifier,
      ),
  );

  app.post(
    '/system-vouchers/:voucherReference/replacement',
    {
      schema: {
        tags: ['customer area'],
        summary: 'Turns a voucher into a replacement voucher with new dates',
        params: VoucherParamsSchema,
        body: VoucherActionBodySchema.nullish(),
        response: { 200: SystemVoucherSchema, ...errors },
      },
    },
    async (request) =>
      replaceVoucher(
        ctx(),
        await requireCustomer(request),
        request.params.voucherReference,
        request.body?.reservationIdentifier,
      ),
  );

  app.get(
    '/customer-area/videos',
    {
      schema: {
        tags: ['customer area'],
        summary: 'On-demand videos the customer bought',
        response: { 200: VideosAnswerSchema, ...errors },
      },
    },
    async (request) => ({ videos: await listVideos(ctx(), await requireCustomer(request)) }),
  );

  app.delete(
    '/customer/mag-cards/:magCardId',
    {
      schema: {
        tags: ['customer area'],
        summary: 'Deletes a saved card (the provider forgets its token); answers the cards left',
        params: MagCardParamsSchema,
        response: { 200: MagCardsAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      MagCards: await deleteMagCard(
        db.kysely,
        payments,
        await requireCustomer(request),
        request.params.magCardId,
      ),
    }),
  );

  app.put(
    '/customer-area/details',
    {
      schema: {
        tags: ['customer area'],
        summary: 'Changes the personal details (the mobile number is the login and stays)',
        body: CustomerDetailsBodySchema,
        response: { 200: CustomerInfoAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const id = await requireCustomer(request);
      await updateCustomerDetails(db.kysely, settings, id, request.body);
      return { data: { customerInfo: await loadCustomerAccount(db.kysely, id, clock.now()) } };
    },
  );
};
