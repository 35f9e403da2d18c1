/**
 * The load generator's one HTTP client: Node's fetch (undici, keep-alive by default), every answer
 * counted by status and timed by kind, every call logged with its start and end so the fault tests can
 * ask what was answered during an outage. Status 0 is a connection error (reset, refused).
 */

export type CallKind = 'status' | 'lock' | 'unlock' | 'commit' | 'other';

export interface CallRecord {
  kind: CallKind;
  status: number;
  /** performance.now() when it was sent and when the answer was read (or the connection failed). */
  sentAt: number;
  doneAt: number;
  /** The answer's `code` for a JSON error, or the connection error's message. */
  code?: string;
  retryAfter?: string | null;
  /** Which try of the same request this was (0 = the first). */
  attempt: number;
}

export class Recorder {
  readonly calls: CallRecord[] = [];

  record(c: CallRecord): void {
    this.calls.push(c);
  }

  /** Answers by status code ("0" = connection error). */
  statusCounts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const c of this.calls) out[c.status] = (out[c.status] ?? 0) + 1;
    return out;
  }

  count5xx(): number {
    return this.calls.filter((c) => c.status >= 500).length;
  }

  latencies(kind: CallKind): number[] {
    return this.calls.filter((c) => c.kind === kind && c.status !== 0).map((c) => c.doneAt - c.sentAt);
  }
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers | null;
  code?: string;
}

export interface CallOptions {
  kind: CallKind;
  uuid?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Try again when the connection fails (a killed process): up to this many more times. */
  networkRetries?: number;
  /** Try again after a 503, waiting its Retry-After (capped at 5 s): up to this many more times. */
  unavailableRetries?: number;
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function codeOf(text: string): string | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client address a simulated visitor calls from, the same for every call of one visitor id: a crowd
 * arrives from many addresses, not one (the box office trusts X-Forwarded-For from the load generator:
 * TRUST_PROXY=loopback, boxOffice.ts). From one address, every per-address count would be one row that
 * every call of the crowd updates, which no on-sale has.
 */
export function addressOf(uuid: string): string {
  const hex = uuid.replace(/-/g, '');
  return `10.${parseInt(hex.slice(0, 2), 16)}.${parseInt(hex.slice(2, 4), 16)}.${parseInt(hex.slice(4, 6), 16)}`;
}

/** One request, retried as `opts` allows; every try is recorded. */
export async function call(rec: Recorder, method: string, url: string, opts: CallOptions): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const sentAt = performance.now();
    try {
      const res = await fetch(url, {
        method,
        headers: {
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.uuid ? { uuid: opts.uuid, 'x-forwarded-for': addressOf(opts.uuid) } : {}),
          ...opts.headers,
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
      });
      const text = await res.text();
      const code = res.status >= 400 ? codeOf(text) : undefined;
      const retryAfter = res.status === 503 ? res.headers.get('retry-after') : undefined;
      rec.record({
        kind: opts.kind,
        status: res.status,
        sentAt,
        doneAt: performance.now(),
        code,
        retryAfter,
        attempt,
      });
      if (res.status === 503 && attempt < (opts.unavailableRetries ?? 0)) {
        await sleep(Math.min(5000, Math.max(200, Number(retryAfter ?? 1) * 1000)));
        continue;
      }
      return { status: res.status, text, headers: res.headers, code };
    } catch (error) {
      const message =
        error instanceof Error
          ? `${error.name}: ${(error.cause as Error)?.message ?? error.message}`
          : String(error);
      rec.record({ kind: opts.kind, status: 0, sentAt, doneAt: performance.now(), code: message, attempt });
      if (attempt < (opts.networkRetries ?? 0)) {
        await sleep(100 * (attempt + 1));
        continue;
      }
      return { status: 0, text: message, headers: null, code: message };
    }
  }
}
