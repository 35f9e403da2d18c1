import type { Kysely } from 'kysely';
import type { Settings } from '../../../../src/api/contract/session.ts';
import type { Database } from '../../../db/types.ts';
import type { PaymentProvider } from '../../payments/provider.ts';

/** What the personal area's use cases need: the database, the venue's settings, payments and the clock. */
export interface AreaContext {
  db: Kysely<Database>;
  settings: Settings;
  payments: PaymentProvider;
  now: number;
}
