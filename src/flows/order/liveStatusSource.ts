import type { SeatChanges } from '../../seatmap/index.ts';

/**
 * Where the seat step's live status comes from: the status stream while it is healthy, status-map polls
 * while it is not. Free of React and of the DOM (the stream and the timers are handed in), so the
 * switching between the two can be tested on its own.
 */

/** The part of an EventSource this class uses. */
export interface StreamLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface Timers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface LiveStatusOptions {
  /** The stream's address from a resume point: the version the map shows, when known. */
  streamUrl: (since: string | undefined) => string;
  /** `new EventSource(url)` in the browser; may throw where there is none. */
  openStream: (url: string) => StreamLike;
  /** The version of the status map the map was loaded with (`x-status-version`). */
  since?: string | undefined;
  applyChanges: (changes: SeatChanges) => Promise<void>;
  /** Reads and applies the whole status map; answers its version when the answer said. */
  reloadStatus: () => Promise<string | undefined>;
  /** Polls pause while this says so (a hidden page); the stream may stay open. */
  isHidden: () => boolean;
  pollMs: number;
  /** A stream that closed for good is opened again after `first` ms, doubling up to `max`. */
  reopenMs?: { first: number; max: number };
  timers?: Timers;
}

/** EventSource.readyState values. */
const OPEN = 1;
const CLOSED = 2;

/**
 * A `changes` event's body, `{ free: { seat: status }, taken: [seat] }`, checked by hand: zod stays off the
 * seat step's first load (issue 19).
 */
export function isSeatChanges(data: unknown): data is SeatChanges {
  if (typeof data !== 'object' || data === null) return false;
  const { free, taken } = data as { free?: unknown; taken?: unknown };
  if (typeof free !== 'object' || free === null || Array.isArray(free)) return false;
  if (!Object.values(free).every((v) => typeof v === 'string')) return false;
  return Array.isArray(taken) && taken.every((v) => typeof v === 'string');
}

const globalTimers: Timers = {
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof globalThis.setInterval>),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * Runs the live status of one presentation from `start()` to `stop()`. The stream is healthy once it is
 * open and its first event of this connection came (a `changes` since the resume point, or a `reset`);
 * then nothing polls. Otherwise the status map is polled every `pollMs`: while the EventSource
 * reconnects by itself (the server asks for 1 s), and while a stream that closed for good (a 4xx) waits
 * to be opened again.
 *
 * Hazard: every update of the map goes through one queue, in arrival order. A `changes` event applied
 * before a status map fetched earlier would be undone by it; applied after any map, it is right (a diff
 * names the seats' new states, and a map already showing them is left as it is).
 */
export class LiveStatusSource {
  private readonly options: LiveStatusOptions;
  private readonly timers: Timers;
  private stream: StreamLike | null = null;
  /** The current connection has sent its first event. */
  private greeted = false;
  /** The map may be behind whatever the stream says (a failed reload or update): poll even when healthy. */
  private stale = false;
  private polling = false;
  private stopped = true;
  private pollTimer: unknown = null;
  private reopenTimer: unknown = null;
  private reopenDelay: number;
  /** The version of what the map shows last: the resume point of a stream opened anew. */
  private version: string | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(options: LiveStatusOptions) {
    this.options = options;
    this.timers = options.timers ?? globalTimers;
    this.reopenDelay = options.reopenMs?.first ?? 5000;
    this.version = options.since;
  }

  /** Open and with its first event in: nothing polls. */
  get healthy(): boolean {
    return this.stream !== null && this.stream.readyState === OPEN && this.greeted;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
    this.pollTimer = this.timers.setInterval(() => this.tick(), this.options.pollMs);
  }

  stop(): void {
    this.stopped = true;
    this.stream?.close();
    this.stream = null;
    this.timers.clearInterval(this.pollTimer);
    if (this.reopenTimer !== null) this.timers.clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
  }

  private open(): void {
    this.stream?.close();
    this.greeted = false;
    let stream: StreamLike;
    try {
      stream = this.options.openStream(this.options.streamUrl(this.version));
    } catch {
      this.stream = null;
      this.reopenLater();
      return;
    }
    this.stream = stream;
    // Events of a stream replaced meanwhile are not for us.
    const on = (type: string, run: (event: MessageEvent) => void) =>
      stream.addEventListener(type, (event) => {
        if (!this.stopped && this.stream === stream) run(event);
      });
    // Every (re)connection sends one first event: until it comes, the map may miss what happened.
    on('open', () => (this.greeted = false));
    on('changes', (event) => this.onChanges(event));
    on('reset', () => {
      this.greet();
      void this.enqueue(() => this.reload());
    });
    on('error', () => {
      this.greeted = false;
      if (stream.readyState === CLOSED) this.reopenLater();
    });
  }

  private greet(): void {
    this.greeted = true;
    this.reopenDelay = this.options.reopenMs?.first ?? 5000;
  }

  private onChanges(event: MessageEvent): void {
    this.greet();
    let changes: unknown;
    try {
      changes = JSON.parse(String(event.data));
    } catch {
      changes = undefined;
    }
    if (!isSeatChanges(changes)) {
      // A diff we cannot read: the map may be behind now, so read it whole.
      void this.enqueue(() => this.reload());
      return;
    }
    const diff = changes;
    const version = event.lastEventId || undefined;
    void this.enqueue(async () => {
      try {
        await this.options.applyChanges(diff);
        if (version) this.version = version;
      } catch {
        this.stale = true;
      }
    });
  }

  /** A stream closed for good (the EventSource gives up on a 4xx): open a new one after a back-off. */
  private reopenLater(): void {
    if (this.stopped || this.reopenTimer !== null) return;
    const delay = this.reopenDelay;
    this.reopenDelay = Math.min(delay * 2, this.options.reopenMs?.max ?? 30_000);
    this.reopenTimer = this.timers.setTimeout(() => {
      this.reopenTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private tick(): void {
    if (this.stopped || this.polling || this.options.isHidden()) return;
    if (this.healthy && !this.stale) return;
    // One poll at a time: a slow answer is not overtaken by the next.
    this.polling = true;
    void this.enqueue(() => this.reload()).finally(() => (this.polling = false));
  }

  private async reload(): Promise<void> {
    try {
      const version = await this.options.reloadStatus();
      this.stale = false;
      if (version) this.version = version;
    } catch {
      this.stale = true;
    }
  }

  private enqueue(run: () => Promise<void>): Promise<void> {
    const next = this.queue.then(() => (this.stopped ? undefined : run()));
    this.queue = next;
    return next;
  }
}
