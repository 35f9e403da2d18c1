import { formatShowDateTime, formatShowTime } from '../domain/showTime.ts';
import { useLocale } from './useLocale.ts';
import { useTranslate } from './useTranslate.ts';

/**
 * A show's start in the page's language (src/domain/showTime.ts): `dateTime` with its date, `time` where
 * the day is already shown; a show after midnight reads as the night before ("Friday night, 00:15").
 */
export function useShowTime(): { dateTime: (iso: string) => string; time: (iso: string) => string } {
  const translate = useTranslate();
  const locale = useLocale();
  return {
    dateTime: (iso) => formatShowDateTime(iso, locale, translate),
    time: (iso) => formatShowTime(iso, locale, translate),
  };
}
