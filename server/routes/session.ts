import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionAnswerSchema, SettingsAnswerSchema } from '../../src/api/contract/session.ts';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.deps;
  app.get(
    '/session',
    {
      schema: {
        tags: ['session'],
        summary: 'The anonymous visitor uuid (also set as an HttpOnly cookie on the first visit)',
        response: { 200: SessionAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { uuid: request.visitorCookieUuid };
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
};
