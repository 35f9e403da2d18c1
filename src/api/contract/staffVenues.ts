import { z } from 'zod';
import { IdParam, LocalizedTextSchema } from './common.ts';

/** Staff, managers (issue 20): the venues and whether each sells through the site (location offline). */
export const StaffVenueSchema = z.object({
  id: z.number().int(),
  name: LocalizedTextSchema,
  venueTypeId: z.number().int(),
  onlineSalesEnabled: z.boolean(),
});
export type StaffVenue = z.infer<typeof StaffVenueSchema>;

export const StaffVenuesAnswerSchema = z.object({ venues: z.array(StaffVenueSchema) });
export const StaffVenueParamsSchema = z.object({ id: IdParam });
export const StaffOnlineSalesBodySchema = z.object({ enabled: z.boolean() });
export type StaffOnlineSalesBody = z.infer<typeof StaffOnlineSalesBodySchema>;
