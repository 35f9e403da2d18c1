import { randomBytes } from 'node:crypto';

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random identifier customers may read aloud (no 0/O or 1/I): reservation and ticket numbers. */
export function randomId(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ID_ALPHABET[bytes[i]! % ID_ALPHABET.length];
  return out;
}

/** An opaque id with a readable prefix (payments, saved cards). */
export function opaqueId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
