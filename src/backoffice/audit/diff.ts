/** One field of a changed object: its value before the change and after it (undefined: not there). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields an audit entry changed: those whose value differs between `before` and `after`, in the
 * order the object lists them (a new object's every field; a removed one's every field). A value that is
 * not an object is one unnamed field (`''`).
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if ((before != null && !b) || (after != null && !a))
    return same(before, after) ? [] : [{ field: '', before: before ?? undefined, after: after ?? undefined }];
  const fields = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  return fields
    .filter((field) => !same(b?.[field], a?.[field]))
    .map((field) => ({ field, before: b?.[field], after: a?.[field] }));
}
