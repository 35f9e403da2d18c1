import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { SeatplanQuerySchema, SeatplanSchema } from '../../src/api/contract/seatplan.ts';
import {
  LockSeatAnswerSchema,
  LockSeatBodySchema,
  type SeatsStatus,
  SeatsStatusAnswerSchema,
  SeatsStatusQuerySchema,
  UnlockSeatAnswerSchema,
  UnlockSeatBodySchema,
} from '../../src/api/contract/seats.ts';
import { HotBody, sendHot } from '../http/hotBody.ts';
import { PartnerLookups } from '../services/partners/lookups.ts';
import { TtlCache } from '../ttlCache.ts';
import { assertOnSale } from '../services/catalogue/presentations.ts';
import { assertSoldHere } from '../services/catalogue/scope.ts';
import { AppError } from '../errors.ts';
import { getSeatplanJson, planColumns } from '../services/catalogue/seatplans.ts';
import { COLUMNS_TYPE } from '../../workers/seatplan/columns.ts';
import { lockSeat, unlockSeat } from '../services/seating/seats.ts';
import { optionalVisitor, requireVisitor } from '../services/visitors/visitor.ts';

export const seatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, settings, live } = app.deps;
  // Plans do not change once stored: one answer per plan, revalidated by ETag after five minutes.
  const plans = new TtlCache<string, HotBody>(3_600_000, Date.now, 200);
  // The status map's shared answer (no seats of the asking visitor) per snapshot version.
  const statusBodies = new WeakMap<object, { version: number; body: HotBody }>();
  const partners = new PartnerLookups(db.kysely, config.hotCacheMs, () => clock.now());

  app.get(
    '/seats/seatplanV2',
    {
      config: { shared: true },
      schema: {
        tags: ['seats'],
        summary: 'The seat plan: sections S → groups G → rows R → seats S',
        querystring: SeatplanQuerySchema,
        response: { 200: SeatplanSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { venueId, seatplanId } = request.query;
      // Stored already validated; sent as stored instead of re-validating 20,000+ seats.
      const body = await plans.get(
        `${venueId}/${seatplanId}`,
        async () => new HotBody(await getSeatplanJson(db.kysely, venueId, seatplanId)),
      );
      return sendHot(request, reply, body, 'public, max-age=300');
    },
  );

  // The same plans in columns (workers/seatplan/columns.ts), what the shop's seat map reads: built once
  // per plan by the map's own parser, ETag and compression as the JSON's.
  const columns = new TtlCache<string, HotBody>(3_600_000, Date.now, 200);
  app.get(
    '/seats/seatplan-columns',
    {
      config: { shared: true },
      schema: {
        tags: ['seats'],
        summary: "The seat plan in columns: the seat map's compact binary form of /seats/seatplanV2",
        description:
          `${COLUMNS_TYPE}: "SPC1", a little-endian uint32 head length, a JSON head (sections, rows, ` +
          'group placements, seat names, column offsets), then one typed array per seat attribute.',
        querystring: SeatplanQuerySchema,
        produces: [COLUMNS_TYPE],
        response: { '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { venueId, seatplanId } = request.query;
      const body = await columns.get(
        `${venueId}/${seatplanId}`,
        async () => new HotBody(planColumns(await getSeatplanJson(db.kysely, venueId, seatplanId))),
      );
      return sendHot(request, reply, body, 'public, max-age=300', {
        type: COLUMNS_TYPE,
        vary: 'accept-encoding',
      });
    },
  );

  app.get(
    '/seats/seats-statusV2',
    {
      config: { shared: true },
      schema: {
        tags: ['seats'],
        summary: 'Free seats of a presentation, keyed section_x_y → "ticketGroup,allocation"',
        querystring: SeatsStatusQuerySchema,
        response: { 200: SeatsStatusAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // Through a mini-site: one it sells (eventError otherwise); the map itself is everyone's.
      if (q.miniSiteUrl !== undefined) await partners.forPresentation(q, q.presentationId);
      const snap = await live.read(q.presentationId);
      const now = clock.now();
      assertOnSale(snap.row, now);
      if (snap.row.venue_type_id !== q.venueTypeId || (snap.row.is_reserved === 1) !== q.isReserved)
        throw new AppError('formValidation', 'venueTypeId or isReserved does not match the presentation');
      const visitor = optionalVisitor(request);
      const held = visitor ? snap.heldBy(visitor, now) : [];
      reply.header('x-status-version', live.version);
      const seats = snap.seatsJson(q.sectionId);
      if (held.length === 0 && q.sectionId === undefined) {
        let cached = statusBodies.get(snap);
        if (cached?.version !== snap.version) {
          cached = { version: snap.version, body: new HotBody(`{"seats":${seats},"held":[]}`, 4) };
          statusBodies.set(snap, cached);
        }
        return sendHot(request, reply, cached.body, 'no-cache');
      }
      // This visitor's own seats, or one section: made for this request.
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(`{"seats":${seats},"held":${JSON.stringify(held)}}` as unknown as SeatsStatus);
    },
  );

  app.put(
    '/seats/lock-seat',
    {
      config: { guard: 'lock' },
      schema: {
        tags: ['seats'],
        summary:
          'Locks a seat for the visitor (uuid header); general admission: the server picks it; ' +
          'with `replaces`, a swap at the seat cap',
        body: LockSeatBodySchema,
        response: { 200: LockSeatAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request) => {
      const { seat, replaces } = request.body;
      // A sale with a waiting room in force: only with its admission pass (issue 40).
      await app.assertAdmitted(request, [
        seat.PresentationId,
        ...(replaces ?? []).map((r) => r.PresentationId),
      ]);
      return lockSeat(db.kysely, seat, requireVisitor(request), {
        now: clock.now(),
        maxSeats: config.maxSeatsPerTransaction,
        replaces,
        assertSold: (p) => assertSoldHere(settings, p),
        holder: { address: request.clientAddress, limits: config.limits },
      });
    },
  );

  app.put(
    '/seats/unlock-seat',
    {
      config: { guard: 'lock' },
      schema: {
        tags: ['seats'],
        summary: 'Releases a seat the visitor holds',
        body: UnlockSeatBodySchema,
        response: { 200: UnlockSeatAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request) => unlockSeat(db.kysely, request.body.seat, requireVisitor(request), clock.now()),
  );
};
