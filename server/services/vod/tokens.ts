import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Stream tokens: every playlist and segment of a rental's HLS package is fetched behind one, signed
 * (HMAC-SHA256 with a key derived from AUTH_SECRET), short-lived and bound to the rental and to the
 * stream the last start opened. `payload.signature`, both base64url, safe in a URL path.
 */
export interface StreamClaims {
  /** The rental (its video ticket). */
  ticket: string;
  stream: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

export const newStreamId = () => randomBytes(12).toString('base64url');
export const newPlayId = () => randomBytes(12).toString('base64url');

export function streamKey(authSecret: Buffer): Buffer {
  return createHmac('sha256', authSecret).update('vod-stream/v1').digest();
}

const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest().subarray(0, 18).toString('base64url');

export function signStreamToken(key: Buffer, claims: StreamClaims): string {
  const payload = Buffer.from(`${claims.ticket}.${claims.stream}.${claims.exp}`).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The token's claims when its signature holds and it has not expired; else why not. */
export function verifyStreamToken(
  key: Buffer,
  token: string,
  nowMs: number,
): { ok: true; claims: StreamClaims } | { ok: false; reason: 'altered' | 'expired' } {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'altered' };
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'altered' };
  const [ticket, stream, exp] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  const expSeconds = Number(exp);
  if (!ticket || !stream || !Number.isSafeInteger(expSeconds)) return { ok: false, reason: 'altered' };
  if (expSeconds * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { ticket, stream, exp: expSeconds } };
}
