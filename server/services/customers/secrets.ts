import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/**
 * The key one-time codes are hashed with: AUTH_SECRET when set, otherwise one generated on first
 * start and kept in the database, so codes survive a restart and a stolen code table cannot be
 * brute-forced offline without it.
 */
export async function loadAuthSecret(db: Kysely<Database>, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) return secretOfSetting(fromEnv);
  const row = await db.selectFrom('meta').select('value').where('key', '=', 'auth_secret').executeTakeFirst();
  if (row) return Buffer.from(row.value, 'base64');
  const secret = randomBytes(32);
  await db
    .insertInto('meta')
    .values({ key: 'auth_secret', value: secret.toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'auth_secret')
    .executeTakeFirstOrThrow();
  return Buffer.from(stored.value, 'base64');
}

/** The key an AUTH_SECRET setting stands for (tests derive their visitor ids from it the same way). */
export function secretOfSetting(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export function hmac(secret: Buffer, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** Session ids and link tokens are random; their SHA-256 is what the database keeps. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const SCRYPT = { N: 16384, r: 8, p: 1 } as const;

function scryptAsync(password: string, salt: Buffer, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, { ...SCRYPT, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

// Checked when the e-mail is unknown, so both answers take as long.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$');
  const [, , , , salt = '', key = ''] = parts;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length || 32);
  return stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}
