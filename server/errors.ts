import { type ErrorCode, errorCatalogue } from '../src/api/contract/errors.ts';

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
