import { resolve } from 'node:path';
import { type ProviderCredentials, readProviderCredentials } from './services/payments/credentials.ts';
import { type Locale, LocaleSchema, supportedLocales } from '../src/api/contract/common.ts';
import { productionProblems } from './configChecks.ts';
import type { AbuseLimits } from './configLimits.ts';

/**
 * Settings the box office cannot start with; main prints its message alone (no stack). loadConfig lists
 * every problem it found, one a line, so that an operator fixes them in one go.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: string[];

  constructor(problems: string | string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.length === 1 ? list[0] : `${list.length} settings to fix:\n- ${list.join('\n- ')}`);
    this.problems = list;
  }
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  /** DB_PREPARED_STATEMENTS: hot statements prepared by name on PostgreSQL (db/preparedStatements.ts). */
  databasePrepared: boolean;
  /** DATABASE_POOL_SIZE: PostgreSQL connections per process (the host's ten shared among its workers). */
  databasePoolSize: number;
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
  /** NODE_ENV=production: start-up refuses development shortcuts and unsafe settings (configChecks.ts). */
  production: boolean;
  /** Fastify's trustProxy: the client address comes from X-Forwarded-For through these proxies. */
  trustProxy: boolean | number | string[];
  /** Abuse limits (issues 14, 15): seats held at once; lock, commit and code-lookup rates. */
  limits: AbuseLimits;
  /** Origins of the payment provider's pages and APIs the shop loads or posts to (CSP). */
  paymentOrigins: string[];
  /** The real payment providers' keys and addresses, from the environment only (issue 38). */
  providers: ProviderCredentials;
  /** Origins besides PUBLIC_URL's whose pages may make cookie-session calls (server/http/originGuard.ts). */
  allowedOrigins: string[];
  /** GET /metrics answers only `Authorization: Bearer <token>` when set. */
  metricsToken: string | undefined;
  /** A request whose headers and body have not all arrived after this long is answered 408. */
  requestTimeoutMs: number;
  /** Seconds a shutdown waits for requests in flight (a commit talking to the acquirer) before it gives up. */
  shutdownGraceSeconds: number;
  /** Where customers reach the shop (login links in SMS). */
  publicUrl: string;
  /**
   * TRUSTED_LINK_HOSTS: hosts an external link (`/http…`) leads to at once; other hosts get a "leaving"
   * page first. The hosts the settings name (terms, order-received page, partners, PUBLIC_URL) are added.
   */
  trustedLinkHosts: string[];
  /** Hashes one-time codes; generated and kept in the database when unset. */
  authSecret: string | undefined;
  /** FIRST_ADMIN_USERNAME / FIRST_ADMIN_PASSWORD: the venue's first admin, made once if none exists. */
  firstAdmin: { username: string; password: string } | undefined;
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

export type { AbuseLimits } from './configLimits.ts';

const DEFAULT_LOCALES: Locale[] = ['he', 'en', 'ru'];

/** The problems loadConfig has found so far; null outside it, where a parser throws at once. */
let found: string[] | null = null;

/**
 * A bad setting: outside loadConfig thrown; inside, noted and read as `fallback` meanwhile (loadConfig
 * throws in the end), so that every bad setting is listed. A fallback passes the checks that follow.
 */
function invalid<T>(problem: string, fallback: T): T {
  if (!found) throw new ConfigError(problem);
  found.push(problem);
  return fallback;
}

/** The first admin's one-time setting: both or neither; a password of 12 characters or more. */
function parseFirstAdmin(
  username: string | undefined,
  password: string | undefined,
): ServerConfig['firstAdmin'] {
  if (!username && !password) return undefined;
  const name = (username ?? '').trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9._-]{2,39}$/.test(name))
    return invalid(
      'FIRST_ADMIN_USERNAME must be 3 to 40 letters, digits, dots, dashes or underscores',
      undefined,
    );
  if (!password || password.length < 12)
    return invalid(
      'FIRST_ADMIN_PASSWORD must be at least 12 characters (it is changed at the first login)',
      undefined,
    );
  return { username: name, password };
}

