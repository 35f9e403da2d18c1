import { z } from 'zod';
import { IdParam, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { SeatplanSchema } from './seatplan.ts';
import { VenueAddressSchema } from './venueAddress.ts';
import { PlanEditSchema } from './seatplanEdits.ts';

/**
 * The admin API's venues, halls and seat plans (issue 33): managers and admins. A hall's plan is kept in
 * versions: a draft while staff work on it, then published and immutable.
 */

export { VenueAddressSchema, type VenueAddress } from './venueAddress.ts';

const NameSchema = LocalizedTextSchema.refine(
  (n) => Object.values(n).some((v) => typeof v === 'string' && v.trim() !== ''),
  'a name in at least one language',
).refine((n) => Object.values(n).every((v) => (v ?? '').length <= 120), 'names of at most 120 characters');

export const SeatplanStatusSchema = z.enum(['draft', 'published']);

export const SeatplanVersionSchema = z
  .object({
    id: z.number().int().describe('the seat plan id (`sp` of its seats)'),
    hallId: z.number().int(),
    venueId: z.number().int(),
    version: z.number().int().describe('published versions count 1, 2, …; a draft has the next number'),
    status: SeatplanStatusSchema,
    name: z.string(),
    seats: z.number().int(),
    sourceFormat: z.string().nullable(),
    createdAt: IsoDateTimeSchema,
    publishedAt: IsoDateTimeSchema.nullable(),
    errors: z.number().int().describe('problems that stop publishing'),
    warnings: z.number().int(),
    presentations: z.number().int().describe('presentations on this version'),
  })
  .meta({ id: 'SeatplanVersion' });
export type SeatplanVersion = z.infer<typeof SeatplanVersionSchema>;

export const AdminHallSchema = z
  .object({
    id: z.number().int(),
    venueId: z.number().int(),
    name: LocalizedTextSchema,
    published: SeatplanVersionSchema.nullable().describe('the newest published version'),
    drafts: z.number().int(),
  })
  .meta({ id: 'AdminHall' });
export type AdminHall = z.infer<typeof AdminHallSchema>;

export const AdminVenueSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    address: VenueAddressSchema.nullable(),
    venueTypeId: z.number().int(),
    onlineSalesEnabled: z.boolean(),
    halls: z.array(AdminHallSchema),
  })
  .meta({ id: 'AdminVenue' });
export type AdminVenue = z.infer<typeof AdminVenueSchema>;
export const AdminVenuesAnswerSchema = z.object({ venues: z.array(AdminVenueSchema) });

