import { Box, Button, Menu } from '@mantine/core';
import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Locale } from '../api/contract/common.ts';
import { changeLocale, directionOf } from '../i18n/index.ts';
import { session, setLocale } from '../state/session.ts';

/** Each language names itself, so a customer finds theirs whatever the current language. */
const NATIVE_NAMES: Record<Locale, string> = {
  he: 'עברית',
  en: 'English',
  ru: 'Русский',
  ar: 'العربية',
  pl: 'Polski',
};

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { settings, locale } = useSnapshot(session);
  const { setDirection } = useDirection();
  const location = useLocation();
  const navigate = useNavigate();
  const enabled = settings?.locales.enabled ?? [locale];

  async function switchTo(next: Locale) {
    await changeLocale(next);
    setLocale(next);
    setDirection(directionOf(next));
    // Keep a shared link's ?language= in step with the choice.
    const params = new URLSearchParams(location.search);
    if (params.has('language')) {
      params.set('language', next);
      void navigate({ pathname: location.pathname, search: `?${params.toString()}` }, { replace: true });
    }
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="compact-md"
          aria-label={t('language.switch')}
          data-testid="language-switcher"
        >
          {/* On a phone the header has room for the language's code only. */}
          <Box component="span" visibleFrom="xs">
            {NATIVE_NAMES[locale]}
          </Box>
          <Box component="span" hiddenFrom="xs" lang={locale}>
            {locale.toUpperCase()}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {enabled.map((l) => (
          <Menu.Item
            key={l}
            lang={l}
            dir={directionOf(l)}
            onClick={() => void switchTo(l)}
            aria-current={l === locale ? 'true' : undefined}
            fw={l === locale ? 700 : 400}
          >
            {NATIVE_NAMES[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