/**
 * Reads the configuration from the environment. One ConfigError lists every value it cannot read and,
 * with NODE_ENV=production, every missing or unsafe setting (configChecks.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const outer = found;
  found = [];
  try {
    const config = readConfig(env);
    const problems = new Set([...found, ...(config.production ? productionProblems(env, config) : [])]);
    if (problems.size > 0) throw new ConfigError([...problems]);
    return config;
  } finally {
    found = outer;
  }
}

function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const enabledLocales = parseLocales(env.ENABLED_LOCALES);
  const production = env.NODE_ENV === 'production';
  const smsSender = parseSmsSender(env.SMS_SENDER);
  return {
    port: parseIntStrict(env.PORT ?? '3000', 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    databasePrepared: flag(env.DB_PREPARED_STATEMENTS, 'DB_PREPARED_STATEMENTS', true),
    databasePoolSize: positive(
      env.DATABASE_POOL_SIZE || String(Math.max(2, Math.round(10 / (Number(env.WORKERS) || 1)))),
      'DATABASE_POOL_SIZE',
    ),
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
      heldSeatsPerAddressPerShowPercent: percent(
        env.LIMIT_HELD_SEATS_PER_ADDRESS_PER_SHOW_PERCENT ?? '3',
        'LIMIT_HELD_SEATS_PER_ADDRESS_PER_SHOW_PERCENT',
      ),
      heldSeatsPerAddressPerShowMin: positive(
        env.LIMIT_HELD_SEATS_PER_ADDRESS_PER_SHOW_MIN ??
          String(2 * parseIntStrict(env.MAX_SEATS_PER_TRANSACTION ?? '10', 'MAX_SEATS_PER_TRANSACTION')),
        'LIMIT_HELD_SEATS_PER_ADDRESS_PER_SHOW_MIN',
      ),
      holdRetakeSeconds: parseIntStrict(env.LIMIT_HOLD_RETAKE_SECONDS ?? '600', 'LIMIT_HOLD_RETAKE_SECONDS'),
      visitorIdsPerMinutePerAddress: positive(
        env.LIMIT_VISITOR_IDS_PER_MINUTE_PER_ADDRESS ?? '60',
        'LIMIT_VISITOR_IDS_PER_MINUTE_PER_ADDRESS',
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
      smsPerNumber: positive(env.LIMIT_SMS_PER_15MIN_PER_NUMBER ?? '3', 'LIMIT_SMS_PER_15MIN_PER_NUMBER'),
      smsPerAddress: positive(env.LIMIT_SMS_PER_15MIN_PER_ADDRESS ?? '10', 'LIMIT_SMS_PER_15MIN_PER_ADDRESS'),
      // On by default where processes share a database: PostgreSQL (a SQLite box office is one process).
      shared: flag(env.LIMITS_SHARED, 'LIMITS_SHARED', !!env.DATABASE_URL && Number(env.WORKERS) > 1),
    },
    paymentOrigins: parseOrigins(env.CSP_PAYMENT_ORIGINS),
    providers: readProviderCredentials(env, (problem) => invalid(problem, null)),
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    metricsToken: env.METRICS_TOKEN || undefined,
    requestTimeoutMs: positive(env.REQUEST_TIMEOUT_MS ?? '30000', 'REQUEST_TIMEOUT_MS'),
    shutdownGraceSeconds: positive(env.SHUTDOWN_GRACE_SECONDS ?? '25', 'SHUTDOWN_GRACE_SECONDS'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT ?? '3000'}`).replace(/\/+$/, ''),
    trustedLinkHosts: parseHosts(env.TRUSTED_LINK_HOSTS, 'TRUSTED_LINK_HOSTS'),
    authSecret: env.AUTH_SECRET || undefined,
    firstAdmin: parseFirstAdmin(env.FIRST_ADMIN_USERNAME, env.FIRST_ADMIN_PASSWORD),
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
  const list = commaList(v);
  for (const entry of list)
    if (
      !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry) &&
      !['loopback', 'linklocal', 'uniquelocal'].includes(entry)
    )
      return invalid(`TRUST_PROXY: '${entry}' is not an address, a CIDR range, a hop count or true`, false);
  return list;
}

/** The trimmed, non-empty entries of a comma list. */
function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseOrigins(value: string | undefined): string[] {
  const list = commaList(value);
  for (const origin of list)
    if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin))
      return invalid(`CSP_PAYMENT_ORIGINS: '${origin}' is not an https origin (https://host[:port])`, []);
  return list;
}

/** ALLOWED_ORIGINS: a comma list of http(s) origins (scheme://host[:port], no path). */
function parseAllowedOrigins(value: string | undefined): string[] {
  const list = commaList(value);
  for (const origin of list)
    if (
      !/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin) &&
      !/^https?:\/\/\[[0-9a-f:]+\](:\d+)?$/i.test(origin)
    )
      return invalid(`ALLOWED_ORIGINS: '${origin}' is not an origin (http[s]://host[:port])`, []);
  return list.map((o) => new URL(o).origin);
}

/** A whole number of per cent, 1 to 100. */
function percent(value: string, name: string): number {
  const n = parseIntStrict(value, name);
  if (n < 1 || n > 100) return invalid(`${name} must be a whole per cent from 1 to 100, got '${value}'`, 1);
  return n;
}

/** A comma list of host names (no scheme, port or path; IDN as punycode), lower-cased. */
export function parseHosts(value: string | undefined, name: string): string[] {
  const list = commaList(value).map((h) => h.toLowerCase());
  for (const host of list)
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host))
      return invalid(`${name}: '${host}' is not a host name (like tickets.venue.example)`, []);
  return [...new Set(list)];
}

function parseSmsSender(value: string | undefined): 'outbox' | 'http' {
  if (value === undefined || value === '' || value === 'outbox') return 'outbox';
  if (value === 'http') return 'http';
  return invalid(`SMS_SENDER must be 'outbox' or 'http', got '${value}'`, 'outbox');
}

export function parseLocales(value: string | undefined): Locale[] {
  if (!value) return [...DEFAULT_LOCALES];
  const list = commaList(value);
  const locales = list.map((l) => {
    const parsed = LocaleSchema.safeParse(l);
    if (!parsed.success) {
      return invalid(`ENABLED_LOCALES: '${l}' is not one of ${supportedLocales.join(', ')}`, 'he');
    }
    return parsed.data;
  });
  if (locales.length === 0) return invalid('ENABLED_LOCALES lists no locale', [...DEFAULT_LOCALES]);
  return [...new Set(locales)];
}

/** A 1/0 switch; unset or empty, `fallback`. */
function flag(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === '1' || (value !== '0' && invalid(`${name} must be 1 or 0, got '${value}'`, fallback));
}

function positive(value: string, name: string): number {
  const n = parseIntStrict(value, name);
  if (n === 0) return invalid(`${name} must be at least 1, got '${value}'`, 1);
  return n;
}

function parseIntStrict(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    return invalid(`${name} must be a non-negative integer, got '${value}'`, 1);
  return n;
}
