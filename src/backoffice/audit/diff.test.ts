import { describe, expect, it } from 'vitest';
import { changedFields } from './diff.ts';

describe('changedFields', () => {
  it('lists only the fields whose value changed', () => {
    const before = { id: 'a1', displayName: 'Usher', role: 'door', active: true };
    const after = { id: 'a1', displayName: 'Usher Seven', role: 'door', active: false };
    expect(changedFields(before, after)).toEqual([
      { field: 'displayName', before: 'Usher', after: 'Usher Seven' },
      { field: 'active', before: true, after: false },
    ]);
  });

  it('shows every field of a new object and of a removed one', () => {
    expect(changedFields(null, { name: 'Sync', revokedAt: null })).toEqual([
      { field: 'name', before: undefined, after: 'Sync' },
    ]);
    expect(changedFields({ name: 'Sync' }, null)).toEqual([
      { field: 'name', before: 'Sync', after: undefined },
    ]);
  });

  it('compares nested values by content, and a value that is not an object as one field', () => {
    expect(changedFields({ seats: [1, 2] }, { seats: [1, 2] })).toEqual([]);
    expect(changedFields({ seats: [1, 2] }, { seats: [1, 3] })).toEqual([
      { field: 'seats', before: [1, 2], after: [1, 3] },
    ]);
    expect(changedFields('draft', 'published')).toEqual([{ field: '', before: 'draft', after: 'published' }]);
    expect(changedFields(null, null)).toEqual([]);
  });
});
