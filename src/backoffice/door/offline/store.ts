import type { DoorDownload, ScanInput } from '../../../api/contract/door.ts';
import type { EntryState } from '../../../domain/door/verdict.ts';

/**
 * What the phone keeps for the door offline (IndexedDB in the browser, idbStore.ts; a map in tests and
 * where the browser refuses IndexedDB): the downloads by presentation set, the entries its own scans
 * changed, the scans waiting to be uploaded, and the conflicts the box office reported.
 */
export interface DoorStore {
  download(key: string): Promise<KeptDownload | null>;
  saveDownload(key: string, kept: KeptDownload): Promise<void>;
  entries(): Promise<LocalEntry[]>;
  saveEntry(entry: LocalEntry): Promise<void>;
  queue(): Promise<QueuedScan[]>;
  enqueue(scan: QueuedScan): Promise<void>;
  dequeue(nonces: readonly string[]): Promise<void>;
  conflicts(): Promise<DoorConflict[]>;
  addConflicts(conflicts: readonly DoorConflict[]): Promise<void>;
  clearConflicts(): Promise<void>;
}

/** A download as the phone keeps it: `requestedAt` (the phone's clock) tells what it may not know yet. */
export interface KeptDownload {
  download: DoorDownload;
  requestedAt: number;
}

/** A scan decided on the phone, waiting for the box office: the call's own scan, with its device. */
export interface QueuedScan extends ScanInput {
  deviceId: string;
  offline: NonNullable<ScanInput['offline']>;
}

/** A ticket's entry as this phone's scans left it (`at`: when, epoch ms), over the download's. */
export interface LocalEntry {
  ticketIdentifier: string;
  entry: EntryState;
  at: number;
}

/** An offline admission the box office found was a second entry: shown until staff have seen it. */
export interface DoorConflict {
  nonce: string;
  ticketIdentifier: string | null;
  /** "section · row · seat" parts as the ticket names them; empty when unknown. */
  section: string;
  row: string;
  seat: string;
  /** This phone's door, and when it let the ticket in. */
  door: string;
  scannedAt: string;
  /** Where and when the ticket had come in before. */
  lastAt: string | null;
  lastDoor: string | null;
}

/** The key a download is kept under: its presentations, in order. */
export function downloadKey(presentationIds: readonly number[]): string {
  return [...presentationIds].sort((a, b) => a - b).join(',');
}

/** The store kept in memory: tests, and a browser without IndexedDB (private mode). */
export function memoryStore(): DoorStore {
  const downloads = new Map<string, KeptDownload>();
  const entries = new Map<string, LocalEntry>();
  const queue = new Map<string, QueuedScan>();
  const conflicts = new Map<string, DoorConflict>();
  return {
    download: async (key) => downloads.get(key) ?? null,
    saveDownload: async (key, kept) => void downloads.set(key, kept),
    entries: async () => [...entries.values()],
    saveEntry: async (entry) => void entries.set(entry.ticketIdentifier, entry),
    queue: async () => [...queue.values()].sort(byScannedAt),
    enqueue: async (scan) => void queue.set(scan.nonce, scan),
    dequeue: async (nonces) => nonces.forEach((n) => queue.delete(n)),
    conflicts: async () => [...conflicts.values()],
    addConflicts: async (list) => list.forEach((c) => conflicts.set(c.nonce, c)),
    clearConflicts: async () => conflicts.clear(),
  };
}

/** The queue uploads in the order the scans happened. */
export const byScannedAt = (a: QueuedScan, b: QueuedScan) => a.scannedAt.localeCompare(b.scannedAt);
