import {
  byScannedAt,
  type DoorConflict,
  type DoorStore,
  type KeptDownload,
  type LocalEntry,
  type QueuedScan,
} from './store.ts';

type Kept = KeptDownload & { key: string };

/**
 * The door's store in IndexedDB (one database per origin, kept across reloads and with the network
 * cut), through a promise wrapper of a few lines instead of a library.
 */
const NAME = 'door-offline';
const VERSION = 1;
type StoreName = 'downloads' | 'entries' | 'queue' | 'conflicts';
const KEY_PATHS: Record<StoreName, string> = {
  downloads: 'key',
  entries: 'ticketIdentifier',
  queue: 'nonce',
  conflicts: 'nonce',
};

/** A request's result as a promise. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(NAME, VERSION);
  request.onupgradeneeded = () => {
    for (const [name, keyPath] of Object.entries(KEY_PATHS))
      if (!request.result.objectStoreNames.contains(name))
        request.result.createObjectStore(name, { keyPath });
  };
  return done(request);
}

/**
 * The store over IndexedDB; null where the browser has none or refuses it (the caller keeps the
 * download in memory then).
 */
export async function idbStore(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<DoorStore | null> {
  if (!factory) return null;
  const db = await open(factory).catch(() => null);
  if (!db) return null;

  /** Runs `work` in one transaction and settles when the transaction has committed. */
  const inTx = <T>(name: StoreName, mode: IDBTransactionMode, work: (s: IDBObjectStore) => Promise<T>) => {
    const tx = db.transaction(name, mode);
    const finished = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
    return Promise.all([work(tx.objectStore(name)), finished]).then(([result]) => result);
  };
  const all = <T>(name: StoreName) => inTx(name, 'readonly', (s) => done(s.getAll() as IDBRequest<T[]>));
  const put = (name: StoreName, value: unknown) => inTx(name, 'readwrite', (s) => done(s.put(value)));

  return {
    download: (key) =>
      inTx('downloads', 'readonly', (s) => done(s.get(key) as IDBRequest<Kept | undefined>)).then((row) =>
        row ? { download: row.download, requestedAt: row.requestedAt } : null,
      ),
    saveDownload: (key, kept) => put('downloads', { key, ...kept }).then(() => undefined),
    entries: () => all<LocalEntry>('entries'),
    saveEntry: (entry) => put('entries', entry).then(() => undefined),
    queue: () => all<QueuedScan>('queue').then((q) => q.sort(byScannedAt)),
    enqueue: (scan) => put('queue', scan).then(() => undefined),
    dequeue: (nonces) =>
      inTx('queue', 'readwrite', (s) => Promise.all(nonces.map((n) => done(s.delete(n))))).then(
        () => undefined,
      ),
    conflicts: () => all<DoorConflict>('conflicts'),
    addConflicts: (list) =>
      inTx('conflicts', 'readwrite', (s) => Promise.all(list.map((c) => done(s.put(c))))).then(
        () => undefined,
      ),
    clearConflicts: () => inTx('conflicts', 'readwrite', (s) => done(s.clear())).then(() => undefined),
  };
}
