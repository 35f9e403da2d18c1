import type { Kysely } from 'kysely';
import { seatKey } from '../../../src/domain/seatKey.ts';
import type { ChangeFeed, SeatEvent } from '../../db/changeFeed/types.ts';
import type { Database } from '../../db/types.ts';
import { catalogueGeneration } from '../catalogue/generation.ts';
import { StatusSnapshot } from './snapshot.ts';

/** A seat map watching one presentation over the stream. */
export interface StreamSubscriber {
  write(chunk: string): void;
  close(): void;
}

export interface LiveStatusOptions {
  /** Changes go out at most this long after they arrive (the issue: at most every 200 ms). */
  batchMs: number;
  /** How often lapsed holds are freed in the snapshots and pushed. */
  sweepMs: number;
  /** Events kept for resuming streams (Last-Event-ID). */
  ringSize: number;
  /** A snapshot nobody reads or watches is dropped after this long. */
  idleMs: number;
  /** Every loaded snapshot is compared with the database this often (a safety net; normally no change). */
  resyncMs: number;
  pingMs: number;
}

const DEFAULTS: LiveStatusOptions = {
  batchMs: 200,
  sweepMs: 1000,
  ringSize: 50_000,
  idleMs: 10 * 60_000,
  resyncMs: 60_000,
  pingMs: 15_000,
};

interface Entry {
  snap: StatusSnapshot | null;
  loading: Promise<StatusSnapshot> | null;
  /** Events that arrive while the snapshot (re)loads, replayed on the loaded one. */
  buffered: SeatEvent[] | null;
  subscribers: Set<StreamSubscriber>;
  dirty: Set<string>;
  flushTimer: ReturnType<typeof setTimeout> | undefined;
  lastUsed: number;
}

/** How far apart two processes may free one lapsed hold (their clocks, their sweeps). */
const EXPIRY_MARGIN_MS = 3000;

