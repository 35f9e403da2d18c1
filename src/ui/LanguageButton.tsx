import { Box, Button, type ButtonProps, VisuallyHidden } from '@mantine/core';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../api/contract/common.ts';

/** Each language names itself, so a customer finds theirs whatever the current language. */
export const NATIVE_NAMES: Record<Locale, string> = {
  he: 'עברית',
  en: 'English',
  ru: 'Русский',
  ar: 'العربية',
  pl: 'Polski',
};

type Props = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & { locale: Locale };

/**
 * The header's language button. Its accessible name begins with the text it shows (the language's own
 * name, or its code on a phone) and then says what it does: a name that hid the visible text would fail
 * speech control ("label in name").
 */
export const LanguageButton = forwardRef<HTMLButtonElement, Props>(function LanguageButton(
  { locale, ...others },
  ref,
) {
  const { t } = useTranslation();
  return (
    <Button ref={ref} variant="default" size="compact-md" data-testid="language-switcher" {...others}>
      {/* On a phone the header has room for the language's code only. */}
      <Box component="span" visibleFrom="xs">
        {NATIVE_NAMES[locale]}
      </Box>
      <Box component="span" hiddenFrom="xs" lang={locale}>
        {locale.toUpperCase()}
      </Box>
      <VisuallyHidden>{t('language.switch')}</VisuallyHidden>
    </Button>
  );
});
