import { z } from 'zod';

export const supportedLocales = ['he', 'en', 'ru', 'ar', 'pl'] as const;
export const LocaleSchema = z.enum(supportedLocales);
export type Locale = z.infer<typeof LocaleSchema>;
export const rtlLocales: ReadonlySet<Locale> = new Set<Locale>(['he', 'ar']);

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

/** Video-on-demand presentations sit at a virtual venue of these types (spec sections 3 and 9). */
export const VOD_VENUE_TYPES: ReadonlySet<number> = new Set([101, 102, 103, 104]);

/** Seating policy 3 blocks seats that would leave a single free seat (spec section 4). */
export const SINGLE_SEAT_POLICY = 3;
