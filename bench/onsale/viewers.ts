import { connect, type SseConnection, type SseEvent } from '../../server/testing/sse.ts';
import type { Arena } from './arena.ts';
import type { LockGrant } from './buyer.ts';

/**
 * Viewers of the arena's seat map: each loads seats-statusV2 (learning x-status-version), then keeps the
 * status stream open with since=<version>, reconnecting with Last-Event-ID when it drops. A sample of
 * them parses every event and remembers, per seat, when it turned taken: the change-to-viewer latency
 * and "every viewer saw every sold seat as taken" come from those. The rest only count events, as
 * parsing 1,000 copies of every batch would measure the load generator rather than the box office.
 */
/** Changes closer together than this may reach a stream as one batch (the box office batches per 200 ms). */
const COALESCE_MS = 1000;

interface Tracked {
  /** 1: the seat is taken as this viewer knows it (only seats the buyers touch start known: free). */
  taken: Uint8Array;
  /** When each seat turned taken for this viewer (performance.now()), every time it did. */
  takenAt: Map<number, number[]>;
}

export interface Viewer {
  conn: SseConnection | null;
  tracked: Tracked | null;
  events: number;
  resets: number;
  /** Streams opened: 1, plus one per reconnect. */
  connects: number;
  /** The Last-Event-ID each reconnect sent. */
  resumedWith: (string | undefined)[];
  errors: string[];
}

export interface ViewerStats {
  viewers: number;
  opened: number;
  events: number;
  resets: number;
  reconnects: number;
  errors: number;
  firstErrors: string[];
}

export class Viewers {
  readonly list: Viewer[] = [];
  private readonly arena: Arena;

  constructor(arena: Arena) {
    this.arena = arena;
  }

