import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseLocales, parseTrustProxy } from './config.ts';

describe('loadConfig', () => {
  it('has sensible defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.enabledLocales).toEqual(['he', 'en', 'ru']);
    expect(config.defaultLocale).toBe('he');
    expect(isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.maxSeatsPerTransaction).toBe(10);
    expect(config.staticDir).toBeDefined();
    expect(isAbsolute(config.staticDir ?? '')).toBe(true);
    expect(config.seed).toBe(true);
    expect(config.cookieSecure).toBe(false);
  });

  it('reads the port', () => {
    expect(loadConfig({ PORT: '8080' }).port).toBe(8080);
  });

  it('makes a relative data dir absolute', () => {
    const config = loadConfig({ DATA_DIR: 'var/shop' });
    expect(isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir.endsWith('/var/shop')).toBe(true);
  });

  it('enables the listed locales and defaults to the first when Hebrew is not among them', () => {
    const config = loadConfig({ ENABLED_LOCALES: 'en,pl' });
    expect(config.enabledLocales).toEqual(['en', 'pl']);
    expect(config.defaultLocale).toBe('en');
  });

  it('keeps Hebrew as the default when it is enabled, wherever it is listed', () => {
    const config = loadConfig({ ENABLED_LOCALES: 'ar,en,he' });
    expect(config.enabledLocales).toEqual(['ar', 'en', 'he']);
    expect(config.defaultLocale).toBe('he');
  });

  it('removes duplicate locales and surrounding spaces', () => {
    expect(loadConfig({ ENABLED_LOCALES: 'en, ru,en ,ru' }).enabledLocales).toEqual(['en', 'ru']);
  });

  it('refuses an unsupported locale, naming it', () => {
    expect(() => loadConfig({ ENABLED_LOCALES: 'en,de' })).toThrow(/'de'/);
  });

  it('refuses a locale list with no locale in it', () => {
    expect(() => parseLocales(' , ,')).toThrow(/ENABLED_LOCALES/);
  });

  it.each(['abc', '-1', '3000.5'])('refuses the bad port %s', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it('refuses a bad seat limit', () => {
    expect(() => loadConfig({ MAX_SEATS_PER_TRANSACTION: 'many' })).toThrow(/MAX_SEATS_PER_TRANSACTION/);
  });

  it('serves no static files when STATIC_DIR is empty', () => {
    expect(loadConfig({ STATIC_DIR: '' }).staticDir).toBeUndefined();
  });

  it('resolves a given STATIC_DIR to an absolute path', () => {
    const staticDir = loadConfig({ STATIC_DIR: 'public-build' }).staticDir;
    expect(staticDir && isAbsolute(staticDir)).toBe(true);
    expect(staticDir?.endsWith('/public-build')).toBe(true);
  });

  it('passes DATABASE_URL through', () => {
    const url = 'postgres://shop:secret@db.example:5432/tickets';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reads the seed, cookie and log switches', () => {
    const config = loadConfig({ SEED: '0', COOKIE_SECURE: '1', LOG_LEVEL: 'warn' });
    expect(config.seed).toBe(false);
    expect(config.cookieSecure).toBe(true);
    expect(config.logLevel).toBe('warn');
  });

  it('counts the rate limits in the database where processes share PostgreSQL, or as LIMITS_SHARED says', () => {
    const url = 'postgres://shop@db.example/tickets';
    expect(loadConfig({}).limits.shared).toBe(false);
    expect(loadConfig({ DATABASE_URL: url }).limits.shared).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, WORKERS: '4' }).limits.shared).toBe(true);
    expect(loadConfig({ DATABASE_URL: url, WORKERS: '4', LIMITS_SHARED: '0' }).limits.shared).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, LIMITS_SHARED: '1' }).limits.shared).toBe(true);
    expect(() => loadConfig({ LIMITS_SHARED: 'yes' })).toThrow("LIMITS_SHARED must be 1 or 0, got 'yes'");
  });
});

