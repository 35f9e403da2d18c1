import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Settings } from '../../../src/api/contract/session.ts';
import type { Clock } from '../../clock.ts';
import type { SaleLocks } from '../../db/repositories/saleLocks.ts';
import type { Database } from '../../db/types.ts';
import type { PaymentProvider } from '../payments/provider.ts';

/** What the checkout needs from the app. The clock is read at every step: time passes during a payment. */
export interface CheckoutDeps {
  db: Kysely<Database>;
  provider: PaymentProvider;
  settings: Settings;
  clock: Clock;
  maxSeatsPerTransaction: number;
  paymentWindowMs: number;
  /** The server's secret (senior tickets' ID numbers are kept as an HMAC with it). */
  authSecret?: Buffer | undefined;
  log?: FastifyBaseLogger | undefined;
  /** Purchases against a change of seat plan version (absent: nothing to wait for, as on SQLite). */
  saleLocks?: SaleLocks | undefined;
}
