import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { VouchersForSaleAnswerSchema } from '../../src/api/contract/vouchers.ts';
import { vouchersForSale } from '../services/vouchers/forSale.ts';

export const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings } = app.deps;

  app.get(
    '/system-vouchers/for-sale',
    {
      schema: {
        tags: ['vouchers'],
        summary: 'The system vouchers for sale and the products the voucher shop sells with them',
        description:
          'Fixed prices, an open price between minPrice and maxPrice, or dates from today on, each with ' +
          'the vouchers left for it (0 when none). An empty list is noVouchers in the shop.',
        response: { 200: VouchersForSaleAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      // The vouchers left for a date change with every order: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return vouchersForSale(db.kysely, settings.timeZone, clock.now());
    },
  );
};
