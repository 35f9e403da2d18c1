import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, type Locale, rtlLocales } from '../api/contract/constants.ts';

type Messages = Record<string, unknown>;

// Each locale is its own chunk, loaded on demand.
const loaders = import.meta.glob<Messages>('../../locales/*.json', { import: 'default' });

const loading = new Map<Locale, Promise<Messages>>();

function loadMessages(locale: Locale): Promise<Messages> {
  let messages = loading.get(locale);
  if (!messages) {
    const load = loaders[`../../locales/${locale}.json`];
    if (!load) return Promise.reject(new Error(`no locale file for ${locale}`));
    messages = load();
    // A failed load may be retried (a flaky network at boot).
    messages.catch(() => loading.delete(locale));
    loading.set(locale, messages);
  }
  return messages;
}

/**
 * Starts loading a locale's messages before they are needed (main.tsx: the likely locale, while the
 * session call is in flight); initI18n and changeLocale then reuse the same request.
 */
export function preloadMessages(locale: string | null): void {
  if (isLocale(locale)) void loadMessages(locale).catch(() => undefined);
}

export const LOCALE_STORAGE_KEY = 'shop.locale';

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return rtlLocales.has(locale) ? 'rtl' : 'ltr';
}

/** Sets <html lang dir>: the document follows the customer's language. */
export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

export interface LocaleChoice {
  locale: Locale;
  /** The `language` query parameter named a locale that is not enabled: show the 404 page. */
  invalidQuery: boolean;
}

/** Query parameter first (it must be enabled), then the customer's saved choice, then the default. */
export function chooseLocale(
  search: string,
  enabled: readonly Locale[],
  fallback: Locale,
  saved: string | null,
): LocaleChoice {
  const asked = new URLSearchParams(search).get('language');
  if (asked !== null) {
    if (isLocale(asked) && enabled.includes(asked)) return { locale: asked, invalidQuery: false };
    return { locale: savedOr(saved, enabled, fallback), invalidQuery: true };
  }
  return { locale: savedOr(saved, enabled, fallback), invalidQuery: false };
}

function savedOr(saved: string | null, enabled: readonly Locale[], fallback: Locale): Locale {
  return isLocale(saved) && enabled.includes(saved) ? saved : fallback;
}

/**
 * Starts i18next with the customer's locale only: every locale file holds every key
 * (test/locales.test.ts), so the fallback's file is a safety net, loaded after the first page rather
 * than on its critical path (it would add a second locale file, ~17 KB gzip, to a first visit).
 */
export async function initI18n(locale: Locale, fallback: Locale): Promise<typeof i18next> {
  const resources: Resource = { [locale]: { translation: await loadMessages(locale) } };
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: fallback,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLocale(locale);
  if (fallback !== locale) {
    const addFallback = () =>
      loadMessages(fallback).then(
        (messages) => {
          if (!i18next.hasResourceBundle(fallback, 'translation'))
            i18next.addResourceBundle(fallback, 'translation', messages);
        },
        () => undefined, // a key missing from the customer's locale then shows as its key
      );
    // Once the first page has had its turn: a couple of seconds, then the next idle moment.
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void addFallback());
      else void addFallback();
    }, 2000);
  }
  return i18next;
}

/** Switches the language: loads its messages, then flips the document's lang and direction. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    i18next.addResourceBundle(locale, 'translation', await loadMessages(locale));
  }
  await i18next.changeLanguage(locale);
  applyDocumentLocale(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}
