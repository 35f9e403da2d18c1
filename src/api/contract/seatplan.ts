import { z } from 'zod';
import { isSeatKey, SEAT_KEY_PATTERN } from '../../domain/seatKey.ts';
import { IdParam, LocaleSchema } from './common.ts';

/**
 * Seat plan V2: sections S → groups G → rows R → seats S (spec section 3).
 *
 * x and y are integer plan coordinates local to the section and unique within it: together with the
 * section id they form the seat key `section_x_y` used by the status map and the lock calls. A group
 * may be rotated (degrees, clockwise, about its own origin) and then translated (tx, ty) to place it on
 * the plan; seats without a group transform sit at their x, y.
 */
export const PlanSeatSchema = z
  .object({
    x: z.number().int(),
    y: z.number().int(),
    r: z.string().describe('row name'),
    n: z.string().describe('seat name'),
    si: z.number().int().describe('section id'),
    gi: z.number().int().describe('group id'),
    vi: z.number().int().describe('venue id'),
    sp: z.number().int().describe('seat plan id'),
    tg: z.number().int().describe('ticket group (price level) id'),
    ai: z.number().int().describe('allocation id'),
    premium: z.boolean().optional(),
    handicap: z.boolean().optional().describe('wheelchair / accessible seat'),
    companion: z.boolean().optional().describe('companion seat, sold only with an accessible seat'),
    limitedView: z.boolean().optional(),
    sofa: z.string().optional().describe('sofa or bed id: all seats sharing it are sold together'),
  })
  .meta({ id: 'PlanSeat' });

export const PlanRowSchema = z.object({
  r: z.string().describe('row name'),
  S: z.array(PlanSeatSchema),
});

export const PlanGroupSchema = z.object({
  id: z.number().int(),
  name: z.string().optional(),
  rotation: z.number().optional().describe('degrees clockwise about the group origin'),
  tx: z.number().optional(),
  ty: z.number().optional(),
  R: z.array(PlanRowSchema),
});

export const PlanSectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  names: z
    .partialRecord(LocaleSchema, z.string())
    .optional()
    .describe("the section's name per locale; `name` is the fallback"),
  G: z.array(PlanGroupSchema),
});

export const SeatplanSchema = z
  .object({
    venueId: z.number().int(),
    seatplanId: z.number().int(),
    name: z.string(),
    width: z.number().describe('plan width in plan units'),
    height: z.number().describe('plan height in plan units'),
    stage: z
      .object({
        kind: z.enum(['screen', 'stage', 'field']),
        x: z.number(),
        y: z.number(),
        width: z.number(),
        height: z.number(),
      })
      .optional(),
    S: z.array(PlanSectionSchema),
  })
  .meta({ id: 'SeatplanV2' });

export type PlanSeat = z.infer<typeof PlanSeatSchema>;
export type PlanRow = z.infer<typeof PlanRowSchema>;
export type PlanGroup = z.infer<typeof PlanGroupSchema>;
export type PlanSection = z.infer<typeof PlanSectionSchema>;
export type Seatplan = z.infer<typeof SeatplanSchema>;

export const SeatplanQuerySchema = z.object({ venueId: IdParam, seatplanId: IdParam });

/** A seat key on the wire (`section_x_y`, see src/domain/seatKey.ts), typed as the branded SeatKey. */
export const SeatKeySchema = z
  .string()
  .regex(SEAT_KEY_PATTERN)
  .refine(isSeatKey, 'a seat key: section_x_y')
  .meta({ id: 'SeatKey' });
