import { normalizeIsraeliMobile } from '../../../../src/domain/validation.ts';
import { AppError } from '../../../errors.ts';
import { hmac } from '../secrets.ts';

/** A code lives 5 minutes and dies after 5 wrong tries (issue 5). */
export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_WRONG = 5;

/** The number as codes are kept under it; invalid_mobileNumber when it is no Israeli mobile. */
export function mobileOrThrow(value: string): string {
  const mobile = normalizeIsraeliMobile(value);
  if (!mobile) throw new AppError('invalid_mobileNumber', 'enter an Israeli mobile number');
  return mobile;
}

/** What is stored of a code: bound to its attempt and number, so a hash proves nothing elsewhere. */
export const codeHash = (secret: Buffer, attemptId: string, mobile: string, code: string) =>
  hmac(secret, `${attemptId}:${mobile}:${code}`);
