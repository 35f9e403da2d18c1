import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, LOCALE_COOKIE, type Locale, rtlLocales } from '../api/contract/constants.ts';
import type { LocalePart } from './localeParts.ts';

type Messages = Record<string, unknown>;

// Each locale is three chunks, loaded on demand: its core (the shell and the board), the rest of the
// customer's pages, and the staff's (localeParts.ts).
const loaders: Record<LocalePart, Record<string, () => Promise<Messages>>> = {
  core: import.meta.glob<Messages>('../../locales/*.json', { query: '?core', import: 'default' }),
  rest: import.meta.glob<Messages>('../../locales/*.json', { query: '?rest', import: 'default' }),
  staff: import.meta.glob<Messages>('../../locales/*.json', { query: '?staff', import: 'default' }),
};

const loading = new Map<string, Promise<Messages>>();

function loadPart(locale: Locale, part: LocalePart): Promise<Messages> {
  const key = `${locale}:${part}`;
  let messages = loading.get(key);
  if (!messages) {
    const load = loaders[part][`../../locales/${locale}.json`];
    if (!load) return Promise.reject(new Error(`no locale file for ${locale}`));
    messages = load();
    // A failed load may be retried (a flaky network at boot).
    messages.catch(() => loading.delete(key));
    loading.set(key, messages);
  }
  return messages;
}

/** A locale's customer texts (core and rest), merged; the staff's are added apart (addStaffTexts). */
async function loadMessages(locale: Locale): Promise<Messages> {
  const [core, rest] = await Promise.all([loadPart(locale, 'core'), loadPart(locale, 'rest')]);
  return mergeMessages(core, rest);
}

/** Set once a staff page asked for its texts: a change of language then loads them too. */
let staffWanted = false;
const staffAdded = new Map<Locale, Promise<void>>();

/** Adds a locale's staff texts to i18next once. */
function addStaffTexts(locale: Locale): Promise<void> {
  let done = staffAdded.get(locale);
  if (!done) {
    done = loadPart(locale, 'staff').then((staff) => {
      i18next.addResourceBundle(locale, 'translation', staff, true, false);
    });
    done.catch(() => staffAdded.delete(locale));
    staffAdded.set(locale, done);
  }
  return done;
}

function mergeMessages(a: Messages, b: Messages): Messages {
  const out: Messages = { ...a };
  for (const [ns, value] of Object.entries(b)) {
    const mine = out[ns];
    out[ns] =
      typeof mine === 'object' && mine !== null && typeof value === 'object' && value !== null
        ? { ...mine, ...value }
        : value;
  }
  return out;
}

const completed = new Set<Locale>();
const completing = new Map<Locale, Promise<void>>();

/** Adds the rest of a locale's texts to i18next once (it has the core already). */
function completeLocale(locale: Locale): Promise<void> {
  if (completed.has(locale)) return Promise.resolve();
  let done = completing.get(locale);
  if (!done) {
    done = loadPart(locale, 'rest').then(
      (rest) => {
        i18next.addResourceBundle(locale, 'translation', rest, true, false);
        completed.add(locale);
      },
      (err: unknown) => {
        completing.delete(locale);
        throw err;
      },
    );
    completing.set(locale, done);
  }
  return done;
}

/**
 * Resolves when every text of the customer's language is loaded: every page but the board waits for it
 * before it renders (src/app/routes.tsx), as does anything the shell loads on use.
 */
export function localeReady(): Promise<void> {
  // The router loads a page as soon as it starts, which may be before i18next has its language.
  return started.then(() => {
    const locale = i18next.language;
    return isLocale(locale) ? completeLocale(locale) : undefined;
  });
}

/** Resolves when the staff's texts are loaded too (the back office, the door, the plan preview). */
export function staffTextsReady(): Promise<void> {
  staffWanted = true;
  return started.then(async () => {
    const locale = i18next.language;
    if (isLocale(locale)) await Promise.all([completeLocale(locale), addStaffTexts(locale)]);
  });
}

let markStarted: () => void = () => undefined;
/** Resolves once initI18n has set the customer's language. */
const started = new Promise<void>((done) => {
  markStarted = done;
});

/** Runs `task` once the browser is idle (or soon, where it cannot tell). */
function whenIdle(task: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 1);
}

/**
 * Starts loading a locale's core texts before they are needed (main.tsx: the likely locale, while the
 * session call is in flight); initI18n and changeLocale then reuse the same request.
 */
export function preloadMessages(locale: string | null): void {
  if (isLocale(locale)) void loadPart(locale, 'core').catch(() => undefined);
}

export const LOCALE_STORAGE_KEY = 'shop.locale';

/** A cookie's raw value in `document.cookie`'s form ("a=1; b=2"), or null (a locale needs no decoding). */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The language the customer had last: the cookie every visit writes (a `?language=` link's too, not
 * only the menu's choice) and the box office writes the first screen in, so the page a reload draws
 * speaks the same language as that screen; else the choice this browser stored before the cookie.
 */
export function savedLocale(): string | null {
  const fromCookie = cookieValue(document.cookie, LOCALE_COOKIE);
  if (fromCookie) return fromCookie;
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null; // private modes may refuse storage
  }
}

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
  const resources: Resource = { [locale]: { translation: await loadPart(locale, 'core') } };
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: fallback,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLocale(locale);
  rememberLocaleForPages(locale);
  markStarted();
  // The rest of the customer's texts once the first page has painted (a page that needs them sooner asks
  // for them itself: localeReady).
  setTimeout(() => whenIdle(() => void completeLocale(locale).catch(() => undefined), 2000), 1000);
  if (fallback !== locale) {
    const addFallback = () =>
      loadMessages(fallback).then(
        (messages) => {
          if (!i18next.hasResourceBundle(fallback, 'translation')) {
            i18next.addResourceBundle(fallback, 'translation', messages);
            completed.add(fallback);
          }
        },
        () => undefined, // a key missing from the customer's locale then shows as its key
      );
    // Once the first page has had its turn: a couple of seconds, then the next idle moment.
    setTimeout(() => whenIdle(() => void addFallback(), 5000), 2000);
  }
  return i18next;
}

/** Switches the language: loads its messages, then flips the document's lang and direction. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!completed.has(locale)) {
    i18next.addResourceBundle(locale, 'translation', await loadMessages(locale), true, false);
    completed.add(locale);
  }
  if (staffWanted) await addStaffTexts(locale);
  await i18next.changeLanguage(locale);
  applyDocumentLocale(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
  rememberLocaleForPages(locale);
}

/**
 * The language as a cookie too, so the box office writes the next page's first screen in it
 * (server/http/shopPages.ts). A year; the page's own scripts read nothing from it.
 */
function rememberLocaleForPages(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
