import { z } from 'zod';

import { supportedLocales } from './constants.ts';

export {
  isLocale,
  type Locale,
  rtlLocales,
  SINGLE_SEAT_POLICY,
  supportedLocales,
  VOD_VENUE_TYPES,
} from './constants.ts';
export const LocaleSchema = z.enum(supportedLocales);

/** The largest id the database holds (a 32-bit integer column). */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a JSON body or answer (a numeric string is also taken). */
export const Id = z.coerce.number().int().positive().max(MAX_ID);

// Plain decimal digits, no sign, no leading zero, at most ten: `Number()` (and so z.coerce) would also
// read '0x10', '1e1', '+16', '16.0' and ' 16' as ids, giving one resource many addresses.
const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * An id as a path or query string carries it: plain decimal digits, within MAX_ID; null for anything
 * else. The one reading of such ids for the API contract ({@link IdParam}), the box office's shop pages
 * and the shop's router.
 */
export function parseDecimalId(text: string): number | null {
  if (!DECIMAL_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** A positive id from a path or query string: plain decimal digits only (400 formValidation otherwise). */
export const IdParam = z
  .string()
  .regex(DECIMAL_ID, 'a positive decimal id')
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_ID));

/** Money in minor units (agorot): never floats. */
/** A card typed into the payment provider's own fields, as the token the browser got for it. */
export const CardTokenSchema = z.string().regex(/^\w{6,128}$/);
export const Agorot = z.number().int().nonnegative().meta({ description: 'Amount in minor units (agorot)' });

/** Text in several languages; the shop picks the customer's language, then English, then Hebrew. */
export const LocalizedTextSchema = z.partialRecord(LocaleSchema, z.string()).meta({ id: 'LocalizedText' });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export const VisitorUuidSchema = z.uuid();

/** A calendar date as the venue sees it (Asia/Jerusalem business date). */
export const IsoDateSchema = z.iso.date();

/** An instant, ISO 8601 with offset. */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
