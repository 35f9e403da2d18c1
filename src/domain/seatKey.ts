/**
 * The key of a seat: `sectionId_x_y` (x and y are the plan's section-local coordinates, and may be
 * negative). It names a seat in the status map, in holds and locks, and in the seat map's lookups, on
 * the server, in the workers and in the shop alike; this module is the one place that writes or reads
 * it. (The status-map scanner in workers/seatplan/status.ts reads keys by hand, for speed.)
 */
export type SeatKey = string & { readonly __brand: 'SeatKey' };

export interface SeatCoordinates {
  sectionId: number;
  x: number;
  y: number;
}

/**
 * Three integers joined by underscores, written as `String(n)` writes them (no leading zeros, no -0), so
 * one seat has exactly one key and keys compare as plain strings.
 */
export const SEAT_KEY_PATTERN = /^(0|-?[1-9]\d*)_(0|-?[1-9]\d*)_(0|-?[1-9]\d*)$/;

export function seatKey(sectionId: number, x: number, y: number): SeatKey {
  return `${sectionId}_${x}_${y}` as SeatKey;
}

/** The seat a key names; undefined when the text is no seat key. */
export function parseSeatKey(key: string): SeatCoordinates | undefined {
  const m = SEAT_KEY_PATTERN.exec(key);
  if (!m) return undefined;
  const [sectionId, x, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!Number.isSafeInteger(sectionId) || !Number.isSafeInteger(x) || !Number.isSafeInteger(y))
    return undefined;
  return { sectionId, x, y };
}

/** Whether a text (a key that came over the wire) is a seat key. */
export function isSeatKey(key: string): key is SeatKey {
  return parseSeatKey(key) !== undefined;
}

/**
 * What every key of section `sectionId` starts with, and no other section's: a scan of a whole status
 * map tests `key.startsWith(prefix)` instead of parsing each key.
 */
export function sectionKeyPrefix(sectionId: number): string {
  return `${sectionId}_`;
}
