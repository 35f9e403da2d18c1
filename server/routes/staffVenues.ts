import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LocalizedText } from '../../src/api/contract/common.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  StaffOnlineSalesBodySchema,
  StaffVenueParamsSchema,
  StaffVenueSchema,
  StaffVenuesAnswerSchema,
} from '../../src/api/contract/staffVenues.ts';
import { AppError } from '../errors.ts';
import { updateVenue } from '../services/catalogue/venuesAdmin.ts';
import { assertRole, staffOfSession } from '../services/staff/auth.ts';
import { actorOf } from '../services/staff/principal.ts';
import { STAFF_COOKIE } from './staff.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };

/**
 * Managers turn booking through the site off and on per venue (issue 20, location offline). Off, the box
 * office refuses lock, ticket groups and commit for the venue's presentations with location_offline; the
 * board and the order page say so once their short caches turn over (a few seconds).
 */
export const staffVenueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const manager = async (cookie: string | undefined) =>
    assertRole(await staffOfSession(db.kysely, cookie, clock.now()), ['manager']);

  const list = async (id?: number) => {
    let q = db.kysely
      .selectFrom('venues')
      .select(['id', 'name_json', 'venue_type_id', 'online_sales_enabled'])
      .orderBy('id');
    if (id !== undefined) q = q.where('id', '=', id);
    return (await q.execute()).map((v) => ({
      id: v.id,
      name: JSON.parse(v.name_json) as LocalizedText,
      venueTypeId: v.venue_type_id,
      onlineSalesEnabled: v.online_sales_enabled !== 0,
    }));
  };

  app.get(
    '/staff/venues',
    {
      schema: {
        tags: ['staff'],
        summary: 'Managers: the venues and whether each sells through the site',
        response: { 200: StaffVenuesAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      await manager(request.cookies[STAFF_COOKIE]);
      return { venues: await list() };
    },
  );

  app.put(
    '/staff/venues/:id/online-sales',
    {
      schema: {
        tags: ['staff'],
        summary: 'Managers: turns booking through the site on or off for a venue (location offline)',
        params: StaffVenueParamsSchema,
        body: StaffOnlineSalesBodySchema,
        response: { 200: StaffVenueSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const staff = await manager(request.cookies[STAFF_COOKIE]);
      const { id } = request.params;
      // The back office's one way to change a venue, recorded in the audit log.
      await updateVenue(
        db.kysely,
        actorOf(staff),
        id,
        { onlineSalesEnabled: request.body.enabled },
        clock.now(),
      );
      const [venue] = await list(id);
      if (!venue) throw new AppError('not_found', `venue ${id} does not exist`);
      return venue;
    },
  );
};
