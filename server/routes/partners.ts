import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  IntegrationAnswerSchema,
  IntegrationQuerySchema,
  MiniSiteParamsSchema,
  MiniSitesAnswerSchema,
  MiniSiteStorefrontSchema,
} from '../../src/api/contract/partners.ts';
import { enterIntegration } from '../services/partners/integration.ts';
import { listMiniSites, miniSiteStorefront } from '../services/partners/miniSites.ts';

/** Partners (issue 20): the mini-sites' list and storefronts, and the signed integration entry. */
export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings } = app.deps;

  app.get(
    '/mini-sites',
    {
      schema: {
        tags: ['partners'],
        summary: "The venue's partner mini-sites (the configured target /mini-site)",
        response: { 200: MiniSitesAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { miniSites: await listMiniSites(db.kysely) };
    },
  );

  app.get(
    '/mini-sites/:slug',
    {
      schema: {
        tags: ['partners'],
        summary: "A mini-site's storefront: its name, logo, kind and the presentations it sells",
        params: MiniSiteParamsSchema,
        response: { 200: MiniSiteStorefrontSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return miniSiteStorefront(db.kysely, settings, request.params.slug, clock.now());
    },
  );

  app.get(
    '/integration',
    {
      schema: {
        tags: ['partners'],
        summary: "A partner's signed entry link (TS, ret, key) → integrationId, or integrationError",
        description:
          'key = hex HMAC-SHA256 of TS (Unix seconds, within 5 minutes of the box office clock) with the ' +
          "partner's secret; ret must be an absolute URL on the partner's return origin.",
        querystring: IntegrationQuerySchema,
        response: { 200: IntegrationAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return enterIntegration(db.kysely, request.query, clock.now());
    },
  );
};
