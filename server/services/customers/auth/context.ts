import type { Settings } from '../../../../src/api/contract/session.ts';
import type { Limit, RateLimitStore } from '../rateLimit.ts';
import type { SmsSender } from '../sms.ts';

/** What the login use cases need: the database and its rate-limit events, the venue, SMS and the clock. */
export interface AuthContext extends RateLimitStore {
  secret: Buffer;
  settings: Settings;
  sms: SmsSender;
  now: number;
  /** Where the shop is reached, for login links. */
  publicUrl: string;
  sessionMinutes: number;
  /** Code SMS per number and per client address (rateLimit.ts smsLimits). */
  smsLimits: { perNumber: Limit; perAddress: Limit };
}
