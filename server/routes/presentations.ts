import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { PresentationWithCodesSchema, TicketCodesQuerySchema } from '../../src/api/contract/vouchers.ts';
import {
  PresentationParamsSchema,
  PresentationQuerySchema,
  PresentationsAnswerSchema,
  PresentationsQuerySchema,
  TicketGroupsAnswerSchema,
  TicketGroupsQuerySchema,
} from '../../src/api/contract/presentations.ts';
import {
  getPresentation,
  getSellablePresentation,
  listed,
  listPresentations,
} from '../services/catalogue/presentations.ts';
import { assertSoldHere, isSoldHere } from '../services/catalogue/scope.ts';
import { getTicketGroups } from '../services/catalogue/ticketGroups.ts';
import { resolveTicketCodes } from '../services/ticketCodes/resolve.ts';
import { HotBody, sendHot } from '../http/hotBody.ts';
import { hasContext } from '../services/partners/context.ts';
import { contextKey, PartnerLookups } from '../services/partners/lookups.ts';
import { partnerTicketGroups } from '../services/partners/ticketGroups.ts';
import { TtlCache } from '../ttlCache.ts';
import { catalogueGeneration } from '../services/catalogue/generation.ts';

export const presentationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings, config } = app.deps;
  // Hot reads (the events board, a presentation, its ticket groups): one answer per key for a moment.
  const now = () => clock.now();
  const boards = new TtlCache<string, HotBody>(config.hotCacheMs, now);
  const presentations = new TtlCache<string, HotBody>(config.hotCacheMs, now);
  const ticketGroups = new TtlCache<string, HotBody>(config.hotCacheMs, now);
  // Every answer is of one catalogue generation: a change (a show scheduled, moved, called off) shows at once.
  const generation = () => catalogueGeneration(db.kysely);
  // A partner's context (mini-site, integration) is resolved and keyed apart; the plain path stays as it was.
  const partners = new PartnerLookups(db.kysely, config.hotCacheMs, now);
  const partnerGroups = new TtlCache<string, HotBody>(config.hotCacheMs, now);

  app.get(
    '/seats/presentations',
    {
      config: { shared: true },
      schema: {
        tags: ['presentations'],
        summary: 'Presentations on sale, optionally of one business date',
        querystring: PresentationsQuerySchema,
        response: { 200: PresentationsAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { date } = request.query;
      const body = await boards.get(
        `${await generation()}:${date ?? ''}`,
        async () =>
          new HotBody(
            JSON.stringify({
              presentations: (await listPresentations(db.kysely, clock.now(), date))
                .filter((p) => isSoldHere(settings, p))
                .map(listed),
            }),
          ),
      );
      return sendHot(request, reply, body, 'no-cache');
    },
  );

  app.get(
    '/presentations/:id',
    {
      config: { shared: true },
      schema: {
        tags: ['presentations'],
        summary: 'One presentation, or event_not_found / sale_not_started / sale_ended',
        description:
          'With `ticketCodes`, also what each code unlocks (vouchers, partner cards, price codes): answered ' +
          'fresh for the caller (an issued visitor, rate-limited per visitor and per address, the captcha ' +
          'token checked when the venue uses one); any code that fails fails the call with its error.',
        params: PresentationParamsSchema,
        querystring: PresentationQuerySchema,
        response: { 200: PresentationWithCodesSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // Through a mini-site: one it sells, or eventError (the answer itself is the same for every context).
      if (hasContext(request.query)) await partners.forPresentation(request.query, id);
      if (request.query.ticketCodes !== undefined) {
        // Codes are the caller's own secrets: counted and checked before any lookup, never cached.
        await app.guardCall('code', request);
        const codes = TicketCodesQuerySchema.parse(request.query.ticketCodes);
        const now = clock.now();
        const p = await getPresentation(db.kysely, id, now);
        assertSoldHere(settings, p);
        const ticketCodes = await resolveTicketCodes(
          { db: db.kysely, now, settings },
          { id, businessDate: p.businessDate },
          codes,
        );
        reply.header('cache-control', 'private, no-store');
        return { ...p, ticketCodes };
      }
      const body = await presentations.get(`${await generation()}:${id}`, async () => {
        const p = await getPresentation(db.kysely, id, clock.now());
        assertSoldHere(settings, p);
        return new HotBody(JSON.stringify(p));
      });
      return sendHot(request, reply, body, 'no-cache');
    },
  );

  app.get(
    '/presentations/:id/ticketGroups',
    {
      config: { shared: true },
      schema: {
        tags: ['presentations'],
        summary: 'Ticket groups (price levels) with their ticket types, and the service charge',
        params: PresentationParamsSchema,
        querystring: TicketGroupsQuerySchema,
        response: { 200: TicketGroupsAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (hasContext(request.query)) {
        const ctx = await partners.forPresentation(request.query, id);
        const body = await partnerGroups.get(`${await generation()}:${id}:${contextKey(ctx)}`, async () => {
          assertSoldHere(settings, await getSellablePresentation(db.kysely, id, clock.now()));
          return new HotBody(JSON.stringify(await partnerTicketGroups(db.kysely, id, clock.now(), ctx)));
        });
        return sendHot(request, reply, body, 'private, no-cache');
      }
      const body = await ticketGroups.get(`${await generation()}:${id}`, async () => {
        if (settings.businessIds !== null || !settings.cart.isVideoCartEnabled)
          assertSoldHere(settings, await getSellablePresentation(db.kysely, id, clock.now()));
        return new HotBody(JSON.stringify(await getTicketGroups(db.kysely, id, clock.now())));
      });
      return sendHot(request, reply, body, 'no-cache');
    },
  );
};
