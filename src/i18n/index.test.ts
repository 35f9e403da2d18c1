// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../api/contract/common.ts';
import {
  chooseLocale,
  cookieValue,
  directionOf,
  initI18n,
  LOCALE_STORAGE_KEY,
  localeReady,
  savedLocale,
} from './index.ts';

const enabled: readonly Locale[] = ['he', 'en', 'ru'];

describe('chooseLocale', () => {
  it('takes an enabled locale from the language query parameter', () => {
    expect(chooseLocale('?language=en', enabled, 'he', null)).toEqual({ locale: 'en', invalidQuery: false });
  });

  it('prefers the query parameter over the saved choice', () => {
    expect(chooseLocale('?language=ru', enabled, 'he', 'en')).toEqual({ locale: 'ru', invalidQuery: false });
  });

  it('reads the language parameter among other parameters', () => {
    expect(chooseLocale('?date=2026-03-10&language=en', enabled, 'he', null)).toEqual({
      locale: 'en',
      invalidQuery: false,
    });
  });

  it('flags a supported but not enabled locale and keeps the saved choice', () => {
    expect(chooseLocale('?language=pl', enabled, 'he', 'ru')).toEqual({ locale: 'ru', invalidQuery: true });
  });

  it('flags a supported but not enabled locale and uses the default without a saved choice', () => {
    expect(chooseLocale('?language=pl', enabled, 'he', null)).toEqual({ locale: 'he', invalidQuery: true });
  });

  it('flags an unknown language value', () => {
    expect(chooseLocale('?language=xx', enabled, 'he', 'en')).toEqual({ locale: 'en', invalidQuery: true });
    expect(chooseLocale('?language=', enabled, 'he', null)).toEqual({ locale: 'he', invalidQuery: true });
  });

  it('uses the saved locale when there is no query and it is enabled', () => {
    expect(chooseLocale('', enabled, 'he', 'en')).toEqual({ locale: 'en', invalidQuery: false });
  });

  it('uses the default when there is no query and nothing saved', () => {
    expect(chooseLocale('', enabled, 'he', null)).toEqual({ locale: 'he', invalidQuery: false });
    expect(chooseLocale('', ['en', 'pl'], 'en', null)).toEqual({ locale: 'en', invalidQuery: false });
  });

  it('ignores a saved locale that is not enabled', () => {
    expect(chooseLocale('', enabled, 'he', 'pl')).toEqual({ locale: 'he', invalidQuery: false });
  });

  it('ignores a saved value that is not a locale at all', () => {
    expect(chooseLocale('', enabled, 'he', 'klingon')).toEqual({ locale: 'he', invalidQuery: false });
  });

  it('ignores other query parameters', () => {
    expect(chooseLocale('?date=2026-03-10', enabled, 'he', 'ru')).toEqual({
      locale: 'ru',
      invalidQuery: false,
    });
  });
});

describe('savedLocale', () => {
  const clearCookie = () => (document.cookie = 'shop_locale=; Max-Age=0; Path=/');

  it('reads the language cookie every visit writes, before the stored menu choice', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'ru');
    document.cookie = 'shop_locale=en; Path=/';
    expect(savedLocale()).toBe('en');
    clearCookie();
    expect(savedLocale()).toBe('ru');
    localStorage.removeItem(LOCALE_STORAGE_KEY);
    expect(savedLocale()).toBeNull();
  });

  it('finds a cookie among others, by its whole name', () => {
    expect(cookieValue('a=1; shop_locale=en; b=2', 'shop_locale')).toBe('en');
    expect(cookieValue('xshop_locale=ru; shop_locale=he', 'shop_locale')).toBe('he');
    expect(cookieValue('a=1', 'shop_locale')).toBeNull();
    expect(cookieValue('', 'shop_locale')).toBeNull();
  });
});

describe('directionOf', () => {
  it('is right-to-left for Hebrew and Arabic', () => {
    expect(directionOf('he')).toBe('rtl');
    expect(directionOf('ar')).toBe('rtl');
  });

  it('is left-to-right for English, Russian and Polish', () => {
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('ru')).toBe('ltr');
    expect(directionOf('pl')).toBe('ltr');
  });
});

describe('initI18n', () => {
  it('starts with the core of the customer’s locale, then its rest, then the fallback’s after the first page', async () => {
    vi.useFakeTimers();
    try {
      const i18n = await initI18n('en', 'he');
      expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
      expect(i18n.hasResourceBundle('he', 'translation')).toBe(false);
      expect(document.documentElement.lang).toBe('en');
      expect(document.documentElement.dir).toBe('ltr');
      // The board's texts are there at once; the checkout's come when the page is idle.
      expect(i18n.exists('events.title')).toBe(true);
      expect(i18n.exists('order.pay')).toBe(false);
      await vi.advanceTimersByTimeAsync(1010);
      await vi.waitFor(() => expect(i18n.exists('order.pay')).toBe(true));
      await expect(localeReady()).resolves.toBeUndefined();
      await vi.advanceTimersByTimeAsync(2100);
      await vi.waitFor(() => expect(i18n.hasResourceBundle('he', 'translation')).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });
});
