import {
  isDigitsOnly,
  isLettersOnly,
  isValidEmail,
  isValidIsraeliId,
  normalizeIsraeliMobile,
} from './validation.ts';

/**
 * The generic field rules (spec section 5: required, letters only, e-mail, minimum length, maximum
 * length, digits only). A field's rules are data (see `customerFieldRules`); each failing rule answers
 * its own message code, and the length rules carry their bound so the message can name it ('at least
 * {{min}} characters'). Pure: the shop and the box office run the same checks.
 */

/** The message codes of the field rules; the shop translates them under `errors.<code>`. */
export const fieldMessageCodes = [
  'field_required',
  'field_letters_only',
  'field_email',
  'field_min_length',
  'field_max_length',
  'field_digits_only',
  'field_invalid',
  'invalid_ssn',
  'terms_not_approved',
  'mobile_mismatch',
  'email_mismatch',
] as const;
export type FieldMessageCode = (typeof fieldMessageCodes)[number];

/** One rule of a field. `israeli_mobile`, `israeli_id` and `date` keep their own (older) messages. */
export type FieldRule =
  | { rule: 'letters_only' }
  | { rule: 'email' }
  | { rule: 'digits_only' }
  | { rule: 'min_length'; min: number }
  | { rule: 'max_length'; max: number }
  | { rule: 'israeli_mobile' }
  | { rule: 'israeli_id' }
  | { rule: 'date' };

/** What is wrong with one field: the message code and the numbers the message names. */
export interface FieldMessage {
  code: FieldMessageCode;
  params?: { min?: number; max?: number };
}

/** A field's problem; `field` is its name in the form (`email`, `deliveryAddress.city`). */
export interface FieldProblem extends FieldMessage {
  field: string;
}

/** Characters as a reader counts them (a Hebrew letter with a vowel point is two code points, still). */
const lengthOf = (value: string) => [...value].length;

function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number(m[1]) >= 1900 && d.toISOString().slice(0, 10) === value;
}

const passes: {
  [R in FieldRule['rule']]: (value: string, rule: Extract<FieldRule, { rule: R }>) => boolean;
} = {
  letters_only: (v) => isLettersOnly(v),
  email: (v) => isValidEmail(v),
  digits_only: (v) => isDigitsOnly(v),
  min_length: (v, r) => lengthOf(v) >= r.min,
  max_length: (v, r) => lengthOf(v) <= r.max,
  israeli_mobile: (v) => normalizeIsraeliMobile(v) !== null,
  israeli_id: (v) => isValidIsraeliId(v),
  date: (v) => isCalendarDate(v),
};

function messageOf(rule: FieldRule): FieldMessage {
  switch (rule.rule) {
    case 'letters_only':
      return { code: 'field_letters_only' };
    case 'email':
      return { code: 'field_email' };
    case 'digits_only':
      return { code: 'field_digits_only' };
    case 'min_length':
      return { code: 'field_min_length', params: { min: rule.min } };
    case 'max_length':
      return { code: 'field_max_length', params: { max: rule.max } };
    case 'israeli_id':
      return { code: 'invalid_ssn' };
    case 'israeli_mobile':
    case 'date':
      return { code: 'field_invalid' };
  }
}

/**
 * The first rule a filled-in value (already trimmed) breaks, as its message; null when it keeps them
 * all. Rules are checked in the order given: tables put the maximum length first (a pasted paragraph
 * is "too long" whatever it holds), then the kind of characters, then the minimum length.
 */
export function checkRules(value: string, rules: readonly FieldRule[]): FieldMessage | null {
  for (const rule of rules)
    if (!(passes[rule.rule] as (v: string, r: FieldRule) => boolean)(value, rule)) return messageOf(rule);
  return null;
}

// A refused form crosses the server → shop boundary as one `formValidation` error whose flat params name
// every field's problem: `{ field: <first field>, <field>: <code>, '<field>:min': n, '<field>:max': n }`.
// `field` stays the first field so that older readers (which look at params.field only) still point at it.

/** The params of a `formValidation` error for these problems. */
export function fieldProblemParams(problems: readonly FieldProblem[]): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const first = problems[0];
  if (first) out.field = first.field;
  for (const p of problems) {
    if (Object.hasOwn(out, p.field)) continue; // one message per field: the first
    out[p.field] = p.code;
    if (p.params?.min !== undefined) out[`${p.field}:min`] = p.params.min;
    if (p.params?.max !== undefined) out[`${p.field}:max`] = p.params.max;
  }
  return out;
}

const isMessageCode = (v: unknown): v is FieldMessageCode =>
  typeof v === 'string' && (fieldMessageCodes as readonly string[]).includes(v);

/** The field problems a `formValidation` error's params name (the inverse of `fieldProblemParams`). */
export function fieldProblemsOf(params: Record<string, string | number> | undefined): FieldProblem[] {
  if (!params) return [];
  const out: FieldProblem[] = [];
  for (const [field, code] of Object.entries(params)) {
    if (field === 'field' || field.includes(':') || !isMessageCode(code)) continue;
    const min = params[`${field}:min`];
    const max = params[`${field}:max`];
    const p: FieldProblem['params'] = {
      ...(typeof min === 'number' ? { min } : {}),
      ...(typeof max === 'number' ? { max } : {}),
    };
    out.push({ field, code, ...(Object.keys(p).length ? { params: p } : {}) });
  }
  return out;
}
