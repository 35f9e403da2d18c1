import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ApiError } from '../src/api/contract/errors.ts';
import { type Clock, systemClock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/index.ts';
import { AppError } from './errors.ts';
import { cartRoutes } from './routes/cart.ts';
import { checkoutDeps, checkoutRoutes } from './routes/checkout.ts';
import { paymentProviderRoutes } from './routes/payments/index.ts';
import { posterRoutes } from './routes/posters.ts';
import { customerRoutes } from './routes/customer.ts';
import { customerAreaRoutes } from './routes/customerArea.ts';
import { donationRoutes } from './routes/donations.ts';
import { membershipRoutes } from './routes/memberships.ts';
import { enrollRoutes } from './routes/enroll.ts';
import { memberTicketRoutes } from './routes/memberTickets.ts';
import { orderRoutes } from './routes/orders.ts';
import { voucherRoutes } from './routes/vouchers.ts';
import { vodRoutes } from './routes/vod.ts';
import { mailOutboxRoutes } from './routes/mailOutbox.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { staffRoutes } from './routes/staff.ts';
import { staffVenueRoutes } from './routes/staffVenues.ts';
import { waiverRoutes } from './routes/waivers.ts';
import type { SeniorRegistry } from './services/seniors/registry.ts';
import { seniorRoutes } from './routes/seniors.ts';
import { partnerRoutes } from './routes/partners.ts';
import { staffReportRoutes } from './routes/staffReports.ts';
import { presentationRoutes } from './routes/presentations.ts';
import { seatRoutes } from './routes/seats.ts';
import { sessionRoutes } from './routes/session.ts';
import { statusStreamRoutes } from './routes/statusStream.ts';
import { LiveStatus } from './services/live/liveStatus.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './db/unavailable.ts';
import { type CaptchaVerifier, captchaOff, RecaptchaVerifier } from './services/customers/captcha.ts';
import { loadAuthSecret } from './services/customers/secrets.ts';
import { HttpSmsSender, OutboxSmsSender, type SmsSender } from './services/customers/sms.ts';
import { startReconciler } from './services/checkout/reconciler.ts';
import { waitingRoomGate } from './http/waitingRoomGate.ts';
import { waitingRoomRoutes } from './routes/waitingRoom.ts';
import { startAdmission, waitingRoomDeps } from './services/waitingRoom/admissionLoop.ts';
import type { LatencySample } from './services/waitingRoom/latency.ts';
import type { WaitingRooms } from './services/waitingRoom/rooms.ts';
import { startCallOffs } from './services/catalogue/programme/callOff.ts';
import { startMessenger } from './services/messages/dispatcher.ts';
import { type MailSender, OutboxMailSender, SmtpMailSender } from './services/messages/mail.ts';
import type { PaymentProvider } from './services/payments/provider.ts';
import { paymentProviderOf } from './services/payments/choose.ts';
import { visitorCookie } from './services/visitors/visitor.ts';
import { abuseGuard } from './services/visitors/abuse.ts';
import { visitorIdKey } from './services/visitors/visitorId.ts';
import { metricsPlugin } from './http/metrics.ts';
import { securityHeaders } from './http/security.ts';
import { clientAddress } from './http/clientAddress.ts';
import { originGuard } from './http/originGuard.ts';
import { shopPages } from './http/shopPages.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { healthRoutes } from './routes/health.ts';
import { cspReportRoutes } from './routes/cspReport.ts';
import { loadSettings } from './settings.ts';
import type { Settings } from '../src/api/contract/session.ts';

export interface AppDeps {
  config: ServerConfig;
  db: Db;
  clock?: Clock;
  /** The payment provider; the built-in sandbox acquirer when absent. */
  payments?: PaymentProvider;
  /** Run the reconciler of payments left pending (default true; tests call it themselves). */
  reconciler?: boolean;
  /** Where SMS go; from SMS_SENDER when absent (the development outbox by default). */
  sms?: SmsSender;
  /** Where e-mail goes; SMTP with SMTP_URL, else the database outbox. */
  mail?: MailSender;
  /** Send queued order confirmations in the background (default true; tests send them themselves). */
  messenger?: boolean;
  /** The captcha check; from CAPTCHA_SECRET when absent (off without one). */
  captcha?: CaptchaVerifier;
  /** The senior-citizen registry (issue 20); the built-in sandbox when absent. */
  seniorRegistry?: SeniorRegistry;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: {
      config: ServerConfig;
      db: Db;
      clock: Clock;
      payments: PaymentProvider;
      settings: Settings;
      sms: SmsSender;
      mail: MailSender;
      captcha: CaptchaVerifier;
      authSecret: Buffer;
      /** Signs and checks the visitor ids the box office issues (services/visitors/visitorId.ts). */
      visitorKey: Buffer;
      /** Seat status snapshots, the change feed and the streams of this process. */
      live: LiveStatus;
      /** The waiting rooms not switched off (issue 40), as this process last read them. */
      waitingRooms: WaitingRooms;
      /** Signs and checks the waiting room's places and admission passes. */
      waitingRoomKey: Buffer;
      /** Admitted buyers' call latencies since the last admission round (a room's latency target). */
      admittedLatency: LatencySample;
    };
  }
  interface FastifyRequest {
    /**
     * The visitor uuid from the cookie the server issued (issued on this request if it had none); empty
     * when the client address was refused a new one (`visitorIdWaitMs` then says for how long).
     */
    visitorCookieUuid: string;
    visitorIdWaitMs: number;
  }
}

