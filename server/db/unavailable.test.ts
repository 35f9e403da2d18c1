import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

describe('what counts as the database being away', () => {
  it('is a lost or refused connection, a restart, or a transaction given up under load', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '40P01', '53300'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([Object.assign(new Error(), { code: 'ECONNREFUSED' })])),
    ).toBe(true);
  });

  it('is not a bug: a constraint broken, a syntax error, a plain exception', () => {
    for (const code of ['23505', '42601', '22P02'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
