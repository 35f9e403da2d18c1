import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The waiting room's two signed tokens (issue 40), both bound to one room and one visitor id and checked
 * without a lookup by any process that shares the box office's secret:
 * - the place: `<position>.<mac>` (or `-.<mac>` before the opening's draw), so a waiting visitor's poll
 *   is answered from the room's shared state alone;
 * - the admission pass: `<expires>.<mac>`, which every seat lock and checkout of the room's
 *   presentations must carry until it expires.
 * A token copied to another visitor id, another room, or with its number changed fails its MAC.
 */
export const PLACE_COOKIE = 'wr_place_';
export const PASS_COOKIE = 'wr_pass_';

/** The key the tokens are signed with, derived from the box office's secret (AUTH_SECRET). */
export function waitingRoomKey(authSecret: Buffer): Buffer {
  return createHmac('sha256', authSecret).update('waiting-room/v1').digest();
}

function mac(key: Buffer, kind: string, roomId: string, visitor: string, value: string): Buffer {
  return createHmac('sha256', key)
    .update(`${kind}\n${roomId}\n${visitor}\n${value}`)
    .digest()
    .subarray(0, 16);
}

function sign(key: Buffer, kind: string, roomId: string, visitor: string, value: string): string {
  return `${value}.${mac(key, kind, roomId, visitor, value).toString('base64url')}`;
}

/** The value a token signs, or undefined when it is not one this box office signed for them. */
function open(key: Buffer, kind: string, roomId: string, visitor: string, token: string | undefined) {
  if (!token || token.length > 64) return undefined;
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  const value = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(key, kind, roomId, visitor, value);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

export function signPlace(key: Buffer, roomId: string, visitor: string, position: number | null): string {
  return sign(key, 'place', roomId, visitor, position === null ? '-' : String(position));
}

/** The place a token names: a position, null (not drawn yet), or undefined (no valid token). */
export function readPlace(
  key: Buffer,
  roomId: string,
  visitor: string,
  token: string | undefined,
): number | null | undefined {
  const value = open(key, 'place', roomId, visitor, token);
  if (value === undefined) return undefined;
  if (value === '-') return null;
  return /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined;
}

export function signPass(key: Buffer, roomId: string, visitor: string, expiresAt: number): string {
  return sign(key, 'pass', roomId, visitor, String(expiresAt));
}

/** When the visitor's pass to this room expires, or null when the token is none or has expired. */
export function passExpiry(
  key: Buffer,
  roomId: string,
  visitor: string,
  token: string | undefined,
  now: number,
): number | null {
  const value = open(key, 'pass', roomId, visitor, token);
  if (value === undefined || !/^[0-9]{1,15}$/.test(value)) return null;
  return Number(value) > now ? Number(value) : null;
}
