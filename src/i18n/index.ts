import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Locale, LocaleSchema, rtlLocales } from '../api/contract/common.ts';

type Messages = Record<string, unknown>;

// Each locale is its own chunk, loaded on demand.
const loaders = import.meta.glob<Messages>('../../locales/*.json', { import: 'default' });

async function loadMessages(locale: Locale): Promise<Messages> {
  const load = loaders[`../../locales/${locale}.json`];
  if (!load) throw new Error(`no locale file for ${locale}`);
  return load();
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
    const parsed = LocaleSchema.safeParse(asked);
    if (parsed.success && enabled.includes(parsed.data)) return { locale: parsed.data, invalidQuery: false };
    return { locale: savedOr(saved, enabled, fallback), invalidQuery: true };
  }
  return { locale: savedOr(saved, enabled, fallback), invalidQuery: false };
}

function savedOr(saved: string | null, enabled: readonly Locale[], fallback: Locale): Locale {
  const parsed = LocaleSchema.safeParse(saved);
  return parsed.success && enabled.includes(parsed.data) ? parsed.data : fallback;
}

export async function initI18n(locale: Locale, fallback: Locale): Promise<typeof i18next> {
  const resources: Resource = {};
  const wanted = [...new Set([locale, fallback])];
  const loaded = await Promise.all(wanted.map(loadMessages));
  wanted.forEach((l, i) => {
    resources[l] = { translation: loaded[i] as Messages };
  });
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: fallback,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLocale(locale);
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
