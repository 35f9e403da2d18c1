import type { TFunction } from 'i18next';
import { ApiCallError } from '../../api/client.ts';
import { type FieldProblem, fieldProblemsOf } from '../../domain/fieldRules.ts';

/** A form field's message: a code under `errors.*` and the numbers it names ({{min}}, {{max}}). */
export interface FormMessage {
  code: string;
  params?: { min?: number; max?: number };
}

/** One message per field (the first), keyed by the field's name in the form. */
export function messagesByField(problems: readonly FieldProblem[]): Record<string, FormMessage> {
  const out: Record<string, FormMessage> = {};
  for (const { field, ...message } of problems) out[field] ??= message;
  return out;
}

/** The field problems a refused call names: `formValidation` with the fields in its params. */
export function serverFieldMessages(err: unknown): Record<string, FormMessage> | null {
  if (!(err instanceof ApiCallError) || err.code !== 'formValidation') return null;
  const problems = fieldProblemsOf(err.params);
  return problems.length ? messagesByField(problems) : null;
}

/** A field's label: the delivery address's parts are labelled like the customer's own address fields. */
export function fieldLabel(t: TFunction, field: string): string {
  const name = field.startsWith('deliveryAddress.') ? field.slice('deliveryAddress.'.length) : field;
  return t(`customer.fields.${name}`);
}

/** The sentence under a field: 'The field First name is a required field!', 'at least 2 characters'… */
export function fieldMessageText(t: TFunction, field: string, message: FormMessage | undefined) {
  if (!message) return undefined;
  return t(`errors.${message.code}`, { field: fieldLabel(t, field), ...message.params });
}
