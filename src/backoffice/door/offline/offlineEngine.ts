import { ApiCallError } from '../../../api/client.ts';
import type { DoorDownload, ScanResult, ScansBody } from '../../../api/contract/door.ts';
import { parseDoorCode } from '../../../domain/door/doorCode.ts';
import { type EntryState, NOT_SCANNED } from '../../../domain/door/verdict.ts';
import { type DoorAnswer, type DoorEngine, type DoorSetup, newNonce } from '../engine.ts';
import {
  decideLocally,
  type DoorScan,
  downloadedEntry,
  downloadedTicket,
  entryAfterAnswer,
} from './localDecision.ts';
import {
  type DoorConflict,
  type DoorStore,
  downloadKey,
  type KeptDownload,
  type LocalEntry,
  type QueuedScan,
} from './store.ts';
import { uploadQueue } from './upload.ts';
import type { SignatureCheck } from './verifier.ts';

/** Where the phone stands with the network and its downloaded tickets (shown by OfflineBanner). */
export interface DoorStatus {
  online: boolean;
  /** When the tickets the phone decides from offline were downloaded; null: not yet. */
  downloadedAt: string | null;
  /** Offline scans waiting to be uploaded. */
  queued: number;
  /** The queue is being uploaded now. */
  uploading: boolean;
  /** Offline admissions the box office found were second entries: staff must be told. */
  conflicts: DoorConflict[];
}

/** The door's calls the engine makes (doorApi in the browser, fakes in tests). */
export interface DoorCalls {
  scans(body: ScansBody, signal?: AbortSignal): Promise<{ results: ScanResult[] }>;
  download(presentationIds: readonly number[], signal?: AbortSignal): Promise<DoorDownload>;
}

export interface OfflineEngineOptions {
  calls: DoorCalls;
  store: Promise<DoorStore>;
  verify: SignatureCheck;
  /** The browser's idea of the network (navigator.onLine). */
  isOnline(): boolean;
  now(): number;
  /** How long a scan waits for the box office before the phone decides (a door cannot wait). */
  scanTimeoutMs?: number;
  /** The most scans one upload call sends (the contract's limit). */
  batch?: number;
}

/** An answer of the box office itself: the phone must not decide in its place (a logged-out usher). */
function isRefusal(err: unknown): boolean {
  return (
    err instanceof ApiCallError &&
    err.statusCode >= 400 &&
    err.statusCode < 500 &&
    err.statusCode !== 408 &&
    err.statusCode !== 429
  );
}

const ticketOf = (code: string) => {
  const parsed = parseDoorCode(code);
  return parsed.kind === 'other' ? null : parsed.ticketIdentifier;
};

/**
 * The door's engine with the network or without it. Online, the box office decides each scan (with a
 * short timeout); offline, or when the call fails, the phone decides from the download with the same
 * rule, remembers what its scans changed and queues them; the queue is uploaded with the same nonces
 * when the box office answers again, so a scan the box office had already received counts once.
 */
export class OfflineDoorEngine implements DoorEngine {
  private readonly opts: Required<OfflineEngineOptions>;
  private readonly ready: Promise<DoorStore>;
  private readonly listeners = new Set<() => void>();
  private readonly downloads = new Map<string, KeptDownload>();
  private readonly entries = new Map<string, LocalEntry>();
  /** Tickets with scans in the queue (their entry here is newer than any download). */
  private readonly queuedTickets = new Map<string, number>();
  private reachable = true;
  private following: string | null = null;
  private uploadRun: Promise<void> | null = null;
  private current: DoorStatus = {
    online: true,
    downloadedAt: null,
    queued: 0,
    uploading: false,
    conflicts: [],
  };

  constructor(options: OfflineEngineOptions) {
    this.opts = { scanTimeoutMs: 1500, batch: 500, ...options };
    this.ready = options.store.then(async (store) => {
      for (const e of await store.entries()) this.entries.set(e.ticketIdentifier, e);
      const queue = await store.queue();
      queue.forEach((s) => this.countQueued(s.code, 1));
      this.update({ queued: queue.length, conflicts: await store.conflicts() });
      return store;
    });
    this.current.online = options.isOnline();
  }

  /** The status now; a new object after every change (React's useSyncExternalStore). */
  status = (): DoorStatus => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The browser said the network came or went: the next scan tries the box office again. */
  networkChanged(): void {
    if (this.opts.isOnline()) this.reachable = true;
    this.update({});
  }

  /** The presentations the door admits now (null: none chosen): the status names their download. */
  async follow(presentationIds: readonly number[] | null): Promise<void> {
    this.following = presentationIds ? downloadKey(presentationIds) : null;
    const kept = presentationIds ? await this.downloadOf(presentationIds) : null;
    this.update({ downloadedAt: kept?.download.generatedAt ?? null });
  }

  /** Downloads the presentations' tickets again (at once, then every two minutes while online). */
  async refresh(presentationIds: readonly number[]): Promise<void> {
    const store = await this.ready;
    const requestedAt = this.opts.now();
    const download = await this.opts.calls.download(presentationIds).catch((err: unknown) => {
      if (!isRefusal(err)) this.setReachable(false);
      return null;
    });
    if (!download) return;
    const key = downloadKey(presentationIds);
    const kept = { download, requestedAt };
    this.downloads.set(key, kept);
    await store.saveDownload(key, kept).catch(() => undefined);
    this.setReachable(true);
    if (key === this.following) this.update({ downloadedAt: download.generatedAt });
  }

