import { proxy } from 'valtio';
import type { Locale } from '../api/contract/common.ts';
import type { MenuEntry, Settings } from '../api/contract/session.ts';
import { configureCaptcha } from '../api/captcha.ts';
import { ApiCallError, setVisitorUuid } from '../api/client.ts';
import { api } from '../api/endpoints.ts';
import { configureVenue } from '../i18n/format.ts';

/** The visitor's session: the anonymous uuid (authentication state), the shop settings, the language. */
export interface SessionState {
  uuid: string | null;
  settings: Settings | null;
  locale: Locale;
  /** The header menu's and the board's entries (GET /menu): what is sold besides seats, now. */
  menu: MenuEntry[];
}

export const session = proxy<SessionState>({ uuid: null, settings: null, locale: 'he', menu: [] });

/** Fetches the visitor uuid, the settings and the menu; every later call carries the uuid header. */
export async function startSession(): Promise<Settings> {
  const [s, settings, menu] = await Promise.all([
    api.session().catch(visitorLater),
    api.settings(),
    // Beside the settings, so the header is drawn once, whole, as the box office's first screen drew it;
    // without an answer, the venue's entries (a page may say it has nothing for sale).
    api.menu().then(
      (m) => m.entries,
      () => null,
    ),
  ]);
  if (s) adoptVisitor(s.uuid);
  session.settings = settings;
  session.menu = menu ?? [...settings.menu.entries];
  configureVenue(settings);
  configureCaptcha(settings.customerArea.captchaSiteKey);
  return settings;
}

function adoptVisitor(uuid: string): void {
  session.uuid = uuid;
  setVisitorUuid(uuid);
}

/**
 * The box office issues one client address only so many new visitor ids a minute (issue 32: a campus
 * or a mobile carrier shares one address). Refused, the shop opens all the same and asks again when the
 * box office says it may; a seat call before then answers visitor_required.
 */
function visitorLater(err: unknown): null {
  if (!(err instanceof ApiCallError) || err.code !== 'too_many_attempts') throw err;
  const seconds = Number(err.params?.retryAfterSeconds ?? 10);
  setTimeout(
    () => void api.session().then((s) => adoptVisitor(s.uuid), visitorLater),
    Math.min(Math.max(seconds, 1), 60) * 1000,
  );
  return null;
}

export function setLocale(locale: Locale): void {
  session.locale = locale;
}
