import type { ParseIssue } from './model.ts';

/**
 * Where a plan and a status map come from: URLs the engine fetches itself, bytes the main thread fetched
 * and transferred, or objects. The engine's own fetches send what the shop's API client sends (spec
 * section 7): an Accept header and, once the visitor has one, the `uuid` header, given by the main thread
 * in `headers` (the worker cannot read the shop's session).
 */
export interface LoadSource {
  planUrl?: string;
  statusUrl?: string;
  /** Raw JSON bytes fetched by the main thread and transferred: parsed here, off the main thread. */
  planBytes?: ArrayBuffer;
  statusBytes?: ArrayBuffer;
  /** A file the page was given (the staff preview's): read here, not on the page. */
  planBlob?: Blob;
  statusBlob?: Blob;
  plan?: unknown;
  status?: Record<string, string>;
  /** The `x-status-version` of the answer `statusBytes` came from (the main thread read its headers). */
  statusVersion?: string;
  /** Extra request headers for the engine's fetches (the visitor's `uuid`); kept for later status polls. */
  headers?: Record<string, string>;
}

/** A status update: a URL to fetch (with the load's headers unless others are given), or the map itself. */
export interface StatusSource {
  url?: string;
  status?: Record<string, string>;
  headers?: Record<string, string>;
}

/** The status stream's version a status answer is current to (protocol: `x-status-version`). */
export const STATUS_VERSION_HEADER = 'x-status-version';

/** A status map as text to scan (with the version it is current to, when known), as an object, or none. */
export type StatusInput = { text: string; version?: string } | { map: unknown } | null;

function requestHeaders(extra: Record<string, string> | undefined): Record<string, string> {
  // Accept last: a caller cannot turn the answer into something other than JSON.
  return { ...extra, Accept: 'application/json' };
}

// The worker has no API client (it cannot import the shop's): these are its only fetches.
const get = (url: string, headers?: Record<string, string>) =>
  fetch(url, { headers: requestHeaders(headers) });

/** A status map's text and its stream version, so the page can open the stream where the map stands. */
export async function fetchStatus(
  url: string,
  headers?: Record<string, string>,
): Promise<{ text: string; version?: string }> {
  const res = await get(url, headers);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const version = res.headers.get(STATUS_VERSION_HEADER);
  return { text: await res.text(), ...(version ? { version } : {}) };
}

/** A plan's bytes as the box office sent them: the seat plan V2 JSON or the columnar form (columns.ts). */
export async function fetchBytes(url: string, headers?: Record<string, string>): Promise<ArrayBuffer> {
  const res = await get(url, headers);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.arrayBuffer();
}

/** A plan as it came: a tree already (an object), or bytes still to read (JSON text or columns). */
export type PlanInput = { tree: unknown } | { bytes: ArrayBuffer };

/**
 * The plan and the status map of a load, fetched as the source says; the plan's bytes and the status
 * map's text are read later (the engine times reading the plan; the status is scanned, not parsed).
 */
export async function readSource(source: LoadSource): Promise<[PlanInput, StatusInput]> {
  const { headers } = source;
  return Promise.all([
    source.plan !== undefined
      ? { tree: source.plan }
      : source.planBytes
        ? { bytes: source.planBytes }
        : source.planBlob
          ? source.planBlob.arrayBuffer().then((bytes) => ({ bytes }))
          : source.planUrl
            ? fetchBytes(source.planUrl, headers).then((bytes) => ({ bytes }))
            : { tree: null },
    source.status !== undefined
      ? { map: source.status }
      : source.statusBlob
        ? source.statusBlob.text().then((text) => ({ text }))
        : source.statusBytes
          ? {
              text: new TextDecoder().decode(source.statusBytes),
              ...(source.statusVersion ? { version: source.statusVersion } : {}),
            }
          : source.statusUrl
            ? fetchStatus(source.statusUrl, headers)
            : null,
  ]);
}

/**
 * The sparse map itself, or the seats-statusV2 answer that carries it under `seats`; null stays null
 * (no status: all free); anything else is undefined (not a status map).
 */
export function statusMapOf(value: unknown): Record<string, string> | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const inner = (value as { seats?: unknown }).seats;
  if (typeof inner === 'object' && inner !== null && !Array.isArray(inner))
    return inner as Record<string, string>;
  return value as Record<string, string>;
}

/** A load that could not read or parse its input: issues instead of a rejected call. */
export function issueOf(path: string, err: unknown): ParseIssue {
  return { path, message: err instanceof Error ? err.message : String(err) };
}
