import { proxy } from 'valtio';
import type { Locale } from '../api/contract/common.ts';
import type { Settings } from '../api/contract/session.ts';
import { configureCaptcha } from '../api/captcha.ts';
import { setVisitorUuid } from '../api/client.ts';
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
  const [s, settings] = await Promise.all([api.session(), api.settings()]);
  session.uuid = s.uuid;
  session.settings = settings;
  configureVenue(settings);
  configureCaptcha(settings.customerArea.captchaSiteKey);
  setVisitorUuid(s.uuid);
  return settings;
}

export function setLocale(locale: Locale): void {
  session.locale = locale;
}
