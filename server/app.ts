import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
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
import { externalTarget, isKnownPath } from '../src/routing/paths.ts';
import type { ApiError } from '../src/api/contract/errors.ts';
import { type Clock, systemClock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/index.ts';
import { AppError } from './errors.ts';
import { cartRoutes } from './routes/cart.ts';
import { checkoutDeps, checkoutRoutes } from './routes/checkout.ts';
import { sandboxRoutes } from './routes/sandbox.ts';
import { customerRoutes } from './routes/customer.ts';
import { customerAreaRoutes } from './routes/customerArea.ts';
import { orderRoutes } from './routes/orders.ts';
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
import type { PaymentProvider } from './services/payments/provider.ts';
import { SandboxPaymentProvider } from './services/payments/sandbox/acquirer.ts';
import { visitorCookie } from './services/visitors/visitor.ts';
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
  /** The captcha check; from CAPTCHA_SECRET when absent (off without one). */
  captcha?: CaptchaVerifier;
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
      captcha: CaptchaVerifier;
      authSecret: Buffer;
      /** Seat status snapshots, the change feed and the streams of this process. */
      live: LiveStatus;
    };
  }
  interface FastifyRequest {
    /** The visitor uuid from the cookie the server issued (issued on this request if it had none). */
    visitorCookieUuid: string;
  }
}

/**
 * The payment provider the settings name (`payment.provider`; loadSettings has checked the name). The
 * built-in sandbox acquirer is the only one so far: a real acquirer joins here behind the same interface.
 */
function paymentProviderOf(name: string, deps: AppDeps, clock: Clock): PaymentProvider {
  switch (name) {
    case 'sandbox':
      return new SandboxPaymentProvider(deps.db.kysely, {
        now: () => clock.now(),
        delayMs: deps.config.sandboxAcquirerDelayMs,
        blikCodeSeconds: deps.config.sandboxBlikCodeSeconds,
        blikApprovalSeconds: deps.config.sandboxBlikApprovalSeconds,
      });
    default:
      throw new Error(`payment.provider "${name}" is not available`);
  }
}

/** Builds the box-office app: API under /api, its OpenAPI document at /api/docs, and the shop. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Node's default of 0 keeps idle sockets open; close them so shutdown is quick.
    forceCloseConnections: 'idle',
  });
  const clock = deps.clock ?? systemClock;
  const settings = loadSettings(deps.config);
  app.decorate('deps', {
    config: deps.config,
    db: deps.db,
    clock,
    payments: deps.payments ?? paymentProviderOf(settings.payment.provider, deps, clock),
    settings,
    sms: deps.sms ?? smsSenderOf(deps.config, deps.db, clock),
    captcha:
      deps.captcha ??
      (deps.config.captchaSecret
        ? new RecaptchaVerifier(deps.config.captchaSecret, deps.config.captchaVerifyUrl)
        : captchaOff),
    authSecret: await loadAuthSecret(deps.db.kysely, deps.config.authSecret),
    live: new LiveStatus(
      deps.db.kysely,
      deps.db.changeFeed((err) => app.log.warn({ err }, 'seat change feed: connection problem')),
      () => clock.now(),
    ),
  });
  // Open streams never end by themselves: close them before the server waits for its requests.
  app.addHook('preClose', async () => app.deps.live.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 2048 });
  await app.register(visitorCookie);

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
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || request.method !== 'GET' || !deps.config.staticDir) {
      return reply.code(404).send(errorBody(404, 'not_found', `${request.method} ${path} does not exist`));
    }
    // The shop's own 404 page renders client-side; the status still tells crawlers and tools.
    return reply
      .code(isKnownPath(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html');
  });

  await app.register(
    async (api) => {
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
      await api.register(statusStreamRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      await api.register(checkoutRoutes);
      await api.register(customerRoutes);
      await api.register(customerAreaRoutes);
    },
    { prefix: '/api' },
  );

  // The sandbox acquirer's own pages (bank, PayPal, payment page, Blik app): only with the sandbox.
  if (app.deps.payments instanceof SandboxPaymentProvider)
    await app.register(sandboxRoutes, { prefix: '/sandbox' });

  const staticDir = deps.config.staticDir;
  if (staticDir && existsSync(join(staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${join(staticDir, 'assets')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
    // Spec section 2: a path beginning with /http is an external link; the browser goes to the address after the slash.
    app.get('/http*', (request, reply) => {
      const [pathname = '', query] = request.url.split('?', 2);
      const target = externalTarget(pathname, query ? `?${query}` : '');
      return target ? reply.redirect(target, 302) : reply.callNotFound();
    });
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
  }
  app.addHook('onClose', async () => {
    await deps.db.close();
  });
  return app;
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
  if (error instanceof AppError) {
    return reply
      .code(error.statusCode)
      .send(errorBody(error.statusCode, error.code, error.message, error.params));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation
      .map((v) => `${v.instancePath || error.validationContext || 'request'}: ${v.message}`)
      .join('; ');
    return reply
      .code(400)
      .send(errorBody(400, 'formValidation', `invalid ${error.validationContext ?? 'request'}: ${details}`));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(
        errorBody(503, 'service_unavailable', 'the box office is briefly unavailable; try again shortly'),
      );
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = status === 404 ? 'not_found' : 'formValidation';
    return reply.code(status).send(errorBody(status, code, error.message));
  }
  request.log.error({ err: error }, 'unexpected failure');
  return reply
    .code(500)
    .send(errorBody(500, 'fetch_data_error', 'the box office could not answer; try again'));
}
