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

/** A positive integer id, also accepted as a numeric string (query strings and path params). */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** Money in minor units (agorot): never floats. */
export const Agorot = z.number().int().nonnegative().meta({ description: 'Amount in minor units (agorot)' });

/** Text in several languages; the shop picks the customer's language, then English, then Hebrew. */
export const LocalizedTextSchema = z.partialRecord(LocaleSchema, z.string()).meta({ id: 'LocalizedText' });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export const VisitorUuidSchema = z.uuid();

/** A calendar date as the venue sees it (Asia/Jerusalem business date). */
export const IsoDateSchema = z.iso.date();

/** An instant, ISO 8601 with offset. */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
