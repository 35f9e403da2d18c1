/**
 * A small server-sent-events client for Node (which has no EventSource), for the benchmarks and tests
 * of the live seat status: fetch plus a stream reader, parsed as the WHATWG EventSource does.
 *
 * It differs from a browser's EventSource where tests need it to: with `reconnect` it also reconnects
 * after a 5xx answer (honouring Retry-After), as the shop does by opening a new stream after a fatal
 * error; an EventSource would give up. A 4xx answer always ends it (the request itself is wrong).
 */

export interface SseEvent {
  /** The `event:` field; `message` when the server sent none. */
  event: string;
  /** The last event id the stream set (as EventSource's lastEventId); undefined before any. */
  id: string | undefined;
  data: string;
  /** performance.now() when the event's terminating blank line was read. */
  receivedAt: number;
}

export interface SseOptions {
  /** Sent as Last-Event-ID on the first request (later requests send the last id seen). */
  lastEventId?: string | undefined;
  /** Added as `since=` to the URL of the first request when no Last-Event-ID is sent. */
  since?: string | undefined;
  /** Reconnect (with Last-Event-ID) when the connection fails or ends, or the answer is a 5xx. */
  reconnect?: boolean;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Called for every event instead of queueing it for the async iterator (no unbounded queue). */
  onEvent?: (event: SseEvent) => void;
  /** Called each time a stream opens (200 with text/event-stream): 1 on the first, 2 on the first reconnect. */
  onOpen?: (info: { connects: number; lastEventId: string | undefined; status: number }) => void;
  /** Called when a connection fails or ends, before any reconnect. */
  onError?: (error: SseError | Error) => void;
  /** The longest wait before a reconnect, whatever `retry:` or Retry-After say (ms). */
  maxRetryMs?: number;
}

/** A stream answered with something other than 200 text/event-stream. */
export class SseError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(`event stream answered ${status}: ${body.slice(0, 200)}`);
    this.status = status;
    this.body = body;
  }
}

export interface SseConnection extends AsyncIterable<SseEvent> {
  close(): void;
  /** The last event id seen (what a reconnect sends as Last-Event-ID). */
  readonly lastEventId: string | undefined;
  /** How many times a stream opened. */
  readonly connects: number;
  /** Whether a stream is open right now. */
  readonly open: boolean;
  /** Settles when the connection is closed for good: resolves on close(), rejects on a fatal error. */
  readonly done: Promise<void>;
}

