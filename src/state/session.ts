import { proxy } from 'valtio';
import type { Locale } from '../api/contract/common.ts';
import type { Settings } from '../api/contract/session.ts';
import { configureCaptcha } from '../api/captcha.ts';
import { ApiCallError, setVisitorUuid } from '../api/client.ts';
import { api } from '../api/endpoints.ts';
import { configureVenue } from '../i18n/format.ts';

/** The visitor's session: the anonymous uuid (authentication state), the shop settings, the language. */
export interface SessionState {
  uuid: string | null;
  settings: Settings | null;
  locale: Locale;
}

export const session = proxy<SessionState>({ uuid: null, settings: null, locale: 'he' });

/** Fetches the visitor uuid and the settings; every later call carries the uuid header. */
export async function startSession(): Promise<Settings> {
  const [s, settings] = await Promise.all([api.session().catch(visitorLater), api.settings()]);
  if (s) adoptVisitor(s.uuid);
  session.settings = settings;
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
