import type { FormatBadge } from '../../domain/board.ts';
import { badgeText } from '../../domain/boardText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useTranslate } from '../../ui/useTranslate.ts';

export { useTranslate };

/** A format badge's text in the page's language ("3D", "Dubbed: Hebrew", "Subtitles: English"). */
export function useBadgeText(): (b: FormatBadge) => string {
  const translate = useTranslate();
  const locale = useLocale();
  return (b) => badgeText(b, locale, translate);
}
