import { hmac } from '../customers/secrets.ts';

/**
 * The only form in which the box office keeps an ID number: an HMAC with the server's secret (the key
 * one-time codes are hashed with), so a copied table cannot be reversed by trying every ID number.
 * The number is padded to 9 digits first: 12345674 and 012345674 are one person.
 */
export function seniorIdHash(secret: Buffer, idNumber: string): string {
  return hmac(secret, `senior-id/v1:${idNumber.trim().padStart(9, '0')}`);
}
