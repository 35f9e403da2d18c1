import { resolve } from 'node:path';
import { type Locale, LocaleSchema, supportedLocales } from '../src/api/contract/common.ts';

/** A setting the box office cannot start with; main prints its message alone (no stack). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  enabledLocales: Locale[];
  defaultLocale: Locale;
  maxSeatsPerTransaction: number;
  /** Serve the built shop from this folder (absent: API only). */
  staticDir: string | undefined;
  seed: boolean;
  cookieSecure: boolean;
  logLevel: string;
  /** JSON file with shop-setting overrides (flow titles, customer-info fields, payments). */
  settingsFile: string | undefined;
  /** reCAPTCHA: with a secret the box office verifies tokens; without, the check is off (development). */
  captchaSecret: string | undefined;
  captchaSiteKey: string | undefined;
  captchaVerifyUrl: string;
  /** SMS: 'outbox' keeps them in the database (development); 'http' posts them to SMS_GATEWAY_URL. */
  smsSender: 'outbox' | 'http';
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  /** The shop and GET /api/dev/sms-outbox show the outbox: only with DEV_OUTBOX=1, never in production. */
  smsOutbox: boolean;
  /** NODE_ENV=production: start-up refuses development shortcuts (outbox SMS, no AUTH_SECRET). */
  production: boolean;
  /** Fastify's trustProxy: the client address comes from X-Forwarded-For through these proxies. */
  trustProxy: boolean | number | string[];
  /** Abuse limits (issues 14, 15): seats held at once; lock, commit and code-lookup rates. */
  limits: AbuseLimits;
  /** Origins of the payment provider's pages and APIs the shop loads or posts to (CSP). */
  paymentOrigins: string[];
  /** GET /metrics answers only `Authorization: Bearer <token>` when set. */
  metricsToken: string | undefined;
  /** A request whose headers and body have not all arrived after this long is answered 408. */
  requestTimeoutMs: number;
  /** Seconds a shutdown waits for requests in flight (a commit talking to the acquirer) before it gives up. */
  shutdownGraceSeconds: number;
  /** Where customers reach the shop (login links in SMS). */
  publicUrl: string;
  /** Hashes one-time codes; generated and kept in the database when unset. */
  authSecret: string | undefined;
  /** Minutes a customer session lives without use. */
  customerSessionMinutes: number;
  /** How long a started payment (3-D Secure, wallet, Blik, payment page) may take; seats stay held meanwhile. */
  paymentWindowSeconds: number;
  /** How often the reconciler settles payments left pending (a crash, a customer who never came back). */
  reconcileIntervalSeconds: number;
  /** The reconciler leaves younger pending orders to the request placing them. */
  reconcileGraceSeconds: number;
  /** The sandbox acquirer answers after this many milliseconds (tests and benchmarks of a slow acquirer). */
  sandboxAcquirerDelayMs: number;
  /** Sandbox Blik: how long a code from the banking app lives, and how long the app waits for approval. */
  sandboxBlikCodeSeconds: number;
  sandboxBlikApprovalSeconds: number;
  /** How long the events board, a presentation and its ticket groups are served from memory (0: never). */
  hotCacheMs: number;
  /** Box-office processes on this machine (node:cluster on one port); more than 1 needs DATABASE_URL. */
  workers: number;
  /** Video on demand: the folder of the films' HLS packages, a stream token's life, a play's grace period. */
  vodMediaDir: string;
  vodTokenSeconds: number;
  vodPlayGraceSeconds: number;
  /** Order confirmations: SMTP when set (else the database outbox), the sender, how often the queue is sent. */
  smtpUrl: string | undefined;
  /** The shop and GET /api/dev/mail-outbox show the mail outbox: without SMTP_URL, with DEV_OUTBOX=1, never in production. */
  mailOutbox: boolean;
  mailFrom: string;
  messagesIntervalSeconds: number;
}

export interface AbuseLimits {
  /** Live holds of one visitor across all presentations (each presentation also caps MAX_SEATS_PER_TRANSACTION). */
  heldSeatsPerVisitor: number;
  /** Live holds taken from one client address, across visitors (a household or an office behind one address). */
  heldSeatsPerAddress: number;
  /** Lock and unlock calls per minute. */
  locksPerMinutePerVisitor: number;
  locksPerMinutePerAddress: number;
  /** Payment commits per 10 minutes. */
  commitsPer10MinPerVisitor: number;
  commitsPer10MinPerAddress: number;
  /** Ticket-code lookups (a presentation read with `ticketCodes`) per minute. */
  codesPerMinutePerVisitor: number;
  codesPerMinutePerAddress: number;
}

