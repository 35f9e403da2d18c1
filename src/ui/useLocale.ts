import { useSnapshot } from 'valtio';
import type { Locale } from '../api/contract/common.ts';
import { session } from '../state/session.ts';

export function useLocale(): Locale {
  return useSnapshot(session).locale;
}
