import type { TFunction } from 'i18next';
import { ApiCallError } from '../../api/client.ts';
import { errorText } from '../../ui/errorText.ts';
import { normalizeCode } from './ticketCodes.ts';

/**
 * Why a code was refused, in the customer's words. The box office checks every applied code again, so
 * the code that failed may be one applied before the one just typed: its message then names it.
 */
export function codeErrorText(t: TFunction, err: unknown, typed: string): string {
  if (err instanceof ApiCallError && err.code === 'ticketCodesMax')
    return t('ticketCodes.tooMany', { max: err.params?.max ?? '' });
  const text = errorText(t, err);
  const failing = err instanceof ApiCallError ? err.params?.code : undefined;
  if (typeof failing === 'string' && failing && failing.toUpperCase() !== normalizeCode(typed))
    return t('ticketCodes.errorOfCode', { code: failing.toUpperCase(), error: text });
  return text;
}
