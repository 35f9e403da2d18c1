import { z } from 'zod';
import { LocalizedTextSchema } from './common.ts';

/**
 * A venue's street address as schema.org's PostalAddress has it; street and city per locale. The back
 * office sets it (venuesAdmin.ts); the shop's answers carry it where they name the venue.
 */
export const VenueAddressSchema = z
  .object({
    street: LocalizedTextSchema,
    city: LocalizedTextSchema,
    postalCode: z.string().trim().max(20).default(''),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'an ISO 3166 country code, e.g. IL')
      .describe('ISO 3166-1 alpha-2'),
  })
  .meta({ id: 'VenueAddress' });
export type VenueAddress = z.infer<typeof VenueAddressSchema>;

/**
 * The address as the shop's answers carry it (the board, a presentation, an order's e-ticket): as the
 * back office keeps it, the postal code always written ('' when none).
 */
export const PlaceAddressSchema = VenueAddressSchema.extend({ postalCode: z.string() }).meta({
  id: 'PlaceAddress',
  description: "a venue's street address: street and city per language, postal code ('' when none), country",
});
export type PlaceAddress = z.infer<typeof PlaceAddressSchema>;
