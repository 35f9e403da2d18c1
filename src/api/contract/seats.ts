import { z } from 'zod';
import { Id, IdParam } from './common.ts';
import { SeatKeySchema } from './seatplan.ts';

const BoolFlag = z
  .union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0)])
  .transform((v) => Number(v) === 1);

export const SeatsStatusQuerySchema = z.object({
  presentationId: IdParam,
  venueTypeId: IdParam,
  isReserved: BoolFlag,
  sectionId: IdParam.optional(),
  miniSiteUrl: z
    .string()
    .max(200)
    .optional()
    .describe("a partner mini-site's slug: only a presentation it sells"),
});

export const SeatsStatusAnswerSchema = z
  .object({
    // Keyed by SeatKey, but not checked key by key: the map has up to 100,000 keys and is parsed on
    // every status read (the worker scans its text by hand for the same reason).
    seats: z
      .record(z.string(), z.string())
      .describe(
        'free seats only, keyed section_x_y, value "ticketGroup,allocation"; a seat missing is unavailable',
      ),
    held: z.array(SeatKeySchema).describe('keys of the seats this visitor holds now'),
  })
  .meta({ id: 'SeatsStatus' });
export type SeatsStatus = z.infer<typeof SeatsStatusAnswerSchema>;

/** The seat of a lock or unlock call, field names as the spec writes them (section 7). */
export const LockSeatSchema = z.object({
  PresentationId: Id,
  VenueId: Id,
  VenueSeatplanId: Id,
  VenueSectionId: Id,
  TicketGroupId: Id,
  XCoordinate: z
    .number()
    .int()
    .optional()
    .describe('omitted for general admission: the server picks the seat'),
  YCoordinate: z.number().int().optional(),
});
export type LockSeat = z.infer<typeof LockSeatSchema>;

export const UnlockSeatBodySchema = z.object({
  recaptchaToken: z.string().optional(),
  seat: LockSeatSchema,
});

export const LockSeatBodySchema = UnlockSeatBodySchema.extend({
  replaces: z
    .array(LockSeatSchema)
    .min(1)
    .max(64)
    .optional()
    .describe(
      'a swap (reserved seating): seats of the visitor released once the new seat is held, in one ' +
        'transaction, all of the new seat’s price level; the seat cap counts after the release',
    ),
});

export const LockSeatAnswerSchema = z
  .object({
    lockedSeat: z.object({ x: z.number().int(), y: z.number().int() }),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'LockedSeat' });

export const UnlockSeatAnswerSchema = z.object({
  unlockedSeat: z.object({ x: z.number().int(), y: z.number().int() }),
});