  async scan(code: string, setup: DoorSetup): Promise<DoorAnswer> {
    await this.ready;
    const scan: DoorScan = {
      nonce: newNonce(),
      code,
      presentationIds: setup.presentationIds,
      door: setup.door,
      direction: setup.direction,
      scannedAt: new Date(this.opts.now()).toISOString(),
    };
    // A ticket this phone let in (or out) offline, not uploaded yet: the phone knows it better than the
    // box office until the queue is up, so it decides (asked now, the box office would count it twice).
    const id = ticketOf(code);
    const pending = id != null && this.queuedTickets.has(id);
    if (this.opts.isOnline() && this.reachable && !pending) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.opts.scanTimeoutMs);
      try {
        const answer = await this.opts.calls.scans(
          { deviceId: setup.deviceId, scans: [scan] },
          controller.signal,
        );
        const result = answer.results[0]!;
        this.setReachable(true);
        this.remember(result, scan);
        return { ...result, decidedOffline: false };
      } catch (err) {
        if (isRefusal(err)) throw err;
        // Not answered in time: the phone decides, and the queue sends the same nonce later, so a
        // scan the box office did receive is answered the same and counted once.
        this.setReachable(false);
      } finally {
        clearTimeout(timer);
      }
    }
    return this.decideHere(scan, setup.deviceId);
  }

  /** Uploads the queue (one run at a time); what the box office answered leaves it. */
  upload(): Promise<void> {
    this.uploadRun ??= this.runUpload().finally(() => (this.uploadRun = null));
    return this.uploadRun;
  }

  /** Every few seconds: uploads what waits, or asks the box office whether it answers again. */
  async tick(presentationIds: readonly number[] | null): Promise<void> {
    if (!this.opts.isOnline()) return;
    if (this.current.queued > 0) await this.upload();
    else if (!this.reachable && presentationIds) await this.refresh(presentationIds);
  }

  /** Staff have seen the conflicts: the list is cleared. */
  async acknowledgeConflicts(): Promise<void> {
    await (await this.ready).clearConflicts();
    this.update({ conflicts: [] });
  }

  private async runUpload(): Promise<void> {
    const store = await this.ready;
    const queue = await store.queue();
    if (queue.length === 0) return;
    this.update({ uploading: true });
    try {
      const outcome = await uploadQueue(queue, this.opts.calls, store, this.opts.batch);
      outcome.answered.forEach((s) => this.countQueued(s.code, -1));
      this.setReachable(outcome.failure == null || isRefusal(outcome.failure));
      this.update({
        queued: (await store.queue()).length,
        conflicts: outcome.conflicts.length ? await store.conflicts() : this.current.conflicts,
      });
    } finally {
      this.update({ uploading: false });
    }
  }

  private async decideHere(scan: DoorScan, deviceId: string): Promise<DoorAnswer> {
    const store = await this.ready;
    const kept = await this.downloadOf(scan.presentationIds);
    if (!kept)
      throw new ApiCallError('fetch_data_error', 503, 'offline, and no tickets downloaded for this door');
    const decided = await decideLocally(
      scan,
      kept.download,
      (id) => this.localEntry(id, kept),
      this.opts.verify,
    );
    if (decided.changed) this.setEntry(decided.changed.ticketIdentifier, decided.changed.entry);
    if (decided.queue) {
      const queued: QueuedScan = { ...scan, deviceId, offline: { verdict: decided.result.verdict } };
      await store.enqueue(queued);
      this.countQueued(scan.code, 1);
      this.update({ queued: this.current.queued + 1 });
    }
    return { ...decided.result, decidedOffline: true };
  }

  /** An answer of the box office: the ticket's entry as it now stands, for scans decided here later. */
  private remember(result: ScanResult, scan: DoorScan): void {
    const id = result.ticket?.ticketIdentifier;
    if (!id) return;
    const kept = this.downloads.get(downloadKey(scan.presentationIds));
    const known = kept ? downloadedTicket(kept.download, id) : null;
    const prev = (kept && this.localEntry(id, kept)) ?? (known ? downloadedEntry(known) : NOT_SCANNED);
    const next = entryAfterAnswer(prev, result, scan);
    if (next) this.setEntry(id, next);
  }

  /** This phone's entry of a ticket when it is newer than the download's; null: the download's stands. */
  private localEntry(id: string, kept: KeptDownload): EntryState | null {
    const local = this.entries.get(id);
    if (!local) return null;
    return this.queuedTickets.has(id) || local.at >= kept.requestedAt ? local.entry : null;
  }

  private setEntry(ticketIdentifier: string, entry: EntryState): void {
    const local = { ticketIdentifier, entry, at: this.opts.now() };
    this.entries.set(ticketIdentifier, local);
    void this.ready.then((store) => store.saveEntry(local)).catch(() => undefined);
  }

  private countQueued(code: string, delta: number): void {
    const id = ticketOf(code);
    if (!id) return;
    const n = (this.queuedTickets.get(id) ?? 0) + delta;
    if (n > 0) this.queuedTickets.set(id, n);
    else this.queuedTickets.delete(id);
  }

  private async downloadOf(presentationIds: readonly number[]): Promise<KeptDownload | null> {
    const key = downloadKey(presentationIds);
    let kept = this.downloads.get(key) ?? null;
    if (!kept) {
      kept = await (await this.ready).download(key).catch(() => null);
      if (kept) this.downloads.set(key, kept);
    }
    return kept;
  }

  private setReachable(reachable: boolean): void {
    if (this.reachable === reachable) return;
    this.reachable = reachable;
    this.update({});
  }

  private update(change: Partial<DoorStatus>): void {
    this.current = { ...this.current, ...change, online: this.opts.isOnline() && this.reachable };
    this.listeners.forEach((l) => l());
  }
}