describe('production start-up', () => {
  const production = {
    NODE_ENV: 'production',
    SMS_SENDER: 'http',
    SMS_GATEWAY_URL: 'https://sms.example',
    AUTH_SECRET: 'x'.repeat(48),
    PUBLIC_URL: 'https://tickets.example',
    COOKIE_SECURE: '1',
    SMTP_URL: 'smtp://mail.example:587',
  };
  /** The problems one ConfigError lists, one a line. */
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems;
    }
    return [];
  };

  it('starts with safe settings', () => {
    expect(loadConfig(production).production).toBe(true);
  });

  it('refuses to keep order confirmations in the mail outbox', () => {
    expect(problemsOf({ ...production, SMTP_URL: '' })).toEqual([
      expect.stringMatching(/^NODE_ENV=production: SMTP_URL is not set/),
    ]);
  });

  it('refuses the development SMS outbox and says what to set', () => {
    expect(() => loadConfig({ ...production, SMS_SENDER: '' })).toThrow(/SMS_SENDER=http/);
    expect(problemsOf({ ...production, SMS_GATEWAY_URL: '' })).toEqual([
      expect.stringMatching(/SMS_GATEWAY_URL/),
    ]);
  });

  it('refuses to start without AUTH_SECRET, or with a short one', () => {
    expect(() => loadConfig({ ...production, AUTH_SECRET: '' })).toThrow(/AUTH_SECRET is not set/);
    expect(() => loadConfig({ ...production, AUTH_SECRET: '' })).toThrow(ConfigError);
    expect(problemsOf({ ...production, AUTH_SECRET: 'secret' })).toEqual([
      expect.stringMatching(/AUTH_SECRET .*at least 32/),
    ]);
  });

  it('refuses DEV_OUTBOX=1, and shows the outbox only outside production with DEV_OUTBOX=1', () => {
    expect(() => loadConfig({ ...production, DEV_OUTBOX: '1' })).toThrow(/DEV_OUTBOX/);
    expect(loadConfig(production).smsOutbox).toBe(false);
    expect(loadConfig({}).smsOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: '1' }).smsOutbox).toBe(true);
    expect(loadConfig({ DEV_OUTBOX: '1', SMS_SENDER: 'http' }).smsOutbox).toBe(false);
  });

  it('refuses a PUBLIC_URL left at localhost or without https, and cookies without Secure', () => {
    for (const url of ['', 'https://localhost:3000', 'https://127.0.0.1', 'not a url'])
      expect(problemsOf({ ...production, PUBLIC_URL: url }), url).toEqual([
        expect.stringMatching(/^NODE_ENV=production: PUBLIC_URL/),
      ]);
    expect(problemsOf({ ...production, PUBLIC_URL: 'http://tickets.example', COOKIE_SECURE: '' })).toEqual([
      expect.stringMatching(/PUBLIC_URL .*https/),
      expect.stringMatching(/COOKIE_SECURE=1/),
    ]);
  });

  it('lists every missing and unsafe setting at once, each on its own line', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DEV_OUTBOX: '1' });
    expect(problems).toEqual([
      expect.stringMatching(/SMS_SENDER/),
      expect.stringMatching(/AUTH_SECRET is not set/),
      expect.stringMatching(/DEV_OUTBOX/),
      expect.stringMatching(/PUBLIC_URL/),
      expect.stringMatching(/SMTP_URL/),
      expect.stringMatching(/COOKIE_SECURE/),
    ]);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: '1' })).toThrow(
      `6 settings to fix:\n- ${problems.join('\n- ')}`,
    );
  });

  it('lists the values it cannot read along with them', () => {
    const problems = problemsOf({ ...production, AUTH_SECRET: '', PORT: 'abc', ENABLED_LOCALES: 'en,de' });
    expect(problems).toEqual([
      expect.stringMatching(/^ENABLED_LOCALES: 'de'/),
      expect.stringMatching(/^PORT must be/),
      expect.stringMatching(/AUTH_SECRET is not set/),
    ]);
  });
});

describe('bad values outside production', () => {
  it('lists every value it cannot read at once', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', MAX_SEATS_PER_TRANSACTION: 'many', SMS_SENDER: 'pigeon' }),
    ).toThrow(/^3 settings to fix:\n- SMS_SENDER .*\n- PORT .*\n- MAX_SEATS_PER_TRANSACTION .*$/);
  });

  it('asks nothing of production settings', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:5173', AUTH_SECRET: 's' }).cookieSecure).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, or a hop count, every hop, or listed addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ]);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });
});