  /** Opens `count` viewers, `tracked` of them parsing, at most `parallel` opening at once. */
  async open(count: number, tracked: number, parallel = 50): Promise<void> {
    for (let i = 0; i < count; i++)
      this.list.push({
        conn: null,
        tracked: i < tracked ? { taken: new Uint8Array(this.arena.keys.length), takenAt: new Map() } : null,
        events: 0,
        resets: 0,
        connects: 0,
        resumedWith: [],
        errors: [],
      });
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(parallel, count) }, async () => {
        for (let i = next++; i < count; i = next++) await this.openOne(this.list[i]!);
      }),
    );
  }

  private async openOne(v: Viewer): Promise<void> {
    const res = await fetch(this.arena.statusUrl, { headers: { 'accept-encoding': 'br, gzip' } });
    const body = await res.text();
    if (res.status !== 200) {
      v.errors.push(`seats-statusV2 answered ${res.status}: ${body.slice(0, 200)}`);
      return;
    }
    const version = res.headers.get('x-status-version') ?? undefined;
    let opened!: () => void;
    const first = new Promise<void>((resolve) => (opened = resolve));
    v.conn = connect(this.arena.streamUrl, {
      since: version,
      reconnect: true,
      maxRetryMs: 5000,
      onOpen: (o) => {
        v.connects = o.connects;
        if (o.connects > 1) v.resumedWith.push(o.lastEventId);
        opened();
      },
      onError: (e) => v.errors.push(e.message),
      onEvent: (e) => this.onEvent(v, e),
    });
    // A stream that fails for good (4xx) counts as an error; the open phase does not wait on it forever.
    v.conn.done.catch((e: unknown) => {
      v.errors.push(String(e));
      opened();
    });
    await first;
  }

  private onEvent(v: Viewer, e: SseEvent): void {
    v.events++;
    if (e.event === 'reset') {
      v.resets++;
      void this.reload(v);
      return;
    }
    if (e.event !== 'changes' || !v.tracked) return;
    const { taken, takenAt } = v.tracked;
    const change = JSON.parse(e.data) as { free: Record<string, string>; taken: string[] };
    for (const key of change.taken) {
      const i = this.arena.indexOf.get(key);
      if (i === undefined || taken[i] === 1) continue;
      taken[i] = 1;
      const times = takenAt.get(i);
      if (times) times.push(e.receivedAt);
      else takenAt.set(i, [e.receivedAt]);
    }
    for (const key of Object.keys(change.free)) {
      const i = this.arena.indexOf.get(key);
      if (i !== undefined) taken[i] = 0;
    }
  }

  /** A reset: reload the whole map, as the shop does; a tracked viewer takes its taken seats from it. */
  private async reload(v: Viewer): Promise<void> {
    const res = await fetch(this.arena.statusUrl, { headers: { 'accept-encoding': 'br, gzip' } });
    const text = await res.text();
    if (res.status !== 200 || !v.tracked) return;
    const now = performance.now();
    const free = (JSON.parse(text) as { seats: Record<string, string> }).seats;
    const { taken, takenAt } = v.tracked;
    this.arena.keys.forEach((key, i) => {
      const isTaken = free[key] === undefined ? 1 : 0;
      if (isTaken && !taken[i]) takenAt.set(i, [...(takenAt.get(i) ?? []), now]);
      taken[i] = isTaken;
    });
  }

  close(): void {
    for (const v of this.list) v.conn?.close();
  }

  stats(): ViewerStats {
    const errors = this.list.flatMap((v) => v.errors);
    return {
      viewers: this.list.length,
      opened: this.list.filter((v) => v.connects > 0).length,
      events: this.list.reduce((a, v) => a + v.events, 0),
      resets: this.list.reduce((a, v) => a + v.resets, 0),
      reconnects: this.list.reduce((a, v) => a + Math.max(0, v.connects - 1), 0),
      errors: errors.length,
      firstErrors: [...new Set(errors)].slice(0, 5),
    };
  }

  /**
   * Change-to-viewer latency over (granted lock, tracked viewer) pairs: from the lock's 200 to the first
   * time the viewer saw the seat turn taken after the lock was sent (and before the next grant of that
   * seat). An event that beat the HTTP answer counts as 0 ms; `fromSent` measures from the lock's
   * sending instead (an upper bound that includes the lock itself, telling apart a slow stream from a
   * slow lock answer when the box office is overloaded). A lock let go of at once may never
   * show as taken, nor one taken over just after its previous holder let go (the batch nets out to
   * "still taken"): those pairs are `coalesced`; any other lock never seen is `missed`.
   */
  latency(grants: readonly LockGrant[]): {
    ms: number[];
    fromSent: number[];
    missed: number;
    coalesced: number;
  } {
    const bySeat = new Map<string, LockGrant[]>();
    for (const g of grants) bySeat.set(g.key, [...(bySeat.get(g.key) ?? []), g]);
    for (const list of bySeat.values()) list.sort((a, b) => a.sentAt - b.sentAt);
    const ms: number[] = [];
    const fromSent: number[] = [];
    let missed = 0;
    let coalesced = 0;
    for (const [key, list] of bySeat) {
      const i = this.arena.indexOf.get(key)!;
      list.forEach((g, k) => {
        const until = list[k + 1]?.sentAt ?? Infinity;
        // Let go of by the previous holder just before: the batch may net out to "still taken".
        const before = list[k - 1]?.releasedAt;
        const handedOver = before !== undefined && g.sentAt - before < COALESCE_MS;
        for (const v of this.list) {
          if (!v.tracked) continue;
          const seen = v.tracked.takenAt.get(i)?.find((t) => t >= g.sentAt && t < until);
          if (seen !== undefined) {
            ms.push(Math.max(0, seen - g.okAt));
            fromSent.push(seen - g.sentAt);
          } else if (handedOver || (g.releasedAt !== undefined && g.releasedAt - g.okAt < COALESCE_MS))
            coalesced++;
          else missed++;
        }
      });
    }
    return { ms, fromSent, missed, coalesced };
  }

  /** Tracked viewers that do not show each of `keys` as taken now: (viewer index, seat) pairs. */
  notTaken(keys: readonly string[]): { viewer: number; seat: string }[] {
    const out: { viewer: number; seat: string }[] = [];
    this.list.forEach((v, n) => {
      if (!v.tracked) return;
      for (const key of keys)
        if (v.tracked.taken[this.arena.indexOf.get(key)!] !== 1) out.push({ viewer: n, seat: key });
    });
    return out;
  }
}
