import { z } from 'zod';

import { DECIMAL_ID, MAX_ID, supportedLocales } from './constants.ts';

export {
  isLocale,
  type Locale,
  MAX_ID,
  parseDecimalId,
  rtlLocales,
  SINGLE_SEAT_POLICY,
  supportedLocales,
  VOD_VENUE_TYPES,
} from './constants.ts';
export const LocaleSchema = z.enum(supportedLocales);

/** A positive integer id in a JSON body or answer (a numeric string is also taken). */
export const Id = z.coerce.number().int().positive().max(MAX_ID);

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
