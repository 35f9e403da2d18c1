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
  /** The feed's gaps counted when the snapshot's load began: one from before the last gap may lack writes. */
  gaps: number;
}

/** How far apart two processes may free one lapsed hold (their clocks, their sweeps). */
const EXPIRY_MARGIN_MS = 3000;
/** A start point as a version: `s<last event id>.<when, ms in base 36>` (the feed's `onStart`). */
const START_POINT = /^s(\d{1,19})\.([0-9a-z]{1,10})$/;

interface RingEvent {
  id: string;
  /** The id as a number: a start point covers the events numbered above it. */
  n: number;
  presentationId: number;
  key: string;
  at: number;
}

const sse = (event: string, id: string, data: string) => `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;

/**
 * The live seat status of this process: per presentation a snapshot kept current by the change feed
 * (every process hears every seat write, in commit order), the streams watching it, and the recent events
 * a stream resumes from. Versions name a point of the feed: the id of the last event applied, or, before
 * any since a start or a gap, the feed's start point (`s<last id>.<time>`), which every process that
 * started at the same point shares. A stream resumes from an event this process has, or from a start
 * point at or after its own (every event numbered above it is here): a map loaded on one process resumes
 * on another before any seat changed, without reloading. From any other version it gets `reset`.
 */
export class LiveStatus {
  private readonly entries = new Map<number, Entry>();
  private ring: RingEvent[] = [];
  /** Seats freed here by expiry (no event names them), for streams resuming from before. */
  private expired: { presentationId: number; key: string; at: number }[] = [];
  private positionAt = Date.now();
  private ringBase = 0;
  private readonly ringIndex = new Map<string, number>();
  private position = LiveStatus.marker();
  /** Every event numbered above this is in the ring (the feed's start point, then what the ring dropped). */
  private coveredFrom: number | null = null;
  private started: Promise<void> | null = null;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private writes = 0;
  private gaps = 0;
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
      await this.feed.start({
        onEvents: (events) => this.onEvents(events),
        onGap: () => this.onGap(),
        onStart: (lastId) => this.onStart(lastId),
      });
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
    // A snapshot loaded before the feed's last gap may lack what the gap hid (and the version is the new
    // start point): the read waits for one loaded after it, as long as the database answers.
    for (let i = 0; i < 2 && entry.gaps !== this.gaps; i++) {
      this.reload(entry);
      snap = (await entry.loading) ?? snap;
    }
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
    const keys = since === undefined ? null : this.changedSince(presentationId, since);
    const initial = keys
      ? sse('changes', this.position, this.changesJson(snap, keys))
      : sse('reset', this.position, '{}');
    entry.subscribers.add(sub);
    return {
      initial,
      unsubscribe: () => {
        entry.subscribers.delete(sub);
        entry.lastUsed = Date.now();
      },
    };
  }

  /** The presentation's seats that changed since the version `since`; null when it is not known here. */
  private changedSince(presentationId: number, since: string): Set<string> | null {
    const keys = new Set<string>();
    const add = (e: RingEvent) => e.presentationId === presentationId && keys.add(e.key);
    let sinceTime: number;
    const at = this.ringIndex.get(since);
    const start = START_POINT.exec(since);
    if (since === this.position) sinceTime = this.positionAt;
    else if (at !== undefined) {
      sinceTime = this.ring[at - this.ringBase]!.at;
      for (let i = at - this.ringBase + 1; i < this.ring.length; i++) add(this.ring[i]!);
    } else if (start && this.coveredFrom !== null && Number(start[1]) >= this.coveredFrom) {
      // A start point of another process (or an earlier one of this): every event after it is here.
      const last = Number(start[1]);
      sinceTime = Math.min(parseInt(start[2]!, 36), Date.now());
      for (const e of this.ring) if (e.n > last) add(e);
    } else return null;
    // Expiry writes no event, and processes free a hold at about the same time: a margin covers that.
    for (const e of this.expired)
      if (e.presentationId === presentationId && e.at >= sinceTime - EXPIRY_MARGIN_MS) keys.add(e.key);
    return keys;
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
        gaps: this.gaps,
      };
      this.entries.set(presentationId, entry);
    }
    return entry;
  }

  private load(presentationId: number, entry: Entry): Promise<StatusSnapshot> {
    entry.loading ??= (async () => {
      entry.buffered = [];
      const gaps = this.gaps;
      try {
        const snap = await StatusSnapshot.load(this.db, presentationId, this.now());
        for (const e of entry.buffered) snap.apply(e);
        entry.snap = snap;
        entry.gaps = gaps;
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
    const gaps = this.gaps;
    entry.loading = StatusSnapshot.load(this.db, old.row.id, this.now())
      .then((fresh) => {
        const now = this.now();
        for (const e of entry.buffered ?? []) fresh.apply(e);
        fresh.expire(now);
        const current = entry.snap ?? old;
        current.expire(now);
        const diff = fresh.differences(current);
        entry.snap = fresh;
        entry.gaps = gaps;
        this.markDirty(entry, diff);
        return fresh;
      })
      .catch(() => old) // the database is down: keep what we have; the next resync or gap tries again
      .finally(() => {
        entry.buffered = null;
        entry.loading = null;
        // Begun before a gap that came meanwhile (whose own reload it kept from starting): once more.
        if (entry.snap !== old && entry.gaps !== this.gaps) this.reload(entry);
      });
  }

  private onEvents(events: SeatEvent[]): void {
    const at = Date.now();
    for (const e of events) {
      const key = seatKey(e.sectionId, e.x, e.y);
      this.ringIndex.set(e.id, this.ringBase + this.ring.length);
      this.ring.push({ id: e.id, n: Number(e.id), presentationId: e.presentationId, key, at });
      this.position = e.id;
      this.positionAt = at;
      const entry = this.entries.get(e.presentationId);
      if (!entry) continue;
      entry.buffered?.push(e);
      if (entry.snap?.apply(e)) this.markDirty(entry, [key]);
    }
    if (this.ring.length > this.opts.ringSize) {
      const drop = Math.ceil(this.opts.ringSize / 5);
      for (const e of this.ring.slice(0, drop)) {
        this.ringIndex.delete(e.id);
        if (this.coveredFrom !== null) this.coveredFrom = Math.max(this.coveredFrom, e.n);
      }
      this.ring = this.ring.slice(drop);
      this.ringBase += drop;
    }
  }

  /** Events were lost: nobody can resume from before, and every snapshot reloads. */
  private onGap(): void {
    this.gaps++;
    this.ring = [];
    this.ringIndex.clear();
    this.ringBase = 0;
    this.expired = [];
    this.position = LiveStatus.marker();
    this.positionAt = Date.now();
    this.coveredFrom = null;
    for (const entry of this.entries.values()) this.reload(entry);
  }

  /** The feed (re)started: until the next event, the version is its start point, shared by processes. */
  private onStart(lastId: string | null): void {
    if (lastId === null) return;
    this.positionAt = Date.now();
    this.position = `s${lastId}.${this.positionAt.toString(36)}`;
    this.coveredFrom = Number(lastId);
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
