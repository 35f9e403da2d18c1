import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { type Seatplan, SeatplanQuerySchema, SeatplanSchema } from '../../src/api/contract/seatplan.ts';
import {
  LockSeatAnswerSchema,
  LockSeatBodySchema,
  SeatsStatusAnswerSchema,
  SeatsStatusQuerySchema,
  UnlockSeatAnswerSchema,
  UnlockSeatBodySchema,
} from '../../src/api/contract/seats.ts';
import { assertSoldHere } from '../services/catalogue/scope.ts';
import { getSeatplanJson } from '../services/catalogue/seatplans.ts';
import { lockSeat, seatsStatus, unlockSeat } from '../services/seating/seats.ts';
import { optionalVisitor, requireVisitor } from '../services/visitors/visitor.ts';

export const seatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, settings } = app.deps;

  app.get(
    '/seats/seatplanV2',
    {
      schema: {
        tags: ['seats'],
        summary: 'The seat plan: sections S → groups G → rows R → seats S',
        querystring: SeatplanQuerySchema,
        response: { 200: SeatplanSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const json = await getSeatplanJson(db.kysely, request.query.venueId, request.query.seatplanId);
      // Stored already validated; send the text as is instead of re-validating 20,000+ seats.
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(json as unknown as Seatplan);
    },
  );

  app.get(
    '/seats/seats-statusV2',
    {
      schema: {
        tags: ['seats'],
        summary: 'Free seats of a presentation, keyed section_x_y → "ticketGroup,allocation"',
        querystring: SeatsStatusQuerySchema,
        response: { 200: SeatsStatusAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return seatsStatus(db.kysely, request.query, optionalVisitor(request), clock.now());
    },
  );

  app.put(
    '/seats/lock-seat',
    {
      schema: {
        tags: ['seats'],
        summary:
          'Locks a seat for the visitor (uuid header); general admission: the server picks it; ' +
          'with `replaces`, a swap at the seat cap',
        body: LockSeatBodySchema,
        response: { 200: LockSeatAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request) =>
      lockSeat(db.kysely, request.body.seat, requireVisitor(request), {
        now: clock.now(),
        maxSeats: config.maxSeatsPerTransaction,
        replaces: request.body.replaces,
        assertSold: (p) => assertSoldHere(settings, p),
      }),
  );

  app.put(
    '/seats/unlock-seat',
    {
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