/** Opens `url` as an event stream. Iterate it (or pass `onEvent`); `close()` ends it. */
export function connect(url: string, opts: SseOptions = {}): SseConnection {
  const queue: SseEvent[] = [];
  let waiting: ((r: IteratorResult<SseEvent>) => void) | null = null;
  let failWaiting: ((e: unknown) => void) | null = null;
  let closed = false;
  let fatal: unknown = null;
  let lastEventId = opts.lastEventId;
  let retryMs = 1000;
  let connects = 0;
  let open = false;
  let abort = new AbortController();
  let wake: (() => void) | null = null;
  let resolveDone!: () => void;
  let rejectDone!: (e: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  // Nobody may be listening to `done`; an unobserved rejection must not crash the process.
  done.catch(() => undefined);

  const deliver = (e: SseEvent) => {
    if (opts.onEvent) return opts.onEvent(e);
    if (waiting) {
      const w = waiting;
      waiting = failWaiting = null;
      w({ value: e, done: false });
    } else queue.push(e);
  };
  const finish = (error: unknown) => {
    if (closed) return;
    closed = true;
    open = false;
    if (error) {
      fatal = error;
      rejectDone(error);
      failWaiting?.(error);
    } else {
      resolveDone();
      waiting?.({ value: undefined, done: true });
    }
    waiting = failWaiting = null;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });

  const once = async (): Promise<number> => {
    const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
    let target = url;
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    else if (opts.since !== undefined)
      target += `${url.includes('?') ? '&' : '?'}since=${encodeURIComponent(opts.since)}`;
    const res = await fetch(target, { headers, signal: abort.signal });
    const type = res.headers.get('content-type') ?? '';
    if (res.status !== 200 || !type.startsWith('text/event-stream')) {
      const body = await res.text().catch(() => '');
      const error = new SseError(res.status, body);
      if (res.status >= 500 && opts.reconnect) {
        const after = Number(res.headers.get('retry-after'));
        opts.onError?.(error);
        return Number.isFinite(after) && after > 0 ? after * 1000 : retryMs;
      }
      throw error;
    }
    connects++;
    open = true;
    opts.onOpen?.({ connects, lastEventId, status: res.status });
    const parser = new SseParser(lastEventId, {
      id: (id) => (lastEventId = id),
      retry: (ms) => (retryMs = ms),
      dispatch: deliver,
    });
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    try {
      for (;;) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } finally {
      open = false;
    }
    opts.onError?.(new Error('the event stream ended'));
    return retryMs;
  };

  void (async () => {
    while (!closed) {
      let wait: number;
      try {
        wait = await once();
      } catch (error) {
        open = false;
        if (closed) break;
        if (error instanceof SseError || !opts.reconnect) {
          finish(error);
          break;
        }
        opts.onError?.(error as Error);
        wait = retryMs;
      }
      if (!opts.reconnect) {
        finish(null);
        break;
      }
      await sleep(Math.min(wait, opts.maxRetryMs ?? 30_000));
      abort = new AbortController();
    }
  })();

  return {
    close() {
      if (closed) return;
      abort.abort();
      wake?.();
      finish(null);
    },
    get lastEventId() {
      return lastEventId;
    },
    get connects() {
      return connects;
    },
    get open() {
      return open;
    },
    done,
    [Symbol.asyncIterator]() {
      return {
        next(): Promise<IteratorResult<SseEvent>> {
          const e = queue.shift();
          if (e) return Promise.resolve({ value: e, done: false });
          if (fatal) return Promise.reject(fatal);
          if (closed) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve, reject) => {
            waiting = resolve;
            failWaiting = reject;
          });
        },
        return(): Promise<IteratorResult<SseEvent>> {
          queue.length = 0;
          return Promise.resolve({ value: undefined, done: true });
        },
      };
    },
  };
}

export interface SseParserHandlers {
  /** The last event id, at every blank line (as EventSource's lastEventId). */
  id(id: string | undefined): void;
  retry(ms: number): void;
  dispatch(event: SseEvent): void;
}

/**
 * The event-stream grammar (WHATWG HTML, "Interpreting an event stream"): lines end in CRLF, LF or CR;
 * `field: value` (one leading space dropped), `:` comments, a blank line dispatches; data lines join
 * with LF; an event with no data is not dispatched, but its id still counts; `retry` is digits only.
 */
export class SseParser {
  private buffer = '';
  private pendingCr = false;
  private event = '';
  private data: string[] = [];
  private hasData = false;
  private idBuffer: string | undefined;
  private readonly on: SseParserHandlers;

  constructor(lastEventId: string | undefined, on: SseParserHandlers) {
    this.idBuffer = lastEventId;
    this.on = on;
  }

  push(chunk: string): void {
    let text = chunk;
    // A CR at the end of the previous chunk ended its line; an LF right after it belongs to that ending.
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(this.buffer.slice(start, i));
      if (c === 13) {
        if (i + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      this.on.id(this.idBuffer);
      if (this.hasData)
        this.on.dispatch({
          event: this.event || 'message',
          id: this.idBuffer,
          data: this.data.join('\n'),
          receivedAt: performance.now(),
        });
      this.event = '';
      this.data = [];
      this.hasData = false;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.event = value;
        break;
      case 'data':
        this.data.push(value);
        this.hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) this.idBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.on.retry(Number(value));
        break;
    }
  }
}
