import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocaleSchema } from '../../src/api/contract/common.ts';
import {
  CustomerInfoAnswerSchema,
  EmailLoginBodySchema,
  LocationsAnswerSchema,
  MobileLoginBodySchema,
  MobileValidationBodySchema,
  RefreshAnswerSchema,
  SmsOutboxAnswerSchema,
  SuccessAnswerSchema,
  TokenLoginBodySchema,
} from '../../src/api/contract/customer.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { AppError } from '../errors.ts';
import { loadCustomerAccount } from '../services/customers/account.ts';
import { rateEventsRepository } from '../db/repositories/rateEvents.ts';
import type { AuthContext } from '../services/customers/auth/context.ts';
import { smsLimits } from '../services/customers/rateLimit.ts';
import { emailLogin } from '../services/customers/auth/emailLogin.ts';
import { customerOfSession, endSession, type NewSession } from '../services/customers/auth/sessions.ts';
import { validateSmsCode } from '../services/customers/auth/smsCodeLogin.ts';
import { requestSmsCode } from '../services/customers/auth/smsCodeRequest.ts';
import { tokenLogin } from '../services/customers/auth/tokenLogin.ts';
import { listLocations } from '../services/customers/customerInfo.ts';

export const CUSTOMER_COOKIE = 'customer_session';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const LanguageQuery = z.object({ language: LocaleSchema.optional() });

/** The customer of the request's session cookie, or null. */
export async function sessionCustomer(request: FastifyRequest): Promise<string | null> {
  const { db, clock, config } = request.server.deps;
  return customerOfSession(
    db.kysely,
    request.cookies[CUSTOMER_COOKIE],
    clock.now(),
    config.customerSessionMinutes,
  );
}

/** The logged-in customer; not_logged_in (401) without a live session. */
export async function requireCustomer(request: FastifyRequest): Promise<string> {
  const id = await sessionCustomer(request);
  if (!id) throw new AppError('not_logged_in', 'log in to the personal area first');
  return id;
}

/**
 * Customer login and session calls (spec section 7). Every login sets a fresh 128-bit session id in
 * an HttpOnly, SameSite=Strict cookie and ends the session the browser had before.
 */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, settings, sms, captcha, authSecret } = app.deps;
  const rateEvents = rateEventsRepository(db);
  const ctx = (): AuthContext => ({
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

  async function checkCaptcha(request: FastifyRequest, token: string | undefined) {
    if (!(await captcha.verify(token, request.ip)))
      throw new AppError('invalid_captcha', 'the human verification failed; try again');
  }

  async function startSession(request: FastifyRequest, reply: FastifyReply, session: NewSession) {
    await endSession(db.kysely, request.cookies[CUSTOMER_COOKIE]);
    reply.setCookie(CUSTOMER_COOKIE, session.sessionId, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: config.cookieSecure,
      maxAge: session.maxAgeSeconds,
    });
    reply.header('cache-control', 'no-store');
    return { data: { customerInfo: await loadCustomerAccount(db.kysely, session.customerId, clock.now()) } };
  }

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    await endSession(db.kysely, request.cookies[CUSTOMER_COOKIE]);
    reply.clearCookie(CUSTOMER_COOKIE, { path: '/' });
    return { data: { success: true as const } };
  }

  app.post(
    '/customer/mobile-login',
    {
      schema: {
        tags: ['customer'],
        summary: 'Sends a 6-digit code by SMS (same answer whether or not the number is a customer)',
        body: MobileLoginBodySchema,
        querystring: LanguageQuery,
        response: { 200: SuccessAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await checkCaptcha(request, request.body.recaptchaToken);
      await requestSmsCode(
        ctx(),
        request.body,
        request.clientAddress,
        request.query.language ?? config.defaultLocale,
      );
      return { data: { success: true as const } };
    },
  );

  app.post(
    '/customer/mobile-login-validation-area',
    {
      schema: {
        tags: ['customer'],
        summary: 'Checks the SMS code (and the detail the venue asks with it) and logs the customer in',
        body: MobileValidationBodySchema,
        response: { 200: CustomerInfoAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      startSession(request, reply, await validateSmsCode(ctx(), request.body, request.clientAddress)),
  );

  app.post(
    '/customer/login',
    {
      schema: {
        tags: ['customer'],
        summary: 'Logs in by e-mail and password (LOGIN_FAILED never says which was wrong)',
        body: EmailLoginBodySchema,
        response: { 200: CustomerInfoAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await checkCaptcha(request, request.body.recaptchaToken);
      return startSession(request, reply, await emailLogin(ctx(), request.body, request.clientAddress));
    },
  );

  app.post(
    '/customer/token-login',
    {
      schema: {
        tags: ['customer'],
        summary: 'Logs in with the token of a login link (single use, one hour)',
        body: TokenLoginBodySchema,
        response: { 200: CustomerInfoAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      startSession(request, reply, await tokenLogin(ctx(), request.body.token, request.clientAddress)),
  );

  app.post(
    '/customer/refresh',
    {
      schema: {
        tags: ['customer'],
        summary: 'The customer of the session cookie with their memberships; null when logged out',
        response: { 200: RefreshAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const id = await sessionCustomer(request);
      return { data: { customerInfo: id ? await loadCustomerAccount(db.kysely, id, clock.now()) : null } };
    },
  );

  for (const path of ['/customer/logout', '/customer-area/logout']) {
    app.post(
      path,
      {
        schema: {
          tags: ['customer'],
          summary: 'Ends the session on the server and clears its cookie',
          response: { 200: SuccessAnswerSchema, ...errors },
        },
      },
      logout,
    );
  }

  app.get(
    '/customer/locations',
    {
      schema: {
        tags: ['customer'],
        summary: "The venue's branches a customer may name as theirs",
        response: { 200: LocationsAnswerSchema, ...errors },
      },
    },
    async () => ({ locations: await listLocations(db.kysely) }),
  );

  if (config.smsOutbox && sms.name === 'outbox') {
    app.get(
      '/dev/sms-outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Development only: the SMS the outbox sender kept, newest first',
          querystring: z.object({ mobileNumber: z.string().max(20).optional() }),
          response: { 200: SmsOutboxAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        let q = db.kysely
          .selectFrom('sms_outbox')
          .select(['to_number', 'text', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(50);
        const digits = request.query.mobileNumber?.replace(/\D/g, '');
        if (digits) q = q.where('to_number', '=', digits.startsWith('972') ? `0${digits.slice(3)}` : digits);
        const rows = await q.execute();
        return {
          messages: rows.map((r) => ({
            to: r.to_number,
            text: r.text,
            createdAt: new Date(Number(r.created_at)).toISOString(),
          })),
        };
      },
    );
  }
};
