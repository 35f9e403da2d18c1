const KEY = 'shop.chunkReloadAt';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** True for the errors browsers raise when a lazily loaded chunk is gone (after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

/**
 * Reloads the page to pick up the new build, at most once per 60 seconds (spec section 8), so a
 * broken deploy cannot loop. Returns whether it reloaded.
 */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  now: number = Date.now(),
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError(sessionStorage, () => window.location.reload())) event.preventDefault();
  });
}
