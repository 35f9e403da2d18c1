import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type DoorCode,
  doorMessage,
  formatDoorCode,
  toBase64Url,
} from '../../../src/domain/door/doorCode.ts';
import type { Database } from '../../db/types.ts';

/** The box office's key that signs tickets' codes: made once, kept in the database, shared by every process. */
export interface DoorKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The raw 32-byte public key, base64url: what a phone imports into WebCrypto. */
  publicRaw: string;
}

const cache = new WeakMap<object, Promise<DoorKey>>();

/** The signing key of this box office's database (made on first use; two processes making it agree on one). */
export function doorKey(db: Kysely<Database>): Promise<DoorKey> {
  let key = cache.get(db);
  if (!key) {
    key = loadOrMake(db);
    key.catch(() => cache.delete(db));
    cache.set(db, key);
  }
  return key;
}

async function loadOrMake(db: Kysely<Database>): Promise<DoorKey> {
  const stored = await db
    .selectFrom('door_signing_keys')
    .selectAll()
    .where('id', '=', 'current')
    .executeTakeFirst();
  if (stored) return keyOf(stored.private_pkcs8, stored.public_raw);
  const pair = generateKeyPairSync('ed25519');
  const privatePkcs8 = pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  const publicRaw = toBase64Url(rawPublic(pair.publicKey));
  await db
    .insertInto('door_signing_keys')
    .values({ id: 'current', private_pkcs8: privatePkcs8, public_raw: publicRaw, created_at: Date.now() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  // Another process may have made its own first: every process uses the stored one.
  const row = await db
    .selectFrom('door_signing_keys')
    .selectAll()
    .where('id', '=', 'current')
    .executeTakeFirstOrThrow();
  return keyOf(row.private_pkcs8, row.public_raw);
}

function keyOf(privatePkcs8: string, publicRaw: string): DoorKey {
  const privateKey = createPrivateKey({
    key: Buffer.from(privatePkcs8, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  return { privateKey, publicKey: createPublicKey(privateKey), publicRaw };
}

/** The raw key from its SPKI form (a fixed 12-byte header, then the 32 bytes). */
function rawPublic(key: KeyObject): Uint8Array {
  const spki = key.export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

/** A ticket's QR text, signed (Ed25519 signatures are deterministic: the same text every time). */
export function signedDoorCode(key: DoorKey, ticketIdentifier: string, presentationId: number): string {
  const signature = sign(null, Buffer.from(doorMessage(ticketIdentifier, presentationId)), key.privateKey);
  return formatDoorCode(ticketIdentifier, presentationId, new Uint8Array(signature));
}

/** Whether a signed code's signature is the box office's. */
export function isGenuine(key: DoorKey, code: Extract<DoorCode, { kind: 'signed' }>): boolean {
  return verify(null, Buffer.from(code.message), key.publicKey, code.signature);
}

/** For tests: a code signed by another key (a forgery). */
export function forgedDoorCode(ticketIdentifier: string, presentationId: number): string {
  const other = generateKeyPairSync('ed25519');
  const signature = sign(null, Buffer.from(doorMessage(ticketIdentifier, presentationId)), other.privateKey);
  return formatDoorCode(ticketIdentifier, presentationId, new Uint8Array(signature));
}
