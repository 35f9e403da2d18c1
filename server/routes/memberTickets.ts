import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  MemberTicketsAnswerSchema,
  MemberTicketsParamsSchema,
} from '../../src/api/contract/memberTickets.ts';
import { memberTickets } from '../services/catalogue/memberTickets.ts';
import { sessionCustomer } from './customer.ts';

/**
 * Members in the seat order (issue 16): the member tickets the logged-in customer's members may buy for
 * a presentation. Per customer and never cached; logged out it answers an empty list.
 */
export const memberTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings } = app.deps;

  app.get(
    '/presentations/:id/member-tickets',
    {
      schema: {
        tags: ['presentations'],
        summary: "The member tickets of the logged-in customer's members for a presentation",
        description:
          'Each member of a membership whose member tickets the presentation sells, with where it stands ' +
          '(running, expired, not started; tickets left of its balance; points), and each member ticket ' +
          'offered to each such member. Logged out: empty lists.',
        params: MemberTicketsParamsSchema,
        response: { 200: MemberTicketsAnswerSchema, '4xx': ApiErrorSchema, '5xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const customer = await sessionCustomer(request);
      return memberTickets(db.kysely, request.params.id, customer, clock.now(), settings.timeZone);
    },
  );
};
