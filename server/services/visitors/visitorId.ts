import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Visitor ids the box office issues (spec section 6: the `uuid` header stays a plain uuid). A script
 * must not mint its own ids to hold a whole hall, and recording every id issued would cost a database
 * write per first visit on an on-sale day. So the id carries its own proof: the first 8 bytes are
 * random, the last 8 a truncated HMAC of them under the box office's secret, laid out as a version-4
 * uuid (60 random bits, 62 bits of MAC). Any process that knows the secret can check an id without a
 * lookup; forging one takes ~2^61 tries.
 */
export function issueVisitorId(secret: Buffer, random: Buffer = randomBytes(8)): string {
  const bytes = Buffer.alloc(16);
  random.copy(bytes, 0, 0, 8);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  mac(secret, bytes.subarray(0, 8)).copy(bytes, 8);
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  return format(bytes);
}

/** Whether `id` is a uuid this box office (or one sharing its secret) issued. */
export function isIssuedVisitorId(secret: Buffer, id: string): boolean {
  const hex = id.replaceAll('-', '');
  if (id.length !== 36 || !/^[0-9a-f]{32}$/i.test(hex)) return false;
  const bytes = Buffer.from(hex, 'hex');
  const expected = mac(secret, bytes.subarray(0, 8));
  expected[0] = (expected[0]! & 0x3f) | 0x80;
  return timingSafeEqual(expected, bytes.subarray(8, 16));
}

/** The key visitor ids are signed with, derived from the box office's secret (AUTH_SECRET). */
export function visitorIdKey(authSecret: Buffer): Buffer {
  return createHmac('sha256', authSecret).update('visitor-id/v1').digest();
}

function mac(secret: Buffer, head: Buffer): Buffer {
  return createHmac('sha256', secret).update(head).digest().subarray(0, 8);
}

function format(b: Buffer): string {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
