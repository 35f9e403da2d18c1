import { type DoorCode, fromBase64Url } from '../../../domain/door/doorCode.ts';

type Signed = Extract<DoorCode, { kind: 'signed' }>;

/** Whether a signed code's signature is the box office's, by its public key (raw 32 bytes, base64url). */
export type SignatureCheck = (publicKey: string, code: Signed) => Promise<boolean>;

const imported = new Map<string, Promise<CryptoKey>>();

/** Copies bytes into an ArrayBuffer of their own (WebCrypto takes no view over a shared buffer). */
const own = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;

function importKey(publicKey: string): Promise<CryptoKey> {
  let key = imported.get(publicKey);
  if (!key) {
    const raw = fromBase64Url(publicKey);
    key =
      raw && raw.length === 32
        ? crypto.subtle.importKey('raw', own(raw), { name: 'Ed25519' }, false, ['verify'])
        : Promise.reject(new Error('the download carries no Ed25519 public key'));
    // A key that failed to import is tried again next time (an older browser may be updated meanwhile).
    key.catch(() => imported.delete(publicKey));
    imported.set(publicKey, key);
  }
  return key;
}

/**
 * WebCrypto's Ed25519 (the box office signs with node:crypto, server/services/door/keys.ts); the
 * imported key is kept, so a scan costs one verification (well under a millisecond on a phone).
 */
export const verifyWithWebCrypto: SignatureCheck = async (publicKey, code) => {
  const key = await importKey(publicKey);
  return crypto.subtle.verify('Ed25519', key, own(code.signature), new TextEncoder().encode(code.message));
};