const sse = (event: string, id: string, data: string) => `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;

/**
 * The live seat status of this process: per presentation a snapshot kept current by the change feed
 * (every process hears every seat write, in commit order), the streams watching it, and the recent events
 * a stream resumes from. Versions name a point of the feed: the id of the last event applied, or a
 * marker of this process when it has none (after a start or a gap). A stream resumes from a version this
 * process knows; from any other it gets `reset` and reloads the map.
 */
export class LiveStatus {
  private readonly entries = new Map<number, Entry>();
  private ring: { id: string; presentationId: number; key: string; at: number }[] = [];
  /** Seats freed here by expiry (no event names them), for streams resuming from before. */
  private expired: { presentationId: number; key: string; at: number }[] = [];
  private positionAt = Date.now();
  private ringBase = 0;
  private readonly ringIndex = new Map<string, number>();
  private position = LiveStatus.marker();
  private started: Promise<void> | null = null;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private writes = 0;
  private syncedWrites = 0;
  private readonly opts: LiveStatusOptions;
  private readonly db: Kysely<Database>;
  private readonly feed: ChangeFeed;
  private readonly now: () => number;

  constructor(
    db: Kysely<Database>,
    feed: ChangeFeed,
    now: () => number,
    opts: Partial<LiveStatusOptions> = {},
  ) {
    this.db = db;
    this.feed = feed;
    this.now = now;
    this.opts = { ...DEFAULTS, ...opts };
  }

  private static marker(): string {
    return `m${process.pid.toString(36)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  }

  /** The version the snapshots are current to: the `id` of stream events, `x-status-version` of reads. */
  get version(): string {
    return this.position;
  }

  /** A request of this process changed seats: the next read first waits until the feed has delivered it. */
  noteWrite(): void {
    this.writes++;
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      await this.feed.start({ onEvents: (events) => this.onEvents(events), onGap: () => this.onGap() });
      const every = (ms: number, fn: () => unknown) => {
        const t = setInterval(fn, ms);
        t.unref();
        this.timers.push(t);
      };
      every(this.opts.sweepMs, () => this.sweep());
      every(this.opts.resyncMs, () => {
        for (const entry of this.entries.values()) if (entry.snap) this.reload(entry);
      });
      every(this.opts.pingMs, () => {
        for (const entry of this.entries.values()) for (const s of entry.subscribers) s.write(': ping\n\n');
      });
    })();
    return this.started;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    for (const entry of this.entries.values()) {
      clearTimeout(entry.flushTimer);
      for (const s of entry.subscribers) s.close();
      entry.subscribers.clear();
    }
    if (this.started) await this.started.catch(() => undefined);
    await this.feed.stop();
  }

  /**
   * The presentation's snapshot, current to every seat write this process made (read your writes) and
   * to every other process's write the feed delivered. Throws event_not_found for an unknown one.
   */
  async read(presentationId: number): Promise<StatusSnapshot> {
    await this.start();
    if (this.writes !== this.syncedWrites) {
      const upTo = this.writes;
      await this.feed.sync();
      this.syncedWrites = Math.max(this.syncedWrites, upTo);
    }
    const entry = this.entryOf(presentationId);
    entry.lastUsed = Date.now();
    let snap = entry.snap ?? (await this.load(presentationId, entry));
    // A change of the catalogue (the presentation's plan version, its capacity) shows at once.
    if (snap.generation !== (await catalogueGeneration(this.db))) {
      this.reload(entry);
      snap = (await entry.loading) ?? snap;
    }
    this.expire(presentationId, entry, snap);
    return snap;
  }

  /** Frees the holds that lapsed; pushes them, and remembers them for streams that resume. */
  private expire(presentationId: number, entry: Entry, snap: StatusSnapshot): void {
    const freed = snap.expire(this.now());
    if (freed.length === 0) return;
    const at = Date.now();
    for (const key of freed) this.expired.push({ presentationId, key, at });
    if (this.expired.length > this.opts.ringSize) this.expired = this.expired.slice(-this.opts.ringSize / 2);
    this.markDirty(entry, freed);
  }

  /**
   * Registers a stream and answers its first event: what changed since `since` when this process knows
   * that version, else `reset`. Synchronous after the snapshot is loaded, so no event falls in between.
   */
  async subscribe(presentationId: number, since: string | undefined, sub: StreamSubscriber) {
    const snap = await this.read(presentationId);
    const entry = this.entryOf(presentationId);
    let initial = sse('reset', this.position, '{}');
    const at = since === undefined ? undefined : this.ringIndex.get(since);
    if (since === this.position || at !== undefined) {
      const from = at === undefined ? this.ring.length : at - this.ringBase + 1;
      const sinceTime = at === undefined ? this.positionAt : this.ring[at - this.ringBase]!.at;
      const keys = new Set<string>();
      for (let i = from; i < this.ring.length; i++) {
        const e = this.ring[i]!;
        if (e.presentationId === presentationId) keys.add(e.key);
      }
      // Expiry writes no event, and processes free a hold at about the same time: a margin covers that.
      for (const e of this.expired)
        if (e.presentationId === presentationId && e.at >= sinceTime - EXPIRY_MARGIN_MS) keys.add(e.key);
      initial = sse('changes', this.position, this.changesJson(snap, keys));
    }
    entry.subscribers.add(sub);
    return {
      initial,
      unsubscribe: () => {
        entry.subscribers.delete(sub);
        entry.lastUsed = Date.now();
      },
    };
  }

  private entryOf(presentationId: number): Entry {
    let entry = this.entries.get(presentationId);
    if (!entry) {
      entry = {
        snap: null,
        loading: null,
        buffered: null,
        subscribers: new Set(),
        dirty: new Set(),
        flushTimer: undefined,
        lastUsed: Date.now(),
      };
      this.entries.set(presentationId, entry);
    }
    return entry;
  }

  private load(presentationId: number, entry: Entry): Promise<StatusSnapshot> {
    entry.loading ??= (async () => {
      entry.buffered = [];
      try {
        const snap = await StatusSnapshot.load(this.db, presentationId, this.now());
        for (const e of entry.buffered) snap.apply(e);
        entry.snap = snap;
        return snap;
      } catch (err) {
        if (entry.subscribers.size === 0 && !entry.snap) this.entries.delete(presentationId);
        throw err;
      } finally {
        entry.buffered = null;
        entry.loading = null;
      }
    })();
    return entry.loading;
  }

  /** Loads the snapshot again beside the one in use, then swaps them and pushes the differences. */
  private reload(entry: Entry): void {
    const old = entry.snap;
    if (!old || entry.loading) return;
    entry.buffered = [];
    entry.loading = StatusSnapshot.load(this.db, old.row.id, this.now())
      .then((fresh) => {
        const now = this.now();
        for (const e of entry.buffered ?? []) fresh.apply(e);
        fresh.expire(now);
        const current = entry.snap ?? old;
        current.expire(now);
        const diff = fresh.differences(current);
        entry.snap = fresh;
        this.markDirty(entry, diff);
        return fresh;
      })
      .catch(() => old) // the database is down: keep what we have; the next resync or gap tries again
      .finally(() => {
        entry.buffered = null;
        entry.loading = null;
      });
  }

  private onEvents(events: SeatEvent[]): void {
    const at = Date.now();
    for (const e of events) {
      const key = seatKey(e.sectionId, e.x, e.y);
      this.ringIndex.set(e.id, this.ringBase + this.ring.length);
      this.ring.push({ id: e.id, presentationId: e.presentationId, key, at });
      this.position = e.id;
      this.positionAt = at;
      const entry = this.entries.get(e.presentationId);
      if (!entry) continue;
      entry.buffered?.push(e);
      if (entry.snap?.apply(e)) this.markDirty(entry, [key]);
    }
    if (this.ring.length > this.opts.ringSize) {
      const drop = Math.ceil(this.opts.ringSize / 5);
      for (const e of this.ring.slice(0, drop)) this.ringIndex.delete(e.id);
      this.ring = this.ring.slice(drop);
      this.ringBase += drop;
    }
  }

  /** Events were lost: nobody can resume from before, and every snapshot reloads. */
  private onGap(): void {
    this.ring = [];
    this.ringIndex.clear();
    this.ringBase = 0;
    this.expired = [];
    this.position = LiveStatus.marker();
    this.positionAt = Date.now();
    for (const entry of this.entries.values()) this.reload(entry);
  }

  private markDirty(entry: Entry, keys: readonly string[]): void {
    if (keys.length === 0 || entry.subscribers.size === 0) return;
    for (const k of keys) entry.dirty.add(k);
    entry.flushTimer ??= setTimeout(() => this.flush(entry), this.opts.batchMs);
  }

  private flush(entry: Entry): void {
    entry.flushTimer = undefined;
    if (!entry.snap || entry.dirty.size === 0) return;
    const text = sse('changes', this.position, this.changesJson(entry.snap, entry.dirty));
    entry.dirty.clear();
    for (const s of entry.subscribers) s.write(text);
  }

  private changesJson(snap: StatusSnapshot, keys: Iterable<string>): string {
    const free: Record<string, string> = {};
    const taken: string[] = [];
    for (const key of keys) {
      const value = snap.freeValue(key);
      if (value === undefined) taken.push(key);
      else free[key] = value;
    }
    return JSON.stringify({ free, taken });
  }

  /**
   * Frees lapsed holds in every snapshot and pushes them (a lapsed hold stays in the database until
   * someone takes the seat: the status rule counts it free), and drops snapshots nobody uses.
   */
  private sweep(): void {
    const idleSince = Date.now() - this.opts.idleMs;
    for (const [id, entry] of this.entries) {
      if (entry.snap) this.expire(id, entry, entry.snap);
      if (entry.subscribers.size === 0 && entry.lastUsed < idleSince && !entry.loading)
        this.entries.delete(id);
    }
  }
}
