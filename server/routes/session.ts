import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supportedLocales } from '../../src/api/contract/common.ts';
import { SessionAnswerSchema, SettingsAnswerSchema } from '../../src/api/contract/session.ts';
import { DEFAULT_COLORS } from '../../workers/seatplan/style.ts';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: 'Shop settings: enabled locales, currency, seat-map colours',
        response: { 200: SettingsAnswerSchema },
      },
    },
    async () => {
      const { config } = app.deps;
      return {
        locales: {
          supported: [...supportedLocales],
          enabled: config.enabledLocales,
          default: config.defaultLocale,
          fallback: 'he' as const,
        },
        currency: { code: 'ILS', symbol: '₪', decimals: 2 },
        country: 'IL',
        timeZone: 'Asia/Jerusalem',
        maxSeatsPerTransaction: config.maxSeatsPerTransaction,
        seatplan: {
          colors: { ...DEFAULT_COLORS },
          legendMode: 'full' as const,
          colorMode: 'ticketGroup' as const,
        },
        authRequired: false,
      };
    },
  );
};
