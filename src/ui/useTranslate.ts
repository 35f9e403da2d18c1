import { useTranslation } from 'react-i18next';
import type { Translate } from '../domain/boardText.ts';

/** i18next's `t` as the pure text functions of src/domain take it (boardText.ts, priceText.ts). */
export function useTranslate(): Translate {
  const { t } = useTranslation();
  return (key, params) => t(key, params ?? {});
}
