import { FetchError, ofetch } from 'ofetch';
import type { z } from 'zod';

/**
 * What a call answers: the output of its answer schema in the shared contract. Only the type crosses
 * into the shop's first pages: the box office checks every answer against the same schema before it
 * sends it (the response serializer, server/app.ts), so the shop does not parse it a second time and
 * zod with every contract's schemas stays out of the first route's JavaScript (issue 19).
 */
export type Answer<S extends z.ZodType> = z.output<S>;

/**
 * The shop's one HTTP client. Every call sends Accept and, once the visitor has one, the uuid header
 * (spec section 7). The API host is configurable at build time (VITE_API_BASE) so a venue can point
 * the shop at a compatible back end.
 */
const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

let visitorUuid: string | undefined;

/** The address of an API path, for code that fetches it itself (the seat-map worker). */
export function apiUrl(path: string, query: Record<string, string | number> = {}): string {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${API_BASE}${path}${q ? `?${q}` : ''}`;
}

export function setVisitorUuid(uuid: string | undefined): void {
  visitorUuid = uuid;
}

/** A failed call, with the catalogue code the shop translates and the HTTP status. */
export class ApiCallError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly params: Record<string, string | number> | undefined;

  constructor(code: string, statusCode: number, message: string, params?: Record<string, string | number>) {
    super(message);
    this.name = 'ApiCallError';
    this.code = code;
    this.statusCode = statusCode;
    this.params = params;
  }
}

const http = ofetch.create({
  baseURL: API_BASE,
  credentials: 'same-origin',
  retry: 0,
  onRequest({ options }) {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    if (visitorUuid) headers.set('uuid', visitorUuid);
    options.headers = headers;
  },
});

interface ApiErrorBody {
  code: string;
  statusCode: number;
  message: string;
  params?: Record<string, string | number>;
}

/** The error body of spec section 8 (`ApiErrorSchema`), checked by hand to keep zod off the first page. */
export function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  if (typeof d.code !== 'string' || typeof d.message !== 'string') return false;
  if (typeof d.statusCode !== 'number' || !Number.isSafeInteger(d.statusCode)) return false;
  if (d.requestId !== undefined && typeof d.requestId !== 'string') return false;
  if (d.params === undefined) return true;
  if (typeof d.params !== 'object' || d.params === null || Array.isArray(d.params)) return false;
  return Object.values(d.params).every((v) => typeof v === 'string' || typeof v === 'number');
}

function toApiError(err: unknown): ApiCallError {
  if (err instanceof FetchError) {
    const body: unknown = err.data;
    if (isApiErrorBody(body)) return new ApiCallError(body.code, body.statusCode, body.message, body.params);
    // Spec section 8: the status comes from statusCode, status or the response status, else 500.
    const status = err.statusCode ?? err.status ?? err.response?.status ?? 500;
    return new ApiCallError('fetch_data_error', status, err.message);
  }
  return new ApiCallError('fetch_data_error', 500, err instanceof Error ? err.message : String(err));
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Pauses before the second and third try of a call that may be tried again (`retryDelay`). */
const RETRY_DELAYS_MS = [300, 1000] as const;
/** The longest pause a Retry-After header may ask for: a customer waits no longer without a word. */
const MAX_RETRY_AFTER_MS = 5000;

/**
 * Whether, and after how long, a failed call is tried again: a call that does the same however often it
 * arrives (a read, a PUT such as a seat lock, which answers the same hold again, a DELETE, or any call
 * carrying an Idempotency-Key, which the box office answers once) when the connection was cut before an
 * answer (a host that died behind the load balancer) or the answer says to come back: 502, 503 or 504
 * from the balancer (no catalogue code), or the box office's 503 `service_unavailable` (its database
 * away, with Retry-After). A catalogue answer with another code is the call's answer, even a 503
 * (`location_offline`: the venue sells at its box office only). Null: give up.
 */
export function retryDelay(
  call: { method: string; headers?: Record<string, string> | undefined },
  failure: { status: number | undefined; retryAfter: string | null; code?: string | undefined },
  tries: number,
): number | null {
  if (tries > RETRY_DELAYS_MS.length) return null;
  const keyed = Object.keys(call.headers ?? {}).some((h) => h.toLowerCase() === 'idempotency-key');
  if (!['GET', 'PUT', 'DELETE'].includes(call.method) && !keyed) return null;
  if (failure.status !== undefined && ![502, 503, 504].includes(failure.status)) return null;
  if (failure.code !== undefined && failure.code !== 'service_unavailable') return null;
  const asked = Number(failure.retryAfter);
  if (failure.retryAfter !== null && Number.isFinite(asked) && asked >= 0)
    return Math.min(asked * 1000, MAX_RETRY_AFTER_MS);
  return RETRY_DELAYS_MS[tries - 1]!;
}

/** Calls the API; the answer is typed by the shared contract (see `Answer`). */
export async function apiCall<T>(path: string, opts: CallOptions = {}): Promise<T> {
  let data: unknown;
  const method = opts.method ?? 'GET';
  for (let tries = 1; ; tries++) {
    try {
      data = await http(path, {
        method,
        query: opts.query,
        // A state-changing call always sends JSON, `{}` where it needs no body: the box office takes
        // nothing else on a cookie session (server/http/originGuard.ts), which is what no form can send.
        body: (opts.body ?? (method === 'GET' ? undefined : {})) as Record<string, unknown> | undefined,
        ...(opts.headers ? { headers: opts.headers } : {}),
        signal: opts.signal,
      });
      break;
    } catch (err) {
      const response = err instanceof FetchError ? err.response : undefined;
      const wait =
        err instanceof FetchError && !opts.signal?.aborted
          ? retryDelay(
              { method, headers: opts.headers },
              {
                status: response?.status,
                retryAfter: response?.headers.get('retry-after') ?? null,
                code: isApiErrorBody(err.data) ? err.data.code : undefined,
              },
              tries,
            )
          : null;
      if (wait === null) throw toApiError(err);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  // Every answer of the box office is JSON (an object or an array) or empty (204); text, such as a proxy's
  // HTML error page, is not an answer.
  if (typeof data === 'string')
    throw new ApiCallError('fetch_data_error', 500, `unexpected answer from ${path}`);
  return data as T;
}
