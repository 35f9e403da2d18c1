import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DonationsAnswerSchema } from '../../src/api/contract/donations.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { donationFunds } from '../services/donations/funds.ts';

export const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/donations',
    {
      schema: {
        tags: ['donations'],
        summary: 'The donation funds: fixed amounts and the custom amount’s bounds',
        description: 'An empty list is noDonations in the shop.',
        response: { 200: DonationsAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return donationFunds(db.kysely);
    },
  );
};
