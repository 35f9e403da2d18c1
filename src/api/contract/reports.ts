import { z } from 'zod';
import { IsoDateTimeSchema, LocaleSchema } from './common.ts';

/**
 * The staff reports (spec section 2: attendance by show time and venue, by feature and by date; the
 * concessions' top ten most and least sold; sales by point of sale; the top ten features). Managers only.
 * Money is integer agorot in the venue's currency; orders priced in another currency are left out of it.
 */
export const reportKinds = [
  'attendance-shows',
  'attendance-features',
  'attendance-dates',
  'concessions',
  'sales-pos',
  'top-features',
  'sales-mini-site',
] as const;
export type ReportKind = (typeof reportKinds)[number];
export const ReportKindSchema = z.enum(reportKinds);

export const reportSorts = ['date', 'sales', 'location'] as const;
export type ReportSort = (typeof reportSorts)[number];
export const reportPageSizes = [10, 25, 50, 100] as const;

/** The sorts each report offers (first: its default); another one answers 400 report_sort_invalid. */
export const sortsOfReport: Record<ReportKind, readonly ReportSort[]> = {
  'attendance-shows': ['date', 'sales', 'location'],
  'attendance-features': ['sales', 'date'],
  'attendance-dates': ['date', 'sales'],
  concessions: ['sales'],
  'sales-pos': ['location', 'sales'],
  'top-features': ['sales'],
  'sales-mini-site': ['location', 'sales'],
};

export const ReportParamsSchema = z.object({ report: ReportKindSchema });

/** from/to: venue calendar days (YYYY-MM-DD, inclusive); checked by the service (400 report_range_invalid). */
export const ReportQuerySchema = z.object({
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
  sort: z.enum(reportSorts).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (reportPageSizes as readonly number[]).includes(n), 'one of 10, 25, 50, 100')
    .default(25),
  /** The language of names (features, venues, products) and of the CSV's header row. */
  locale: LocaleSchema.default('he'),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const ShowRowSchema = z.object({
  presentationId: z.number().int(),
  startsAt: IsoDateTimeSchema,
  businessDate: z.string(),
  feature: z.string(),
  venue: z.string(),
  hall: z.string(),
  tickets: z.number().int(),
  capacity: z.number().int(),
  /** Tickets per thousand seats (integer, rounded down). */
  occupancyPermille: z.number().int(),
  revenue: z.number().int(),
});
export const FeatureRowSchema = z.object({
  featureId: z.number().int(),
  feature: z.string(),
  /** The first show's start in the range: the features' date sort. */
  firstShow: IsoDateTimeSchema,
  shows: z.number().int(),
  tickets: z.number().int(),
  revenue: z.number().int(),
});
export const DateRowSchema = z.object({
  date: z.string(),
  shows: z.number().int(),
  tickets: z.number().int(),
  revenue: z.number().int(),
});
export const ProductRowSchema = z.object({
  productId: z.number().int(),
  product: z.string(),
  quantity: z.number().int(),
  revenue: z.number().int(),
});
export const PosRowSchema = z.object({
  pointOfSale: z.enum(['online', 'box_office']),
  orders: z.number().int(),
  tickets: z.number().int(),
  revenue: z.number().int(),
});
/** Sales by partner mini-site (issue 20): one row per mini-site, and one (miniSiteId null) for none. */
export const MiniSiteRowSchema = z.object({
  miniSiteId: z.number().int().nullable(),
  /** The mini-site's name in the report's language; '' for orders through no mini-site. */
  miniSite: z.string(),
  orders: z.number().int(),
  tickets: z.number().int(),
  revenue: z.number().int(),
});
export type MiniSiteRow = z.infer<typeof MiniSiteRowSchema>;
export type ShowRow = z.infer<typeof ShowRowSchema>;
export type FeatureRow = z.infer<typeof FeatureRowSchema>;
export type DateRow = z.infer<typeof DateRowSchema>;
export type ProductRow = z.infer<typeof ProductRowSchema>;
export type PosRow = z.infer<typeof PosRowSchema>;

const page = {
  from: z.string(),
  to: z.string(),
  sort: z.enum(reportSorts),
  dir: z.enum(['asc', 'desc']),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** All rows of the range (the page shows some of them). */
  total: z.number().int(),
};

export const ReportAnswerSchema = z.discriminatedUnion('report', [
  z.object({ report: z.literal('attendance-shows'), ...page, rows: z.array(ShowRowSchema) }),
  z.object({ report: z.literal('attendance-features'), ...page, rows: z.array(FeatureRowSchema) }),
  z.object({ report: z.literal('attendance-dates'), ...page, rows: z.array(DateRowSchema) }),
  z.object({ report: z.literal('top-features'), ...page, rows: z.array(FeatureRowSchema) }),
  z.object({ report: z.literal('sales-pos'), ...page, rows: z.array(PosRowSchema) }),
  z.object({ report: z.literal('sales-mini-site'), ...page, rows: z.array(MiniSiteRowSchema) }),
  /** Both lists whole (ten at most each); `total` counts the products. */
  z.object({
    report: z.literal('concessions'),
    ...page,
    most: z.array(ProductRowSchema),
    least: z.array(ProductRowSchema),
  }),
]);
export type ReportAnswer = z.infer<typeof ReportAnswerSchema>;

/** What the shop sends: the query before defaults (every field as the URL carries it). */
export type ReportQueryInput = Partial<Record<keyof ReportQuery, string | number>>;
