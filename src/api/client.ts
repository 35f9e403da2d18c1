import { FetchError, ofetch } from 'ofetch';
import type { z } from 'zod';
import { ApiErrorSchema } from './contract/errors.ts';

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

function toApiError(err: unknown): ApiCallError {
  if (err instanceof FetchError) {
    const body = ApiErrorSchema.safeParse(err.data);
    if (body.success)
      return new ApiCallError(body.data.code, body.data.statusCode, body.data.message, body.data.params);
    // Spec section 8: the status comes from statusCode, status or the response status, else 500.
    const status = err.statusCode ?? err.status ?? err.response?.status ?? 500;
    return new ApiCallError('fetch_data_error', status, err.message);
  }
  return new ApiCallError('fetch_data_error', 500, err instanceof Error ? err.message : String(err));
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls the API and checks the answer against the shared contract. */
export async function apiCall<S extends z.ZodType>(
  path: string,
  schema: S,
  opts: CallOptions = {},
): Promise<z.output<S>> {
  let data: unknown;
  try {
    data = await http(path, {
      method: opts.method ?? 'GET',
      query: opts.query,
      body: opts.body as Record<string, unknown> | undefined,
      ...(opts.headers ? { headers: opts.headers } : {}),
      signal: opts.signal,
    });
  } catch (err) {
    throw toApiError(err);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiCallError('fetch_data_error', 500, `unexpected answer from ${path}`);
  return parsed.data;
}