const BODY_LIMIT_BYTES = 256 * 1024;

/** Builds the box-office app: API under /api, its OpenAPI document at /api/docs, and the shop. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // The largest honest body is a cart of 10 seats with their products: far under 256 KB.
    bodyLimit: BODY_LIMIT_BYTES,
    http: {
      // Request headers (cookies included) beyond 16 KB are refused by Node with 431.
      maxHeaderSize: 16 * 1024,
      // Node checks the request timeout on this beat (30 s by default, far too coarse for a short timeout).
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(deps.config.requestTimeoutMs / 4)),
      headersTimeout: Math.min(60_000, deps.config.requestTimeoutMs),
    },
    // A client that sends its body too slowly is cut off (408) instead of holding a socket forever.
    requestTimeout: deps.config.requestTimeoutMs,
    connectionTimeout: 60_000,
    // Node's default of 0 keeps idle sockets open; close them so shutdown is quick.
    forceCloseConnections: 'idle',
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // Behind a proxy that names requests (X-Request-Id), its id is kept; otherwise a uuid.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });

  const clock = deps.clock ?? systemClock;
  const settings = loadSettings(deps.config);
  const authSecret = await loadAuthSecret(deps.db.kysely, deps.config.authSecret);
  app.decorate('deps', {
    config: deps.config,
    db: deps.db,
    clock,
    payments: deps.payments ?? paymentProviderOf(settings, deps.config, deps.db.kysely, clock),
    settings,
    sms: deps.sms ?? smsSenderOf(deps.config, deps.db, clock),
    mail:
      deps.mail ??
      (deps.config.smtpUrl
        ? new SmtpMailSender(deps.config.smtpUrl, deps.config.mailFrom)
        : new OutboxMailSender(deps.db.kysely, () => clock.now())),
    captcha:
      deps.captcha ??
      (deps.config.captchaSecret
        ? new RecaptchaVerifier(deps.config.captchaSecret, deps.config.captchaVerifyUrl)
        : captchaOff),
    authSecret,
    visitorKey: visitorIdKey(authSecret),
    ...waitingRoomDeps(deps.db.kysely, clock, authSecret),
    live: new LiveStatus(
      deps.db.kysely,
      deps.db.changeFeed((err) => app.log.warn({ err }, 'seat change feed: connection problem')),
      () => clock.now(),
    ),
  });
  // Open streams never end by themselves: close them before the server waits for its requests.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    await app.deps.live.stop();
  });
  // A request that was in flight when the shutdown began (a commit waiting on the acquirer) finishes,
  // and its keep-alive connection closes with it instead of holding the shutdown open until it times out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(securityHeaders);
  await app.register(metricsPlugin);
  await app.register(healthRoutes);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 2048 });
  clientAddress(app);
  await app.register(visitorCookie);
  await app.register(abuseGuard);
  await app.register(waitingRoomGate);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Box office API',
        description:
          'The calls the ticket shop makes (spec section 7). Errors answer { statusCode, code, message }.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    app.metrics.countUnmatched(request, reply);
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !app.sendShopPage) {
      return reply.code(404).send({
        ...errorBody(404, 'not_found', `${request.method} ${path} does not exist`),
        requestId: request.id,
      });
    }
    // The shop's own 404 page renders client-side; the status still tells crawlers and tools.
    return app.sendShopPage(request, reply);
  });

  await app.register(
    async (api) => {
      originGuard(api);
      // No text the box office stores may hold a NUL character (PostgreSQL refuses it in text).
      api.addHook('preValidation', async (request) => {
        if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params))
          throw new AppError('formValidation', 'text must not contain NUL characters');
      });
      // A seat write of this process: the next status read waits for the change feed to have it.
      api.addHook('onSend', async (request) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') app.deps.live.noteWrite();
      });
      await api.register(sessionRoutes);
      await api.register(presentationRoutes);
      await api.register(seatRoutes);
      await api.register(waitingRoomRoutes);
      await api.register(statusStreamRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      await api.register(calendarRoutes);
      await api.register(checkoutRoutes);
      await api.register(customerRoutes);
      await api.register(customerAreaRoutes);
      await api.register(voucherRoutes);
      await api.register(donationRoutes);
      await api.register(membershipRoutes);
      await api.register(enrollRoutes);
      await api.register(memberTicketRoutes);
      await api.register(vodRoutes);
      await api.register(mailOutboxRoutes);
      await api.register(staffRoutes);
      await api.register(staffVenueRoutes);
      await api.register(waiverRoutes);
      await api.register(seniorRoutes, { registry: deps.seniorRegistry });
      await api.register(partnerRoutes);
      await api.register(staffReportRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(cspReportRoutes);
    },
    { prefix: '/api' },
  );

  // The sandbox acquirer's own pages and the real providers' webhooks (routes/payments).
  await app.register(paymentProviderRoutes);

  // Uploaded posters are the box office's, with or without a built shop.
  await app.register(posterRoutes);

  const staticDir = deps.config.staticDir;
  if (staticDir && existsSync(join(staticDir, 'index.html'))) {
    await app.register(shopPages, { staticDir });
  } else if (staticDir) {
    app.log.warn({ staticDir }, 'no built shop found; serving the API only (run `npm run build`)');
    deps.config.staticDir = undefined;
  }

  if (deps.reconciler !== false) {
    const reconciler = startReconciler(
      checkoutDeps(app),
      deps.config.reconcileIntervalSeconds * 1000,
      deps.config.reconcileGraceSeconds * 1000,
    );
    app.addHook('onClose', async () => reconciler.stop());
    const callOffs = startCallOffs(
      { db: deps.db.kysely, provider: app.deps.payments, now: () => clock.now(), log: app.log },
      deps.config.reconcileIntervalSeconds * 1000,
    );
    app.addHook('onClose', async () => callOffs.stop());
    const admission = startAdmission(app);
    app.addHook('onClose', async () => admission.stop());
  }
  if (deps.messenger !== false && deps.reconciler !== false) {
    const messenger = startMessenger(
      {
        db: deps.db.kysely,
        mail: app.deps.mail,
        sms: app.deps.sms,
        now: () => clock.now(),
        publicUrl: deps.config.publicUrl,
        log: app.log,
      },
      deps.config.messagesIntervalSeconds * 1000,
    );
    app.addHook('onClose', async () => messenger.stop());
  }
  app.addHook('onClose', async () => {
    await deps.db.close();
  });
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest the box office. */
function trustProxyOption(
  value: ServerConfig['trustProxy'],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

function smsSenderOf(config: ServerConfig, db: Db, clock: Clock): SmsSender {
  if (config.smsSender === 'outbox') return new OutboxSmsSender(db.kysely, () => clock.now());
  if (!config.smsGatewayUrl) throw new Error('SMS_SENDER=http needs SMS_GATEWAY_URL');
  return new HttpSmsSender(config.smsGatewayUrl, config.smsGatewayToken);
}

function errorBody(statusCode: number, code: string, message: string, params?: ApiError['params']): ApiError {
  return params ? { statusCode, code, message, params } : { statusCode, code, message };
}

function errorHandler(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const send = (status: number, code: string, message: string, params?: ApiError['params']) => {
    this.metrics.errors.inc({ code });
    return reply.code(status).send({ ...errorBody(status, code, message, params), requestId: request.id });
  };
  if (error instanceof AppError) {
    const retry = error.params?.retryAfterSeconds;
    if (retry !== undefined) reply.header('retry-after', String(retry));
    return send(error.statusCode, error.code, error.message, error.params);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation
      .map((v) => `${v.instancePath || error.validationContext || 'request'}: ${v.message}`)
      .join('; ');
    return send(400, 'formValidation', `invalid ${error.validationContext ?? 'request'}: ${details}`);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return send(503, 'service_unavailable', 'the box office is briefly unavailable; try again shortly');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return send(status, status === 404 ? 'not_found' : 'formValidation', error.message);
  }
  request.log.error({ err: error }, 'unexpected failure');
  return send(500, 'fetch_data_error', 'the box office could not answer; try again');
}
