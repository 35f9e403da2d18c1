import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  MenuAnswerSchema,
  SessionAnswerSchema,
  SettingsAnswerSchema,
} from '../../src/api/contract/session.ts';
import { shopMenu } from '../services/menu/shopMenu.ts';
import { requireIssuedVisitor } from '../services/visitors/visitor.ts';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings, db, clock } = app.deps;
  app.get(
    '/session',
    {
      schema: {
        tags: ['session'],
        summary: 'The anonymous visitor uuid (also set as an HttpOnly cookie on the first visit)',
        description:
          'New ids are issued to one client address at most LIMIT_VISITOR_IDS_PER_MINUTE_PER_ADDRESS ' +
          'times a minute; beyond, 429 too_many_attempts with Retry-After.',
        response: { 200: SessionAnswerSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { uuid: requireIssuedVisitor(request) };
    },
  );

  app.get(
    '/settings',
    {
      schema: {
        tags: ['session'],
        summary:
          'Shop settings: locales, currency, seat-map colours, customer-info fields, payments, flow texts',
        response: { 200: SettingsAnswerSchema },
      },
    },
    async () => settings,
  );

  app.get(
    '/menu',
    {
      schema: {
        tags: ['session'],
        summary: 'The header menu: the entries of settings.menu that have something for sale now',
        description:
          'Gift cards and vouchers, memberships, donations, video on demand: each while the venue lists it ' +
          'and its page has something to buy. Kept 10 s; the shop asks once, when it starts.',
        response: { 200: MenuAnswerSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { entries: await shopMenu(db.kysely, settings, () => clock.now()) };
    },
  );
};
