import { Menu, useDirection } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Locale } from '../api/contract/common.ts';
import { changeLocale, directionOf } from '../i18n/index.ts';
import { session, setLocale } from '../state/session.ts';
import { LanguageButton, NATIVE_NAMES } from './LanguageButton.tsx';

/**
 * The language menu (its own chunk: Menu brings floating-ui). LanguageSwitcher mounts it when the
 * customer reaches for the button; it takes over the button's focus and its open state.
 */
export default function LanguageMenu({
  opened,
  onChange,
  focus,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
  focus: boolean;
}) {
  const { t } = useTranslation();
  const { settings, locale } = useSnapshot(session);
  const { setDirection } = useDirection();
  const location = useLocation();
  const navigate = useNavigate();
  const enabled = settings?.locales.enabled ?? [locale];
  const target = useRef<HTMLButtonElement>(null);
  // The placeholder button had the focus: this one replaces it in the same place.
  useEffect(() => {
    if (focus) target.current?.focus();
  }, [focus]);

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
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <LanguageButton ref={target} locale={locale} />
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
