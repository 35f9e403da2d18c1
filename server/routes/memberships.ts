import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerInfoAnswerSchema } from '../../src/api/contract/customer.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  MemberLoginBodySchema,
  MemberLookupAnswerSchema,
  MemberLookupBodySchema,
  MembershipAnswerSchema,
  MembershipLockSeatAnswerSchema,
  MembershipLockSeatBodySchema,
  MembershipParamsSchema,
  MembershipQuerySchema,
  MembershipSeatQuerySchema,
  MembershipsAnswerSchema,
} from '../../src/api/contract/memberships.ts';
import { SeatplanSchema } from '../../src/api/contract/seatplan.ts';
import { type SeatsStatus, SeatsStatusAnswerSchema } from '../../src/api/contract/seats.ts';
import { AppError } from '../errors.ts';
import { loadCustomerAccount } from '../services/customers/account.ts';
import { rateEventsRepository } from '../db/repositories/rateEvents.ts';
import type { AuthContext } from '../services/customers/auth/context.ts';
import { endSession } from '../services/customers/auth/sessions.ts';
import { validateSmsCode } from '../services/customers/auth/smsCodeLogin.ts';
import { requestSmsCode } from '../services/customers/auth/smsCodeRequest.ts';
import { getSeatplanJson } from '../services/catalogue/seatplans.ts';
import { describeMemberships, membershipsOnSale } from '../services/memberships/catalogue.ts';
import { lookUpMember } from '../services/memberships/lookup.ts';
import {
  lockMembershipSeat,
  membershipSeatStatus,
  seatedMembership,
  unlockMembershipSeat,
} from '../services/memberships/seats.ts';
import { optionalVisitor, requireVisitor } from '../services/visitors/visitor.ts';
import { CUSTOMER_COOKIE } from './customer.ts';

const errors = { '4xx': ApiErrorSchema };

