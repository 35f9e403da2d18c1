import { TEST_AUTH_SECRET, visitor } from '../server/testing/harness.ts';

/**
 * The benchmarks play thousands of customers from one address (127.0.0.1): the per-address limits a
 * venue runs with would refuse them, so the benchmark's box office lifts those (the per-visitor limits
 * stay). Its AUTH_SECRET is the tests' one, so `visitor()` makes ids the box office accepts as issued.
 */
export const BENCH_LIMITS = {
  AUTH_SECRET: TEST_AUTH_SECRET,
  LIMIT_HELD_SEATS_PER_ADDRESS: '1000000',
  LIMIT_LOCKS_PER_MINUTE_PER_ADDRESS: '1000000',
  LIMIT_COMMITS_PER_10MIN_PER_ADDRESS: '1000000',
  LIMIT_HELD_SEATS_PER_ADDRESS_PER_SHOW_MIN: '1000000',
  LIMIT_VISITOR_IDS_PER_MINUTE_PER_ADDRESS: '1000000',
  LIMIT_HOLD_RETAKE_SECONDS: '0',
};

export { visitor };
