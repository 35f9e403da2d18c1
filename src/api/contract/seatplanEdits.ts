import { z } from 'zod';
import { LocaleSchema } from './common.ts';
import { SeatKeySchema } from './seatplan.ts';

/** The most seats one edit may name (a plan holds at most 200,000 seats). */
export const MAX_EDIT_KEYS = 200_000;
const Name = z.string().max(100);

/**
 * An edit of a draft seat plan (src/domain/seatplans/edits.ts applies it): seat properties in bulk, a
 * section's names, a row's name. A flag set to false is removed from the seats; `sofa: null` takes them
 * off their sofa.
 */
export const PlanEditSchema = z
  .discriminatedUnion('op', [
    z.object({
      op: z.literal('setSeats'),
      keys: z.array(SeatKeySchema).min(1).max(MAX_EDIT_KEYS),
      tg: z.number().int().nonnegative().optional().describe('ticket group (price level) id'),
      ai: z.number().int().positive().optional().describe('allocation id: 1 online, 2 house seats'),
      handicap: z.boolean().optional(),
      companion: z.boolean().optional(),
      limitedView: z.boolean().optional(),
      premium: z.boolean().optional(),
      sofa: Name.min(1).nullable().optional().describe('a sofa id; null takes the seats off their sofa'),
    }),
    z.object({
      op: z.literal('renameSection'),
      sectionId: z.number().int(),
      name: Name.optional(),
      names: z
        .partialRecord(LocaleSchema, Name)
        .optional()
        .describe("replaces the section's names per locale"),
    }),
    z.object({
      op: z.literal('renameRow'),
      sectionId: z.number().int(),
      row: Name,
      to: Name,
    }),
  ])
  .meta({ id: 'PlanEdit' });

export type PlanEditBody = z.infer<typeof PlanEditSchema>;