export const VenueCreateSchema = z.object({
  name: NameSchema,
  address: VenueAddressSchema.nullable().optional(),
  venueTypeId: z.number().int().positive().default(1),
  onlineSalesEnabled: z.boolean().default(true),
});
export type VenueCreate = z.input<typeof VenueCreateSchema>;
export const VenueUpdateSchema = z
  .object({
    name: NameSchema.optional(),
    address: VenueAddressSchema.nullable().optional(),
    onlineSalesEnabled: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type VenueUpdate = z.input<typeof VenueUpdateSchema>;

export const HallCreateSchema = z.object({ name: NameSchema });
export type HallCreate = z.infer<typeof HallCreateSchema>;
export const HallUpdateSchema = z.object({ name: NameSchema });

export const IdParamsSchema = z.object({ id: IdParam });

export const planFormats = ['seatplanV2', 'pretix', 'csv'] as const;
export const PlanFormatSchema = z.enum(planFormats);

/** The most characters of a plan file (a 200,000-seat plan in the shop's JSON is about 20 MB). */
export const MAX_PLAN_FILE_CHARS = 40_000_000;

export const PlanFileSchema = z.object({
  format: PlanFormatSchema,
  content: z.string().min(1).max(MAX_PLAN_FILE_CHARS).describe('the file as text'),
  name: z.string().trim().min(1).max(120).optional().describe('the plan’s name when the file has none'),
});
export type PlanFile = z.infer<typeof PlanFileSchema>;

export const PlanProblemSchema = z
  .object({
    severity: z.enum(['error', 'warning']),
    code: z.string().describe('src/domain/seatplans/problems.ts; translated under backoffice.plans.problems'),
    line: z.number().int().optional(),
    path: z.string().optional(),
    seat: z
      .object({ key: z.string().optional(), section: z.string(), row: z.string(), seat: z.string() })
      .optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .meta({ id: 'PlanProblem' });

export const PlanFiguresSchema = z
  .object({
    seats: z.number().int(),
    sections: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        seats: z.number().int(),
        byPriceLevel: z.record(z.string(), z.number().int()),
      }),
    ),
    byPriceLevel: z.record(z.string(), z.number().int()),
    flagged: z.object({
      handicap: z.number().int(),
      companion: z.number().int(),
      limitedView: z.number().int(),
      premium: z.number().int(),
      sofa: z.number().int(),
      house: z.number().int(),
    }),
  })
  .meta({ id: 'PlanFigures' });

/** A dry run: what a file would become, its problems and figures; nothing is saved. */
export const PlanCheckAnswerSchema = z.object({
  problems: z.array(PlanProblemSchema),
  figures: PlanFiguresSchema.nullable().describe('null: the file cannot become a plan'),
  /** At most this many problems are listed; `problemCount` counts them all. */
  problemCount: z.number().int(),
});
export type PlanCheckAnswer = z.infer<typeof PlanCheckAnswerSchema>;

export const SeatplanDetailSchema = z.object({
  version: SeatplanVersionSchema,
  plan: SeatplanSchema,
  problems: z.array(PlanProblemSchema),
  problemCount: z.number().int(),
  figures: PlanFiguresSchema,
});
export type SeatplanDetail = z.infer<typeof SeatplanDetailSchema>;

export const PriceLevelSchema = z
  .object({ id: z.number().int(), name: LocalizedTextSchema })
  .meta({ id: 'PriceLevel' })
  .describe('a price level (ticket group): the seats a plan gives it are sold at its prices');
export const PriceLevelsAnswerSchema = z.object({ priceLevels: z.array(PriceLevelSchema) });
export type PriceLevel = z.infer<typeof PriceLevelSchema>;

export const SeatplanVersionsAnswerSchema = z.object({ versions: z.array(SeatplanVersionSchema) });

export const PlanEditsBodySchema = z.object({ edits: z.array(PlanEditSchema).min(1).max(100) });
export type PlanEditsBody = z.infer<typeof PlanEditsBodySchema>;

export const PlanEditsAnswerSchema = SeatplanDetailSchema.extend({
  changed: z.number().int().describe('seats, sections or rows the edits changed'),
});

/** The most seats each list of a difference names. */
export const MAX_DIFF_LISTED = 1000;

const SeatRefSchema = z.object({ key: z.string(), section: z.string(), row: z.string(), seat: z.string() });
export const PlanDiffSchema = z
  .object({
    from: z.number().int().nullable().describe('the version compared against; null: none is published'),
    added: z.array(SeatRefSchema),
    removed: z.array(SeatRefSchema),
    moved: z.array(z.object({ from: SeatRefSchema, to: SeatRefSchema })),
    changed: z.array(z.object({ seat: SeatRefSchema, fields: z.array(z.string()) })),
    totals: z
      .object({
        added: z.number().int(),
        removed: z.number().int(),
        moved: z.number().int(),
        changed: z.number().int(),
      })
      .describe(`each list names at most ${MAX_DIFF_LISTED} seats; the totals count them all`),
  })
  .meta({ id: 'PlanDiff' });
export type PlanDiffAnswer = z.infer<typeof PlanDiffSchema>;
export const PlanDiffQuerySchema = z.object({
  against: IdParam.optional().describe('another version of the hall; default: its newest published one'),
});

export const PlanExportQuerySchema = z.object({ format: PlanFormatSchema.default('seatplanV2') });

export const PresentationSeatplanBodySchema = z.object({ seatplanId: z.number().int().positive() });
export const PresentationSeatplanAnswerSchema = z.object({
  presentationId: z.number().int(),
  seatplanId: z.number().int(),
  version: z.number().int(),
});
