import { z } from 'zod';
import { IdParam, IsoDateSchema, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { FeatureCategorySchema, LockTimerSchema } from './presentations.ts';
import { MAX_SCHEDULE_DAYS } from '../../domain/schedule.ts';

/**
 * The admin API's programme (issue 34): features (what is shown) and their presentations, one at a time
 * or as a schedule. Managers and admins.
 */

const TitleSchema = LocalizedTextSchema.refine(
  (n) => Object.values(n).some((v) => typeof v === 'string' && v.trim() !== ''),
  'a title in at least one language',
).refine((n) => Object.values(n).every((v) => (v ?? '').length <= 200), 'titles of at most 200 characters');

/** A language as ISO 639-1 (`he`, `en`, `fr`): what a film is spoken, dubbed or subtitled in. */
const LanguageSchema = z
  .string()
  .regex(/^[a-z]{2}$/, 'a two-letter language code (ISO 639-1)')
  .nullable();

export const AdminFeatureSchema = z
  .object({
    id: z.number().int(),
    title: LocalizedTextSchema,
    category: FeatureCategorySchema,
    durationMinutes: z.number().int(),
    language: z.string().nullable(),
    dubbing: z.string().nullable(),
    subtitles: z.string().nullable(),
    description: LocalizedTextSchema.nullable(),
    is3d: z.boolean(),
    ageRating: z.string().nullable().describe('the youngest age it is for, as "16+"; null: everyone'),
    presentations: z.number().int().describe('presentations of this feature, past ones included'),
    poster: z.string().nullable().describe('the uploaded poster (480×720 WebP); null: none uploaded'),
  })
  .meta({ id: 'AdminFeature' });
export type AdminFeature = z.infer<typeof AdminFeatureSchema>;

const DescriptionSchema = LocalizedTextSchema.refine(
  (n) => Object.values(n).every((v) => (v ?? '').length <= 4000),
  'descriptions of at most 4,000 characters',
).nullable();
const AgeRatingSchema = z
  .string()
  .regex(/^([1-9]|1[0-9]|2[01])\+$/, 'an age from 1 to 21 followed by +, as 16+')
  .nullable();

const FeatureFields = {
  title: TitleSchema,
  category: FeatureCategorySchema,
  durationMinutes: z.number().int().min(1).max(1440),
  language: LanguageSchema,
  dubbing: LanguageSchema,
  subtitles: LanguageSchema,
  description: DescriptionSchema,
  is3d: z.boolean(),
  ageRating: AgeRatingSchema,
};
export const FeatureCreateSchema = z.object({
  ...FeatureFields,
  language: LanguageSchema.default(null),
  dubbing: LanguageSchema.default(null),
  subtitles: LanguageSchema.default(null),
  description: DescriptionSchema.default(null),
  is3d: z.boolean().default(false),
  ageRating: AgeRatingSchema.default(null),
});
export type FeatureCreate = z.input<typeof FeatureCreateSchema>;
/** Only what is sent changes (no default fills a field left out). */
export const FeatureUpdateSchema = z
  .object(FeatureFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type FeatureUpdate = z.input<typeof FeatureUpdateSchema>;
export const AdminFeaturesAnswerSchema = z.object({ features: z.array(AdminFeatureSchema) });

const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM (24-hour)');

export const ScheduleRuleSchema = z.object({
  weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7).describe('Sunday = 0 … Saturday = 6'),
  times: z
    .array(TimeSchema)
    .min(1)
    .max(12)
    .describe('wall-clock times in the venue; before 05:00 is the night after that day'),
});

/** How the shows of a schedule go on sale, and the gap they keep in a hall. */
const SaleFields = {
  cleaningGapMinutes: z
    .number()
    .int()
    .min(0)
    .max(240)
    .default(15)
    .describe('the least time between a show’s end and the next start in a hall'),
  saleStartsAt: IsoDateTimeSchema.optional().describe('when online sale opens; default: at once'),
  saleEndsMinutesAfterStart: z
    .number()
    .int()
    .min(-10_080)
    .max(240)
    .default(15)
    .describe('online sale closes this long after each show starts (negative: before)'),
  reserved: z
    .boolean()
    .default(true)
    .describe('false: general admission, as many places as the plan has, no seat chosen'),
  seatingPolicyId: z
    .union([z.literal(1), z.literal(3)])
    .default(1)
    .describe('3: no single free seat may be left beside a selection'),
  serviceCharge: z.number().int().min(0).max(100_000).default(0).describe('per ticket, minor units'),
  lockTimer: LockTimerSchema.optional().describe('seconds per order step; default: the venue’s usual'),
  priceListId: z
    .number()
    .int()
    .positive()
    .default(1)
    .describe('the price list whose ticket types the shows sell; default: the standard list (1)'),
};

export const ScheduleBodySchema = z
  .object({
    featureId: z.number().int().positive(),
    hallIds: z.array(z.number().int().positive()).min(1).max(20),
    from: IsoDateSchema.describe('the first business date'),
    to: IsoDateSchema.describe('the last business date, included'),
    rules: z.array(ScheduleRuleSchema).min(1).max(14),
    ...SaleFields,
    priceLevelIds: z
      .array(z.number().int().positive())
      .max(50)
      .optional()
      .describe('price levels on sale; default: every level the hall’s plan gives its seats'),
  })
  .refine((b) => b.from <= b.to, { message: 'from after to', path: ['to'] })
  .refine(
    (b) =>
      (Date.parse(`${b.to}T00:00:00Z`) - Date.parse(`${b.from}T00:00:00Z`)) / 86_400_000 < MAX_SCHEDULE_DAYS,
    { message: `at most ${MAX_SCHEDULE_DAYS} days`, path: ['to'] },
  );
export type ScheduleBody = z.input<typeof ScheduleBodySchema>;

const ClashWithSchema = z.object({
  presentationId: z.number().int().nullable().describe('a presentation of the hall; null: a show above'),
  index: z.number().int().nullable().describe('the show of this schedule it runs into'),
  title: LocalizedTextSchema,
  startsAt: IsoDateTimeSchema,
  endsAt: IsoDateTimeSchema,
});

export const PlannedShowSchema = z.object({
  hallId: z.number().int(),
  startsAt: IsoDateTimeSchema,
  endsAt: IsoDateTimeSchema,
  businessDate: IsoDateSchema,
  clash: ClashWithSchema.nullable(),
});

export const SchedulePreviewSchema = z
  .object({
    shows: z.array(PlannedShowSchema),
    clashes: z.number().int(),
    past: z.number().int().describe('shows of the range that would have started already: left out'),
  })
  .meta({ id: 'SchedulePreview' });
export type SchedulePreview = z.infer<typeof SchedulePreviewSchema>;

export const AdminPresentationSchema = z
  .object({
    id: z.number().int(),
    featureId: z.number().int(),
    title: LocalizedTextSchema,
    venueId: z.number().int(),
    hallId: z.number().int(),
    hallName: LocalizedTextSchema,
    seatplanId: z.number().int(),
    startsAt: IsoDateTimeSchema,
    endsAt: IsoDateTimeSchema,
    businessDate: IsoDateSchema,
    saleStart: IsoDateTimeSchema,
    saleEnd: IsoDateTimeSchema,
    seatingPolicyId: z.number().int(),
    isReserved: z.boolean(),
    serviceCharge: z.number().int(),
    priceLevelIds: z.array(z.number().int()),
    onlineSale: z.boolean().describe('false: sold at the box office only'),
    priceListId: z.number().int().describe('the price list whose ticket types it sells'),
    waiverId: z.number().int().nullable().describe('the liability waiver its orders sign'),
    miniSiteIds: z.array(z.number().int()).describe('partners’ mini-sites selling it'),
    lockTimer: LockTimerSchema,
    calledOffAt: IsoDateTimeSchema.nullable().describe('when it was called off; null: it goes ahead'),
    sold: z.number().int().describe('tickets sold or held for it (valid, or with a payment under way)'),
    capacity: z
      .number()
      .int()
      .describe('places it sells online: a general-admission capacity, else every online place of its plan'),
    planCapacity: z.number().int().describe('online places of its seat plan version'),
  })
  .meta({ id: 'AdminPresentation' });
export type AdminPresentation = z.infer<typeof AdminPresentationSchema>;

export const ScheduleCreatedSchema = z.object({ presentations: z.array(AdminPresentationSchema) });

export const AdminPresentationsQuerySchema = z.object({
  from: IsoDateSchema.optional().describe('business dates from (default: today)'),
  to: IsoDateSchema.optional().describe('business dates to, included (default: 31 days on)'),
  hallId: z.coerce.number().int().positive().optional(),
  featureId: z.coerce.number().int().positive().optional(),
});
export const AdminPresentationsAnswerSchema = z.object({ presentations: z.array(AdminPresentationSchema) });

/** The most characters of a schedule file (about 20,000 lines). */
export const MAX_SCHEDULE_FILE_CHARS = 1_000_000;
/** The most shows one schedule file makes. */
export const MAX_SCHEDULE_FILE_LINES = 2000;

export const ScheduleImportBodySchema = z.object({
  content: z
    .string()
    .min(1)
    .max(MAX_SCHEDULE_FILE_CHARS)
    .describe(
      'CSV with a header: feature, hall, date, time and optionally price_levels (names or ids, separated by |)',
    ),
  dryRun: z.boolean().default(false).describe('true: answer what each line would do; nothing is saved'),
  ...SaleFields,
});
export type ScheduleImportBody = z.input<typeof ScheduleImportBodySchema>;

export const ScheduleImportLineSchema = z.object({
  line: z.number().int(),
  status: z.enum(['created', 'ready', 'refused']).describe('ready: a dry run would create it'),
  presentationId: z.number().int().nullable(),
  featureId: z.number().int().nullable(),
  hallId: z.number().int().nullable(),
  startsAt: IsoDateTimeSchema.nullable(),
  code: z.string().nullable().describe('why the line is refused: an error code of the catalogue'),
  message: z.string().nullable(),
  clash: ClashWithSchema.nullable(),
});
export const ScheduleImportAnswerSchema = z
  .object({
    lines: z.array(ScheduleImportLineSchema),
    created: z.number().int(),
    refused: z.number().int(),
  })
  .meta({ id: 'ScheduleImportAnswer' });
export type ScheduleImportAnswer = z.infer<typeof ScheduleImportAnswerSchema>;

export const FeatureParamsSchema = z.object({ id: IdParam });

export const PresentationParamsSchema = z.object({ id: IdParam });

/**
 * A change to a presentation; only what is sent changes. Moving it (`startsAt`) tells its customers and
 * moves its sale's close with it; a price change (`serviceCharge`) applies to new sales only.
 */
export const PresentationUpdateSchema = z
  .object({
    startsAt: IsoDateTimeSchema.describe('a new time: the customers are told, their tickets stay valid'),
    cleaningGapMinutes: SaleFields.cleaningGapMinutes.describe(
      'with startsAt: the least time kept from the hall’s other shows',
    ),
    saleStart: IsoDateTimeSchema,
    saleEnd: IsoDateTimeSchema,
    onlineSale: z.boolean().describe('false: the box office sells it, the site does not'),
    seatingPolicyId: z.union([z.literal(1), z.literal(3)]),
    serviceCharge: z.number().int().min(0).max(100_000).describe('per ticket, minor units; new sales only'),
    lockTimer: LockTimerSchema,
    priceListId: z.number().int().positive().describe('another price list, for new sales'),
    waiverId: z.number().int().positive().nullable().describe('the waiver its orders sign; null: none'),
    miniSiteIds: z
      .array(z.number().int().positive())
      .max(100)
      .describe('the partners’ mini-sites that sell it (replaces the set)'),
    capacity: z
      .number()
      .int()
      .positive()
      .max(1_000_000)
      .nullable()
      .describe('general admission: sell only the first N online places of the plan; null: all of them'),
    seatplanId: z
      .number()
      .int()
      .positive()
      .describe(
        'another published version of its hall’s plan; every sold and held seat must be in it unchanged',
      ),
  })
  .partial()
  .refine((v) => Object.keys(v).some((k) => k !== 'cleaningGapMinutes'), 'nothing to change');
export type PresentationUpdate = z.input<typeof PresentationUpdateSchema>;

export const CallOffProgressSchema = z
  .object({
    presentationId: z.number().int(),
    requestedAt: IsoDateTimeSchema,
    requestedBy: z.string(),
    ordersDone: z.number().int().describe('orders cancelled and refunded so far'),
    ordersLeft: z.number().int().describe('orders still holding tickets of it (payments under way included)'),
    refunded: z
      .number()
      .int()
      .describe('minor units given back to the orders’ payments, gift cards included'),
    owedAtCounter: z.number().int().describe('minor units paid in cash that the box office gives back'),
    finishedAt: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'CallOffProgress' });
export type CallOffProgress = z.infer<typeof CallOffProgressSchema>;

/** A poster to upload: the image file's bytes in base64 (JPEG, PNG or WebP; what it is, not its name). */
export const PosterUploadSchema = z.object({
  image: z.base64().min(16).max(12_000_000).describe('the file, base64; at most 8 MB once decoded'),
});
