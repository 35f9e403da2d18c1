import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DoorCountsQuerySchema,
  DoorCountsSchema,
  DoorDownloadQuerySchema,
  DoorDownloadSchema,
  DoorPresentationSchema,
  DoorPresentationsAnswerSchema,
  DoorPresentationsQuerySchema,
  DoorSearchAnswerSchema,
  DoorSearchQuerySchema,
  ScansAnswerSchema,
  ScansBodySchema,
} from '../../../src/api/contract/door.ts';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import { AppError } from '../../errors.ts';
import { audit } from '../../services/audit/log.ts';
import { doorKey } from '../../services/door/keys.ts';
import { doorCounts, doorPresentations, presentationsByIds } from '../../services/door/presentations.ts';
import { redeemScans } from '../../services/door/redeem.ts';
import { downloaded, presentationTickets, searchDoorTickets } from '../../services/door/tickets.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
/** Ushers, and the managers who stand at the door with them. */
const DOOR = ['door', 'manager'] as const;

/**
 * The door (issue 37): the day's presentations, scans redeemed once (deduplicated by nonce), the
 * download a phone decides offline from, live counts and a search by name, order or seat.
 */
export const adminDoorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/door/presentations',
    {
      schema: {
        tags,
        summary: 'Door: the presentations of a business date (today by default) with expected and inside',
        querystring: DoorPresentationsQuerySchema,
        response: { 200: DoorPresentationsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, DOOR);
      reply.headers(noStore);
      return { presentations: await doorPresentations(db.kysely, request.query.date, clock.now()) };
    },
  );

  app.patch(
    '/door/presentations/:id',
    {
      schema: {
        tags,
        summary: 'Door: whether a ticket that went out may come back in (managers)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: z.object({ reentry: z.boolean() }),
        response: { 200: DoorPresentationSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, ['manager']);
      const { id } = request.params;
      const now = clock.now();
      await db.kysely.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('presentations')
          .select('reentry_allowed')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before) throw new AppError('event_not_found', `presentation ${id} does not exist`);
        const reentry = request.body.reentry ? 1 : 0;
        await trx
          .updateTable('presentations')
          .set({ reentry_allowed: reentry })
          .where('id', '=', id)
          .execute();
        await audit(
          trx,
          actor,
          {
            action: 'presentation.reentry',
            objectType: 'presentation',
            objectId: id,
            before: { reentry: before.reentry_allowed === 1 },
            after: { reentry: reentry === 1 },
          },
          now,
        );
      });
      const [presentation] = await presentationsByIds(db.kysely, [id]);
      return presentation!;
    },
  );

  app.post(
    '/door/scans',
    {
      schema: {
        tags,
        summary:
          "Door: redeem scans (one online, or a phone's queue of offline scans), each once by its nonce",
        body: ScansBodySchema,
        response: { 200: ScansAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { principal } = await adminCaller(request, DOOR);
      reply.headers(noStore);
      const key = await doorKey(db.kysely);
      const results = await redeemScans(
        db.kysely,
        key,
        { deviceId: request.body.deviceId, staffId: principal.id },
        request.body.scans,
        clock.now(),
      );
      return { results };
    },
  );

  app.get(
    '/door/download',
    {
      schema: {
        tags,
        summary: "Door: a presentation's tickets (cancelled ones too) and the key that verifies signed codes",
        querystring: DoorDownloadQuerySchema,
        response: { 200: DoorDownloadSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, DOOR);
      reply.headers(noStore);
      const ids = request.query.presentationIds;
      const presentations = await presentationsByIds(db.kysely, ids);
      if (presentations.length !== new Set(ids).size)
        throw new AppError('event_not_found', 'a presentation of the download does not exist');
      const key = await doorKey(db.kysely);
      const tickets = await presentationTickets(db.kysely, ids);
      return {
        generatedAt: new Date(clock.now()).toISOString(),
        publicKey: key.publicRaw,
        presentations,
        tickets: tickets.map(downloaded),
      };
    },
  );

  app.get(
    '/door/counts',
    {
      schema: {
        tags,
        summary: 'Door: expected, inside and arrived per presentation, scans per door, and conflicts',
        querystring: DoorCountsQuerySchema,
        response: { 200: DoorCountsSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, DOOR);
      reply.headers(noStore);
      return doorCounts(db.kysely, request.query.presentationIds);
    },
  );

  app.get(
    '/door/search',
    {
      schema: {
        tags,
        summary: "Door: tickets by the customer's name, the order or ticket number, or the seat (row seat)",
        querystring: DoorSearchQuerySchema,
        response: { 200: DoorSearchAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, DOOR);
      reply.headers(noStore);
      const rows = await searchDoorTickets(db.kysely, request.query.presentationIds, request.query.q);
      return { tickets: rows.map(downloaded) };
    },
  );
};
