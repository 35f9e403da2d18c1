/**
 * Stripe's request bodies: application/x-www-form-urlencoded with brackets for nesting, as Stripe's
 * libraries send them (`metadata[reference]=…`, `expand[0]=payment_method`,
 * `line_items[0][price_data][currency]=ils`). Numeric keys make arrays.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head = '', ...rest] = rawKey.split('[');
    const path = [head, ...rest.map((p) => p.replace(/\]$/, ''))];
    let node: FormObject | FormValue[] = root;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const slot = Array.isArray(node) ? Number(key) || (key === '' ? node.length : 0) : key;
      const container = node as Record<string | number, FormValue>;
      if (last) container[slot] = value;
      else {
        const nextIsIndex = /^\d*$/.test(path[i + 1]!);
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as FormObject | FormValue[];
      }
    });
  }
  return root;
}

/** A field of a parsed form, as a string (undefined when absent or nested). */
export function str(form: FormObject | undefined, ...path: string[]): string | undefined {
  let v: FormValue | undefined = form;
  for (const key of path) v = v && typeof v === 'object' && !Array.isArray(v) ? v[key] : undefined;
  return typeof v === 'string' ? v : undefined;
}

export function list(form: FormObject, key: string): string[] {
  const v = form[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
