import { type ErrorCode, errorCatalogue } from '../src/api/contract/errors.ts';

/**
 * 429 too_many_attempts for a caller who may try again in `waitMs` (rounded up to whole seconds, at
 * least 1): the error handler sends it as Retry-After.
 */
export function tooManyAttempts(what: string, waitMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('too_many_attempts', `${what}; try again in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });
}

/** A failure a caller can act on: carries a catalogue code, its HTTP status and message parameters. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly params: Record<string, string | number> | undefined;

  constructor(code: ErrorCode, message: string, params?: Record<string, string | number>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorCatalogue[code];
    this.params = params;
  }
}
