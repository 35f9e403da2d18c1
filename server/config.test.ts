import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseLocales } from './config.ts';

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
});
