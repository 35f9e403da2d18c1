import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EnrollIdParamsSchema,
  EnrollLockAnswerSchema,
  EnrollLockBodySchema,
  EnrollParamsSchema,
  EnrollStatusQuerySchema,
  EnrollUnlockBodySchema,
  EnrolmentMembershipSchema,
  MyEnrolmentSchema,
} from '../../src/api/contract/enrolment.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { SeatplanSchema } from '../../src/api/contract/seatplan.ts';
import { type SeatsStatus, SeatsStatusAnswerSchema } from '../../src/api/contract/seats.ts';
import { AppError } from '../errors.ts';
import { getSeatplanJson } from '../services/catalogue/seatplans.ts';
import { lockEnrolmentSeat, unlockEnrolmentSeat } from '../services/enrolment/locks.ts';
import { loadEnrolmentMembership, myEnrolment } from '../services/enrolment/membership.ts';
import { seatStatusAcross } from '../services/seating/seatsAcross.ts';
import { optionalVisitor, requireVisitor } from '../services/visitors/visitor.ts';
import { requireCustomer, sessionCustomer } from './customer.ts';

/**
 * Fixed-seat season enrolment (spec sections 2 and 7): the enrolment membership, its seat plan, the seat
 * status across the presentations chosen, and the lock and unlock of the subscriber's seat.
 */
export const enrollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const errors = { '4xx': ApiErrorSchema };

  app.get(
    '/enroll/:membershipIdOrCode',
    {
      schema: {
        tags: ['enrolment'],
        summary: 'An enrolment membership for sale, by id or code (GENERAL_ERROR when it is none)',
        description:
          'With a logged-in customer: `previousSeat` (their seat of the previous season) and `alreadyEnrolled`.',
        params: EnrollParamsSchema,
        response: { 200: EnrolmentMembershipSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const customer = await sessionCustomer(request);
      return loadEnrolmentMembership(db.kysely, request.params.membershipIdOrCode, customer);
    },
  );

  app.get(
    '/enroll/:membershipId/seatplan',
    {
      schema: {
        tags: ['enrolment'],
        summary: 'The seat plan of the season (the plan JSON of /seats/seatplanV2)',
        params: EnrollIdParamsSchema,
        response: { 200: SeatplanSchema, ...errors },
      },
    },
    async (request, reply) => {
      const m = await loadEnrolmentMembership(db.kysely, request.params.membershipId, null);
      const body = await getSeatplanJson(db.kysely, m.venueId, m.seatplanId);
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(body as never);
    },
  );

  app.get(
    '/enroll/:membershipId/mine',
    {
      schema: {
        tags: ['enrolment'],
        summary: 'The logged-in customer’s enrolment in the season, with its member number once paid',
        params: EnrollIdParamsSchema,
        response: { 200: MyEnrolmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const customer = await requireCustomer(request);
      const m = await loadEnrolmentMembership(db.kysely, request.params.membershipId, null);
      return myEnrolment(db.kysely, customer, m.SeasonId);
    },
  );

  app.get(
    '/enroll/:membershipId/seats-status',
    {
      schema: {
        tags: ['enrolment'],
        summary: 'Seats free in every one of the presentations named (`presentations=1,2`)',
        description: '`held`: the seats the visitor (uuid header) holds in all of them.',
        params: EnrollIdParamsSchema,
        querystring: EnrollStatusQuerySchema,
        response: { 200: SeatsStatusAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const m = await loadEnrolmentMembership(db.kysely, request.params.membershipId, null);
      const ids = request.query.presentations;
      const own = new Set(m.Presentations.map((p) => p.PresentationId));
      if (!ids.every((id) => own.has(id)))
        throw new AppError('formValidation', 'a presentation named is not in the enrolment');
      const status = await seatStatusAcross(
        db.kysely,
        ids,
        m.seatplanId,
        optionalVisitor(request),
        clock.now(),
      );
      return status as SeatsStatus;
    },
  );

  app.put(
    '/enroll/:membershipId/lock-seat',
    {
      config: { guard: 'lock' },
      schema: {
        tags: ['enrolment'],
        summary:
          'Holds the subscriber’s seat: in every required and chosen optional presentation, all or nothing ' +
          '(without presentationId), or in one presentation (with it)',
        description:
          '`taken` names the presentations where the seat is taken, each with the nearest free seat of the ' +
          'same price level; `selections` the seats held now. ALREADY_ENROLLED for an enrolled customer.',
        params: EnrollIdParamsSchema,
        body: EnrollLockBodySchema,
        response: { 200: EnrollLockAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const visitor = requireVisitor(request);
      const customerId = await sessionCustomer(request);
      const m = await loadEnrolmentMembership(db.kysely, request.params.membershipId, null);
      return lockEnrolmentSeat(db.kysely, m, request.body, {
        now: clock.now(),
        visitor,
        customerId,
        holder: { address: request.clientAddress, limits: config.limits },
      });
    },
  );

  app.put(
    '/enroll/:membershipId/unlock-seat',
    {
      config: { guard: 'lock' },
      schema: {
        tags: ['enrolment'],
        summary: 'Lets go of the seat of one presentation (presentationId), or of all the enrolment’s seats',
        params: EnrollIdParamsSchema,
        body: EnrollUnlockBodySchema,
        response: { 200: EnrollLockAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const visitor = requireVisitor(request);
      const m = await loadEnrolmentMembership(db.kysely, request.params.membershipId, null);
      return unlockEnrolmentSeat(db.kysely, m, request.body, visitor, clock.now());
    },
  );
};
