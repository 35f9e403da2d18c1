import { useTranslation } from 'react-i18next';
import { useLocale } from '../../ui/useLocale.ts';
import type { FormatBadge } from '../../domain/board.ts';

function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A format badge's text in the page's language ("3D", "Dubbed: Hebrew", "Subtitles: English"). */
export function useBadgeText(): (b: FormatBadge) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (b) => {
    switch (b.kind) {
      case '3d':
        return t('events.format3d');
      case 'dubbed':
        return t('events.dubbing', { language: languageName(b.language, locale) });
      case 'subtitled':
        return t('events.subtitles', { language: languageName(b.language, locale) });
      case 'language':
        return t('events.language', { language: languageName(b.language, locale) });
    }
  };
}
