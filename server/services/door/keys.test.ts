import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase64Url, parseDoorCode } from '../../../src/domain/door/doorCode.ts';
import { createPeerApp, createTestApp, type TestApp } from '../../testing/harness.ts';
import { doorKey, forgedDoorCode, isGenuine, signedDoorCode } from './keys.ts';

/**
 * The key that signs tickets' codes (issue 37): one per box office, shared by its processes, and what it
 * signs verifies with WebCrypto from the raw public key alone, as a phone at the door verifies it.
 */
describe('the door signing key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('is the same for every process of the box office', async () => {
    const peer = await createPeerApp(t);
    try {
      const mine = await doorKey(t.db.kysely);
      const theirs = await doorKey(peer.deps.db.kysely);
      expect(theirs.publicRaw).toBe(mine.publicRaw);
      expect(signedDoorCode(theirs, 'ABCD2345EFGH', 5)).toBe(signedDoorCode(mine, 'ABCD2345EFGH', 5));
    } finally {
      await peer.close();
    }
  });

  it('signs codes a phone verifies with WebCrypto, and no forgery passes either check', async () => {
    const key = await doorKey(t.db.kysely);
    const phoneKey = await crypto.subtle.importKey(
      'raw',
      fromBase64Url(key.publicRaw)!,
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    const verifyOnPhone = (text: string) => {
      const code = parseDoorCode(text);
      if (code.kind !== 'signed') throw new Error('not a signed code');
      return crypto.subtle.verify(
        'Ed25519',
        phoneKey,
        code.signature,
        new TextEncoder().encode(code.message),
      );
    };
    const real = signedDoorCode(key, 'ABCD2345EFGH', 5);
    expect(await verifyOnPhone(real)).toBe(true);
    const forged = forgedDoorCode('ABCD2345EFGH', 5);
    expect(await verifyOnPhone(forged)).toBe(false);
    // Another presentation on a real signature is a forgery too.
    const moved = real.replace('.5.', '.6.');
    expect(await verifyOnPhone(moved)).toBe(false);
    const parsed = parseDoorCode(moved);
    expect(parsed.kind === 'signed' && isGenuine(key, parsed)).toBe(false);
  });
});
