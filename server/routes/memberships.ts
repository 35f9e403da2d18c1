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
import { smsLimits } from '../services/customers/rateLimit.ts';
import { endSession } from '../services/customers/auth/sessions.ts';
import { validateSmsCode } from '../services/customers/auth/smsCodeLogin.ts';
import { requestSmsCode } from '../services/customers/auth/smsCodeRequest.ts';
import { getSeatplanJson } from '../services/catalogue/seatplans.ts';
import { describeMemberships, membershipsOnSale } from '../services/memberships/catalogue.ts';
import { lookUpMember, memberLoginMobile } from '../services/memberships/lookup.ts';
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
    smsLimits: smsLimits(config.limits),
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
        summary: 'Sends the member of an ID number (renewal, top-up) a login code by SMS to their mobile',
        description:
          'Answers the same for every valid ID number, a member’s or not, and counts every lookup alike ' +
          '(LOOKUPS_PER_ID and the address’s SMS limit), so that it cannot tell a stranger who is a ' +
          'customer (issue 32). invalidSSN: not an ID number. The member then logs in with POST ' +
          '/memberships/member-login, which brings their memberships.',
        body: MemberLookupBodySchema,
        response: { 200: MemberLookupAnswerSchema, ...errors },
      },
    },
    async (request) => {
      // ID numbers are easy to guess: a lookup counts like a ticket-code lookup (per visitor and per
      // address, LIMIT_CODES_PER_MINUTE_*), and the captcha is checked when one is configured.
      await app.guardCall('code', request);
      const mobile = await lookUpMember(auth(), request.body.ssn, request.clientAddress);
      const loginMethod = settings.customerArea.loginMethods.members;
      // Not awaited: the answer must not wait for the SMS gateway only when there is a member to text
      // (a stranger would time it). A number over its own SMS limit, or a gateway failure, only logs.
      if (mobile && loginMethod === 'phone')
        requestSmsCode(auth(), { mobileNumber: mobile }, null, config.defaultLocale).catch((err: unknown) =>
          request.log.warn({ err }, 'member lookup: the login code was not sent'),
        );
      return { loginMethod };
    },
  );

  app.post(
    '/memberships/member-login',
    {
      schema: {
        tags: ['memberships'],
        summary: 'Logs the member found by ID number in with the SMS code the lookup sent',
        description: 'An ID number of no member answers as a wrong code does (INVALID_SMS_CODE).',
        body: MemberLoginBodySchema,
        response: { 200: CustomerInfoAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const mobile = await memberLoginMobile(auth(), request.body.ssn, request.clientAddress);
      const session = await validateSmsCode(
        auth(),
        { smsCode: request.body.smsCode, mobileNumber: mobile, ssn: request.body.ssn },
        request.clientAddress,
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
        address: request.clientAddress,
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
    async (request) =>
      unlockMembershipSeat(db.kysely, request.body.seat, requireVisitor(request), clock.now()),
  );
};
