import { resolve } from 'node:path';
import { type Locale, LocaleSchema, supportedLocales } from '../src/api/contract/common.ts';

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
  /** The shop and GET /api/dev/sms-outbox show the outbox (never in production). */
  smsOutbox: boolean;
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
}

const DEFAULT_LOCALES: Locale[] = ['he', 'en', 'ru'];

/** Reads the configuration from the environment; bad values stop the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const enabledLocales = parseLocales(env.ENABLED_LOCALES);
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
    smsSender: parseSmsSender(env.SMS_SENDER),
    smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || undefined,
    smsOutbox: (env.SMS_SENDER ?? 'outbox') === 'outbox' && env.NODE_ENV !== 'production',
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
  };
}

function parseSmsSender(value: string | undefined): 'outbox' | 'http' {
  if (value === undefined || value === '' || value === 'outbox') return 'outbox';
  if (value === 'http') return 'http';
  throw new Error(`SMS_SENDER must be 'outbox' or 'http', got '${value}'`);
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
      throw new Error(`ENABLED_LOCALES: '${l}' is not one of ${supportedLocales.join(', ')}`);
    }
    return parsed.data;
  });
  if (locales.length === 0) throw new Error('ENABLED_LOCALES lists no locale');
  return [...new Set(locales)];
}

function positive(value: string, name: string): number {
  const n = parseIntStrict(value, name);
  if (n === 0) throw new Error(`${name} must be at least 1, got '${value}'`);
  return n;
}

function parseIntStrict(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got '${value}'`);
  return n;
}