/** The membership order's calls (spec sections 2, 3 and 7; issue 16). */
export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, settings, sms, authSecret } = app.deps;
  const rateEvents = rateEventsRepository(db);
  const auth = (): AuthContext => ({
    db: db.kysely,
    rateEvents,
    secret: authSecret,
    settings,
    sms,
    now: clock.now(),
    publicUrl: config.publicUrl,
    sessionMinutes: config.customerSessionMinutes,
  });

  app.get(
    '/memberships',
    {
      schema: {
        tags: ['memberships'],
        summary: 'The memberships for sale with their public prices (hidden prices need their code)',
        description:
          'An empty list is noMemberships in the shop. Enrolment memberships are ordered at /enroll.',
        response: { 200: MembershipsAnswerSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { memberships: await describeMemberships(db.kysely, await membershipsOnSale(db.kysely)) };
    },
  );

  app.get(
    '/memberships/:code',
    {
      schema: {
        tags: ['memberships'],
        summary: 'One membership for sale by its code; `priceCode` adds the hidden price of that code',
        description: 'An unknown price code is priceNotFound; an unknown membership membership_not_for_sale.',
        params: MembershipParamsSchema,
        querystring: MembershipQuerySchema,
        response: { 200: MembershipAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const code = request.params.code.trim().toUpperCase();
      const row = (await membershipsOnSale(db.kysely)).find((r) => r.code?.toUpperCase() === code);
      if (!row) throw new AppError('membership_not_for_sale', `no membership ${code} for sale`);
      const { priceCode } = request.query;
      const [membership] = await describeMemberships(db.kysely, [row], { priceCode });
      if (priceCode && !membership!.prices.some((p) => p.PriceCode !== null))
        throw new AppError('priceNotFound', `no price with code ${priceCode}`);
      return { membership: membership! };
    },
  );

  app.post(
    '/memberships/member-lookup',
    {
      schema: {
        tags: ['memberships'],
        summary: 'Finds a member by ID number (renewal, top-up) and sends the login code to their mobile',
        description:
          'invalidSSN, CUSTOMER_NOT_FOUND, CUSTOMER_NO_MOBILE, memberNotFound, noValidMember. The member ' +
          'then logs in with POST /memberships/member-login (the code goes to the masked number).',
        body: MemberLookupBodySchema,
        response: { 200: MemberLookupAnswerSchema, ...errors },
      },
    },
    async (request) => {
      // ID numbers are easy to guess: a lookup counts like a ticket-code lookup (per visitor and per
      // address, LIMIT_CODES_PER_MINUTE_*), and the captcha is checked when one is configured.
      await app.guardCall('code', request);
      const found = await lookUpMember(db.kysely, request.body.ssn, clock.now());
      const loginMethod = settings.customerArea.loginMethods.members;
      // The SMS goes out after the lookup's reads, never inside a transaction (requestSmsCode's own).
      if (loginMethod === 'phone')
        await requestSmsCode(auth(), { mobileNumber: found.mobile }, request.ip, config.defaultLocale);
      return { ...found.answer, loginMethod };
    },
  );

  app.post(
    '/memberships/member-login',
    {
      schema: {
        tags: ['memberships'],
        summary: 'Logs the member found by ID number in with the SMS code the lookup sent',
        body: MemberLoginBodySchema,
        response: { 200: CustomerInfoAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await lookUpMember(db.kysely, request.body.ssn, clock.now());
      const session = await validateSmsCode(
        auth(),
        { smsCode: request.body.smsCode, mobileNumber: found.mobile, ssn: request.body.ssn },
        request.ip,
      );
      await endSession(db.kysely, request.cookies[CUSTOMER_COOKIE]);
      reply.setCookie(CUSTOMER_COOKIE, session.sessionId, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.cookieSecure,
        maxAge: session.maxAgeSeconds,
      });
      reply.header('cache-control', 'no-store');
      return {
        data: { customerInfo: await loadCustomerAccount(db.kysely, session.customerId, clock.now()) },
      };
    },
  );

  app.get(
    '/membership/seatplan',
    {
      schema: {
        tags: ['memberships'],
        summary: 'The seat plan of a membership that carries seats (one plan for all its presentations)',
        querystring: MembershipSeatQuerySchema,
        response: { 200: SeatplanSchema, ...errors },
      },
    },
    async (request, reply) => {
      const m = await seatedMembership(db.kysely, request.query.membershipId);
      const json = await getSeatplanJson(db.kysely, m.venueId, m.seatplanId);
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(json as never);
    },
  );

  app.get(
    '/membership/seats-status',
    {
      schema: {
        tags: ['memberships'],
        summary: 'Seats free in every presentation of the membership; `held`: the visitor’s own',
        querystring: MembershipSeatQuerySchema,
        response: { 200: SeatsStatusAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const status = await membershipSeatStatus(
        db.kysely,
        request.query.membershipId,
        optionalVisitor(request),
        clock.now(),
      );
      return status as SeatsStatus;
    },
  );

  app.put(
    '/membership/lock-seat',
    {
      config: { guard: 'lock' },
      schema: {
        tags: ['memberships'],
        summary:
          'Holds the seat in every presentation of the membership (all or nothing); a swap with selections',
        body: MembershipLockSeatBodySchema,
        response: { 200: MembershipLockSeatAnswerSchema, ...errors },
      },
    },
    async (request) =>
      lockMembershipSeat(db.kysely, request.body.seat, requireVisitor(request), clock.now(), {
        address: request.ip,
        limits: config.limits,
      }),
  );

  app.put(
    '/membership/unlock-seat',
    {
      config: { guard: 'lock' },
      schema: {
        tags: ['memberships'],
        summary: 'Lets go of the membership’s seat in every one of its presentations',
        body: MembershipLockSeatBodySchema,
        response: { 200: MembershipLockSeatAnswerSchema, ...errors },
      },
    },
    async (request) => unlockMembershipSeat(db.kysely, request.body.seat, requireVisitor(request)),
  );
};
