import type { TFunction } from 'i18next';
import { ApiCallError } from '../../api/client.ts';

/** The customer's sentence for a failed call: the catalogue code's translation, with its parameters. */
export function errorText(t: TFunction, err: unknown): string {
  if (!(err instanceof ApiCallError)) return t('errors.generic');
  const params = err.params ?? {};
  if (err.code === 'errorResponse' && typeof params.reason === 'string') {
    return `${t('errors.errorResponse')} ${t(`payment.reasons.${params.reason}`, { defaultValue: '' })}`.trim();
  }
  const field =
    typeof params.field === 'string'
      ? t(`customer.fields.${params.field}`, { defaultValue: params.field })
      : '';
  return t(`errors.${err.code}`, { ...params, field, defaultValue: t('errors.generic') });
}
