import { z } from 'zod';
import { Id, IsoDateTimeSchema, LocaleSchema, LocalizedTextSchema } from './common.ts';

/**
 * The liability waiver (spec sections 2 and 5; issue 18): the venue's text a presentation requires, the
 * signed waiver sent with the order, and the signed document as the customer, the e-ticket and the
 * staff open it. The rules themselves (ages, one jumper per ticket) live in src/domain/waiver.ts.
 */

/** The largest signature image accepted (a drawn PNG is a few kilobytes to a few tens). */
export const MAX_SIGNATURE_CHARS = 400_000;

const Name = z.string().max(80);
/** yyyy-MM-dd; whether it is a real date, and the age it gives, is the domain's rule (a clear code). */
const Day = z.string().max(10);

export const CartWaiverSchema = z
  .object({
    presentationId: Id,
    waiverId: Id,
    version: z.number().int().positive().describe('the version of the text the customer read'),
    locale: LocaleSchema.describe('the language the text was shown and signed in'),
    adult: z.object({ name: Name, idNumber: z.string().max(12), dateOfBirth: Day }),
    jumpers: z
      .array(z.object({ name: Name, dateOfBirth: Day, ticketId: Id }))
      .max(100)
      .describe("one per ticket of the presentation, with that ticket's type"),
    accepted: z.boolean(),
    signature: z
      .string()
      .max(MAX_SIGNATURE_CHARS)
      .describe('the signature drawn on screen, as a PNG data URL (data:image/png;base64,…)'),
  })
  .meta({ id: 'CartWaiver' });
export type CartWaiver = z.infer<typeof CartWaiverSchema>;

/** GET /presentations/{id}/waiver: the text to read and sign, in every language the venue wrote. */
export const WaiverTextSchema = z
  .object({
    id: z.number().int(),
    version: z.number().int(),
    title: LocalizedTextSchema,
    text: LocalizedTextSchema.describe('paragraphs separated by blank lines'),
    adultMinAge: z.number().int().describe('the signing adult is at least this old'),
  })
  .meta({ id: 'WaiverText' });
export type WaiverText = z.infer<typeof WaiverTextSchema>;

/** A signed waiver as stored with its order. */
export const SignedWaiverSchema = z
  .object({
    reservationIdentifier: z.string(),
    presentation: z.object({
      id: z.number().int(),
      title: LocalizedTextSchema,
      venueName: LocalizedTextSchema,
      dateTime: IsoDateTimeSchema,
    }),
    waiverId: z.number().int(),
    version: z.number().int(),
    locale: LocaleSchema,
    title: z.string().describe('the title exactly as shown when signing'),
    text: z.string().describe('the text exactly as shown when signing'),
    adult: z.object({ name: z.string(), idNumber: z.string(), dateOfBirth: z.string() }),
    jumpers: z.array(
      z.object({
        name: z.string(),
        dateOfBirth: z.string(),
        ticketId: z.number().int(),
        ticketName: LocalizedTextSchema,
      }),
    ),
    signature: z.string().describe('PNG data URL'),
    signedAt: IsoDateTimeSchema,
    signedFrom: z.string().describe('the address the signature came from'),
  })
  .meta({ id: 'SignedWaiver' });
export type SignedWaiver = z.infer<typeof SignedWaiverSchema>;

export const WaiverDocumentQuerySchema = z.object({
  k: z.string().max(64).optional().describe("the order's document key (the e-ticket's link)"),
});

export const StaffWaiversQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(60)
    .optional()
    .describe("a reservation number, or part of the signing adult's or of a jumper's name"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const StaffWaiverRowSchema = z.object({
  reservationIdentifier: z.string(),
  adultName: z.string(),
  jumpers: z.number().int(),
  /** The jumpers' names as signed, in order (the search matches them too). */
  jumperNames: z.array(z.string()),
  title: LocalizedTextSchema,
  dateTime: IsoDateTimeSchema,
  signedAt: IsoDateTimeSchema,
});
export type StaffWaiverRow = z.infer<typeof StaffWaiverRowSchema>;
export const StaffWaiversAnswerSchema = z.object({
  waivers: z.array(StaffWaiverRowSchema),
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type StaffWaiversAnswer = z.infer<typeof StaffWaiversAnswerSchema>;
