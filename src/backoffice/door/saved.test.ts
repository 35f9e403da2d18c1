import { describe, expect, it } from 'vitest';
import type { DoorPresentation } from '../../api/contract/door.ts';
import { deviceId, loadSaved, saveDoor, toSetup } from './saved.ts';

/** A Storage in memory (node has none). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

const show: DoorPresentation = {
  id: 7,
  title: { en: 'Film', he: 'סרט' },
  startsAt: '2026-11-28T17:30:00.000Z',
  venue: { en: 'Cinema' },
  hall: { en: 'Hall 1' },
  reentry: false,
  expected: 10,
  inside: 2,
};

describe('the saved door setup', () => {
  it('comes back after a reload as it was saved', () => {
    const store = memoryStorage();
    saveDoor({ presentations: [show], door: 'Main entrance', direction: 'in' }, store);
    expect(loadSaved(store)).toEqual({ presentations: [show], door: 'Main entrance', direction: 'in' });
  });

  it('is gone once cleared, and nothing is read from a broken or foreign value', () => {
    const store = memoryStorage();
    saveDoor({ presentations: [show], door: 'Side', direction: 'out' }, store);
    saveDoor(null, store);
    expect(loadSaved(store)).toBeNull();
    store.setItem('door.setup.v1', '{not json');
    expect(loadSaved(store)).toBeNull();
    store.setItem('door.setup.v1', JSON.stringify({ presentations: [], door: 'x', direction: 'in' }));
    expect(loadSaved(store)).toBeNull();
    store.setItem('door.setup.v1', JSON.stringify({ presentations: [show], door: ' ', direction: 'in' }));
    expect(loadSaved(store)).toBeNull();
  });

  it('becomes the engine setup with the ids, the trimmed door and the device', () => {
    expect(toSetup({ presentations: [show], door: ' Balcony ', direction: 'out' }, 'dev12345')).toEqual({
      presentationIds: [7],
      door: 'Balcony',
      direction: 'out',
      deviceId: 'dev12345',
    });
  });
});

describe('deviceId', () => {
  it('is made once and kept: the same phone is the same device', () => {
    const store = memoryStorage();
    const first = deviceId(store);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(deviceId(store)).toBe(first);
    expect(deviceId(memoryStorage())).not.toBe(first);
  });
});
