import { useTranslation } from 'react-i18next';
import type { FormatBadge } from '../../domain/board.ts';
import { badgeText, type Translate } from '../../domain/boardText.ts';
import { useLocale } from '../../ui/useLocale.ts';

/** i18next's `t` as the board's pure text functions take it (src/domain/boardText.ts). */
export function useTranslate(): Translate {
  const { t } = useTranslation();
  return (key, params) => t(key, params ?? {});
}

/** A format badge's text in the page's language ("3D", "Dubbed: Hebrew", "Subtitles: English"). */
export function useBadgeText(): (b: FormatBadge) => string {
  const translate = useTranslate();
  const locale = useLocale();
  return (b) => badgeText(b, locale, translate);
}