const DEFAULT_LOCALES: Locale[] = ['he', 'en', 'ru'];

/** Reads the configuration from the environment; bad values stop the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const enabledLocales = parseLocales(env.ENABLED_LOCALES);
  const production = env.NODE_ENV === 'production';
  const smsSender = parseSmsSender(env.SMS_SENDER);
  if (production && smsSender === 'outbox')
    throw new ConfigError(
      'NODE_ENV=production: SMS_SENDER is the development outbox (login codes would never reach customers); ' +
        'set SMS_SENDER=http and SMS_GATEWAY_URL',
    );
  if (production && !env.AUTH_SECRET)
    throw new ConfigError(
      'NODE_ENV=production: AUTH_SECRET is not set; every box-office process needs the same long random ' +
        'secret (it signs visitor ids and hashes one-time codes)',
    );
  if (production && env.DEV_OUTBOX === '1')
    throw new ConfigError('NODE_ENV=production: DEV_OUTBOX=1 would show every login code; remove it');
  return {
    port: parseIntStrict(env.PORT ?? '3000', 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    enabledLocales,
    defaultLocale: enabledLocales.includes('he') ? 'he' : (enabledLocales[0] ?? 'he'),
    maxSeatsPerTransaction: parseIntStrict(
      env.MAX_SEATS_PER_TRANSACTION ?? '10',
      'MAX_SEATS_PER_TRANSACTION',
    ),
    staticDir: env.STATIC_DIR === '' ? undefined : resolve(env.STATIC_DIR ?? './dist'),
    seed: env.SEED !== '0',
    cookieSecure: env.COOKIE_SECURE === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    settingsFile: env.SETTINGS_FILE ? resolve(env.SETTINGS_FILE) : undefined,
    captchaSecret: env.CAPTCHA_SECRET || undefined,
    captchaSiteKey: env.CAPTCHA_SITE_KEY || undefined,
    captchaVerifyUrl: env.CAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify',
    smsSender,
    smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || undefined,
    smsOutbox: smsSender === 'outbox' && env.DEV_OUTBOX === '1' && !production,
    production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    limits: {
      heldSeatsPerVisitor: positive(env.LIMIT_HELD_SEATS_PER_VISITOR ?? '40', 'LIMIT_HELD_SEATS_PER_VISITOR'),
      heldSeatsPerAddress: positive(
        env.LIMIT_HELD_SEATS_PER_ADDRESS ?? '200',
        'LIMIT_HELD_SEATS_PER_ADDRESS',
      ),
      locksPerMinutePerVisitor: positive(
        env.LIMIT_LOCKS_PER_MINUTE_PER_VISITOR ?? '120',
        'LIMIT_LOCKS_PER_MINUTE_PER_VISITOR',
      ),
      locksPerMinutePerAddress: positive(
        env.LIMIT_LOCKS_PER_MINUTE_PER_ADDRESS ?? '1200',
        'LIMIT_LOCKS_PER_MINUTE_PER_ADDRESS',
      ),
      commitsPer10MinPerVisitor: positive(
        env.LIMIT_COMMITS_PER_10MIN_PER_VISITOR ?? '20',
        'LIMIT_COMMITS_PER_10MIN_PER_VISITOR',
      ),
      commitsPer10MinPerAddress: positive(
        env.LIMIT_COMMITS_PER_10MIN_PER_ADDRESS ?? '200',
        'LIMIT_COMMITS_PER_10MIN_PER_ADDRESS',
      ),
      codesPerMinutePerVisitor: positive(
        env.LIMIT_CODES_PER_MINUTE_PER_VISITOR ?? '30',
        'LIMIT_CODES_PER_MINUTE_PER_VISITOR',
      ),
      codesPerMinutePerAddress: positive(
        env.LIMIT_CODES_PER_MINUTE_PER_ADDRESS ?? '300',
        'LIMIT_CODES_PER_MINUTE_PER_ADDRESS',
      ),
    },
    paymentOrigins: parseOrigins(env.CSP_PAYMENT_ORIGINS),
    metricsToken: env.METRICS_TOKEN || undefined,
    requestTimeoutMs: positive(env.REQUEST_TIMEOUT_MS ?? '30000', 'REQUEST_TIMEOUT_MS'),
    shutdownGraceSeconds: positive(env.SHUTDOWN_GRACE_SECONDS ?? '25', 'SHUTDOWN_GRACE_SECONDS'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT ?? '3000'}`).replace(/\/+$/, ''),
    authSecret: env.AUTH_SECRET || undefined,
    customerSessionMinutes: parseIntStrict(env.CUSTOMER_SESSION_MINUTES ?? '60', 'CUSTOMER_SESSION_MINUTES'),
    paymentWindowSeconds: positive(env.PAYMENT_WINDOW_SECONDS ?? '600', 'PAYMENT_WINDOW_SECONDS'),
    reconcileIntervalSeconds: positive(env.RECONCILE_INTERVAL_SECONDS ?? '30', 'RECONCILE_INTERVAL_SECONDS'),
    reconcileGraceSeconds: parseIntStrict(env.RECONCILE_GRACE_SECONDS ?? '10', 'RECONCILE_GRACE_SECONDS'),
    sandboxAcquirerDelayMs: parseIntStrict(env.SANDBOX_ACQUIRER_DELAY_MS ?? '0', 'SANDBOX_ACQUIRER_DELAY_MS'),
    sandboxBlikCodeSeconds: positive(env.SANDBOX_BLIK_CODE_SECONDS ?? '120', 'SANDBOX_BLIK_CODE_SECONDS'),
    sandboxBlikApprovalSeconds: positive(
      env.SANDBOX_BLIK_APPROVAL_SECONDS ?? '60',
      'SANDBOX_BLIK_APPROVAL_SECONDS',
    ),
    hotCacheMs: parseIntStrict(env.HOT_CACHE_MS ?? '2000', 'HOT_CACHE_MS'),
    workers: positive(env.WORKERS ?? '1', 'WORKERS'),
    vodMediaDir: resolve(env.VOD_MEDIA_DIR ?? resolve(import.meta.dirname, 'vod', 'media')),
    vodTokenSeconds: positive(env.VOD_TOKEN_SECONDS ?? '120', 'VOD_TOKEN_SECONDS'),
    vodPlayGraceSeconds: positive(env.VOD_PLAY_GRACE_SECONDS ?? '600', 'VOD_PLAY_GRACE_SECONDS'),
    smtpUrl: env.SMTP_URL || undefined,
    mailOutbox: !env.SMTP_URL && env.DEV_OUTBOX === '1' && !production,
    mailFrom: env.MAIL_FROM || 'Tickets <tickets@localhost>',
    messagesIntervalSeconds: positive(env.MESSAGES_INTERVAL_SECONDS ?? '2', 'MESSAGES_INTERVAL_SECONDS'),
  };
}

/**
 * TRUST_PROXY: unset or 0/false, trust no proxy (the socket's address is the client's); true, trust every
 * hop (only when the box office is unreachable except through the proxy); a number, that many hops; or
 * a comma list of proxy addresses and CIDR ranges.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list)
    if (
      !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry) &&
      !['loopback', 'linklocal', 'uniquelocal'].includes(entry)
    )
      throw new ConfigError(`TRUST_PROXY: '${entry}' is not an address, a CIDR range, a hop count or true`);
  return list;
}

function parseOrigins(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of list)
    if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin))
      throw new ConfigError(`CSP_PAYMENT_ORIGINS: '${origin}' is not an https origin (https://host[:port])`);
  return list;
}

function parseSmsSender(value: string | undefined): 'outbox' | 'http' {
  if (value === undefined || value === '' || value === 'outbox') return 'outbox';
  if (value === 'http') return 'http';
  throw new ConfigError(`SMS_SENDER must be 'outbox' or 'http', got '${value}'`);
}

export function parseLocales(value: string | undefined): Locale[] {
  if (!value) return [...DEFAULT_LOCALES];
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const locales = list.map((l) => {
    const parsed = LocaleSchema.safeParse(l);
    if (!parsed.success) {
      throw new ConfigError(`ENABLED_LOCALES: '${l}' is not one of ${supportedLocales.join(', ')}`);
    }
    return parsed.data;
  });
  if (locales.length === 0) throw new ConfigError('ENABLED_LOCALES lists no locale');
  return [...new Set(locales)];
}

function positive(value: string, name: string): number {
  const n = parseIntStrict(value, name);
  if (n === 0) throw new ConfigError(`${name} must be at least 1, got '${value}'`);
  return n;
}

function parseIntStrict(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new ConfigError(`${name} must be a non-negative integer, got '${value}'`);
  return n;
}
