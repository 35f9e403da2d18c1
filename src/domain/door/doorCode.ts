/**
 * What a ticket's QR code holds (issue 37). A signed code `T1.<ticket>.<presentation>.<signature>`: the
 * box office signs `T1.<ticket>.<presentation>` with its Ed25519 key, so a phone at the door tells a real
 * ticket from a forged one without the server (WebCrypto verifies it, the box office too). Tickets issued
 * before carry their bare ticket number; the box office (or a phone's downloaded list) still knows them.
 * Pure: the same parsing on the box office and the phone.
 */
export type DoorCode =
  | {
      kind: 'signed';
      ticketIdentifier: string;
      presentationId: number;
      message: string;
      signature: Uint8Array<ArrayBuffer>;
    }
  | { kind: 'plain'; ticketIdentifier: string }
  /** Anything else: a voucher's or a membership's code, or a stranger's QR. */
  | { kind: 'other'; text: string };

export const DOOR_CODE_VERSION = 'T1';
const TICKET_ID = /^[A-Z2-9]{8,20}$/;
const SIGNED = /^T1\.([A-Z2-9]{8,20})\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{86})$/;

/** The text the box office signs for a ticket of a presentation. */
export function doorMessage(ticketIdentifier: string, presentationId: number): string {
  return `${DOOR_CODE_VERSION}.${ticketIdentifier}.${presentationId}`;
}

/** The QR text of a ticket, given the signature of its message. */
export function formatDoorCode(
  ticketIdentifier: string,
  presentationId: number,
  signature: Uint8Array,
): string {
  return `${doorMessage(ticketIdentifier, presentationId)}.${toBase64Url(signature)}`;
}

/** Reads a scanned text: trimmed, as a handheld scanner may add a line end or spaces. */
export function parseDoorCode(scanned: string): DoorCode {
  const text = scanned.trim();
  const signed = SIGNED.exec(text);
  if (signed) {
    const signature = fromBase64Url(signed[3]!);
    if (signature && signature.length === 64)
      return {
        kind: 'signed',
        ticketIdentifier: signed[1]!,
        presentationId: Number(signed[2]),
        message: doorMessage(signed[1]!, Number(signed[2])),
        signature,
      };
  }
  const upper = text.toUpperCase();
  if (TICKET_ID.test(upper)) return { kind: 'plain', ticketIdentifier: upper };
  return { kind: 'other', text };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const left = bytes.length - i;
  if (left === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (left === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/** Null for text that is not unpadded base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (const ch of text) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}
