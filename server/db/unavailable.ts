/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * PostgreSQL's SQLSTATEs of a database that is down, restarting or unreachable (class 08, 57P0x, too many
 * connections 53300), and of a transaction it gave up under load that is worth retrying as it is
 * (deadlock 40P01, serialisation failure 40001, lock not available 55P03): the transaction was rolled back.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '40P01', '40001', '55P03']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
  'the database system is',
  'terminating connection',
  'database is locked',
];

/**
 * Whether a failure means "the database is not there right now" (a restart, a failover, a network cut,
 * SQLite busy past its timeout) rather than a bug: the caller gets 503 with Retry-After and nothing was
 * written half-way (each write is one transaction).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08') || NETWORK_CODES.has(e.code)) return true;
  }
  if (typeof e.message === 'string' && MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
