import type { TFunction } from 'i18next';
import { ApiCallError } from '../api/client.ts';
import type { Locale } from '../api/contract/common.ts';
import { formatDateTime, formatPrice, pickText } from '../i18n/format.ts';
import { session } from '../state/session.ts';

/** The box office's contact line from the settings, in the customer's language. */
export function boxOfficeContact(locale: Locale = session.locale): string {
  const contact = session.settings?.customerArea.boxOfficeContact;
  return contact ? pickText(contact, locale) : '';
}

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
  if (err.code === 'BALANCE_IS_DUE') return t('errors.BALANCE_IS_DUE', { contact: boxOfficeContact() });
  if (
    (err.code === 'CUSTOMER_TOKEN_REDEEMED' || err.code === 'CUSTOMER_TOKEN_EXPIRED') &&
    typeof params.date === 'string'
  )
    return t(`errors.${err.code}`, { date: formatDateTime(params.date, session.locale) });
  // Amounts in the params are agorot: shown as prices (an open price's bounds, a donation's).
  const money = Object.fromEntries(
    (['min', 'max'] as const)
      .filter((k) => typeof params[k] === 'number' && err.code.endsWith('_out_of_range'))
      .map((k) => [k, formatPrice(params[k] as number, session.locale)]),
  );
  return t(`errors.${err.code}`, { ...params, ...money, field, defaultValue: t('errors.generic') });
}
