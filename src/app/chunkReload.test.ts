import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, reloadForChunkError } from './chunkReload.ts';

describe('isChunkLoadError', () => {
  it('recognises Chrome’s error', () => {
    expect(
      isChunkLoadError(
        new TypeError(
          'Failed to fetch dynamically imported module: https://shop.example/assets/Order-abc.js',
        ),
      ),
    ).toBe(true);
  });

  it('recognises Firefox’s error', () => {
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
  });

  it('recognises Safari’s error', () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('recognises a ChunkLoadError by name', () => {
    const error = new Error('Loading chunk 7 failed.');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('recognises the message when it is thrown as a plain string', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(true);
  });

  it('does not take ordinary errors for chunk errors', () => {
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError(new Error('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

function fakeStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

describe('reloadForChunkError', () => {
  const start = 1_800_000_000_000;

  it('reloads the first time', () => {
    const storage = fakeStorage();
    let reloads = 0;
    expect(reloadForChunkError(storage, () => reloads++, start)).toBe(true);
    expect(reloads).toBe(1);
  });

  it('does not reload again within 60 seconds', () => {
    const storage = fakeStorage();
    let reloads = 0;
    const reload = () => reloads++;
    reloadForChunkError(storage, reload, start);
    expect(reloadForChunkError(storage, reload, start + 1_000)).toBe(false);
    expect(reloadForChunkError(storage, reload, start + 59_999)).toBe(false);
    expect(reloads).toBe(1);
  });

  it('reloads again once 60 seconds have passed', () => {
    const storage = fakeStorage();
    let reloads = 0;
    const reload = () => reloads++;
    reloadForChunkError(storage, reload, start);
    expect(reloadForChunkError(storage, reload, start + 60_000)).toBe(true);
    expect(reloads).toBe(2);
    // The window restarts from the second reload.
    expect(reloadForChunkError(storage, reload, start + 90_000)).toBe(false);
    expect(reloadForChunkError(storage, reload, start + 120_000)).toBe(true);
    expect(reloads).toBe(3);
  });

  it('remembers the reload in the storage it is given', () => {
    const first = fakeStorage();
    let reloads = 0;
    reloadForChunkError(first, () => reloads++, start);
    expect(first.items.size).toBe(1);
    // A fresh storage (a new tab) has no memory of it.
    expect(reloadForChunkError(fakeStorage(), () => reloads++, start + 1_000)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('uses a 60-second interval', () => {
    expect(CHUNK_RELOAD_INTERVAL_MS).toBe(60_000);
  });
});
