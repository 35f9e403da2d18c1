import { z } from 'zod';
import { Agorot, IdParam, IsoDateSchema, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { PlaceAddressSchema } from './venueAddress.ts';

export const SaleStatusSchema = z.enum(['open', 'not_started', 'ended']);
export type SaleStatus = z.infer<typeof SaleStatusSchema>;

/** The board's mark of the seats left: few is at most 10 seats or a tenth of the plan's online seats. */
export const AvailabilitySchema = z.enum(['available', 'few', 'soldOut']);
export type Availability = z.infer<typeof AvailabilitySchema>;

export const FeatureCategorySchema = z.enum(['movie', 'concert', 'orchestra', 'sport', 'show', 'video']);
export type FeatureCategory = z.infer<typeof FeatureCategorySchema>;

/**
 * Whom a presentation's tickets for some buyers only are for (a ticket type's audience, beside
 * `everyone`): what the ticket step can offer ways into (src/domain/order/whatApplies.ts).
 */
export const TicketAudienceSchema = z.enum([
  'senior',
  'member',
  'miniSite',
  'code',
  'voucher',
  'partnerProgram',
]);
export type TicketAudience = z.infer<typeof TicketAudienceSchema>;

/** Seconds each order step may take before the seat locks lapse (spec section 3, lockTimer). */
export const LockTimerSchema = z.object({
  chooseSeatsInSeconds: z.number().int().positive(),
  chooseTicketsInSeconds: z.number().int().positive(),
  customerInfoInSeconds: z.number().int().positive(),
  chooseProductsInSeconds: z.number().int().positive(),
});
export type LockTimer = z.infer<typeof LockTimerSchema>;

export const PresentationSummarySchema = z
  .object({
    id: z.number().int(),
    featureId: z.number().int(),
    title: LocalizedTextSchema,
    featureCategoryId: z.number().int(),
    category: FeatureCategorySchema,
    venueId: z.number().int(),
    venueName: LocalizedTextSchema,
    venueAddress: PlaceAddressSchema.nullable()
      .optional()
      .describe(
        "the venue's street address, in a presentation's own answer (lists leave it out); absent: none",
      ),
    hallName: LocalizedTextSchema,
    seatplanId: z.number().int(),
    venueTypeId: z.number().int(),
    seatingPolicyId: z.number().int(),
    isReserved: z.boolean(),
    isVod: z.boolean(),
    authProfileId: z.number().int(),
    businessId: z.number().int(),
    dateTime: IsoDateTimeSchema.describe('start, as an instant'),
    businessDate: IsoDateSchema.describe(
      'the business date in Asia/Jerusalem (shows after midnight belong to the day before)',
    ),
    saleStart: IsoDateTimeSchema,
    saleEnd: IsoDateTimeSchema,
    saleStatus: SaleStatusSchema,
    language: z.string().nullable().describe('spoken language, ISO 639-1'),
    dubbing: z.string().nullable(),
    subtitles: z.string().nullable(),
    durationMinutes: z.number().int().nonnegative(),
    minPrice: Agorot.nullable().describe(
      'what the cheapest ticket costs a normal order all in: its price and its handling fee, agorot',
    ),
    minServiceCharge: Agorot.nullable().describe(
      'the handling fee within minPrice (0: none); null when minPrice is',
    ),
    seatsLeft: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe('online seats neither sold nor held (a few seconds old); null: no seats (video on demand)'),
    availability: AvailabilitySchema,
    locationOffline: z
      .literal(true)
      .optional()
      .describe(
        'the venue has turned booking through the site off (location_offline); absent: on sale online',
      ),
    is3d: z.literal(true).optional().describe('shown in 3D; absent: 2D'),
    ageRating: z.string().optional().describe('the youngest age it is for, as "16+"; absent: everyone'),
    poster: z
      .string()
      .optional()
      .describe('the feature’s uploaded poster, 240×360 WebP; absent: the shop’s own drawing, if any'),
  })
  .meta({ id: 'PresentationSummary' });
export type PresentationSummary = z.infer<typeof PresentationSummarySchema>;

/** Something sold with a ticket, per seat (3D glasses with a 3D showing's ticket); agorot. */
export const TicketAddonSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    price: Agorot,
  })
  .meta({ id: 'TicketAddon' });
export type TicketAddon = z.infer<typeof TicketAddonSchema>;

export const TicketSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    code: z.string(),
    price: Agorot,
    oldPrice: Agorot.nullable(),
    serviceCharge: Agorot,
    pricePolicyId: z.number().int(),
    multiplyFactor: z.number().int().positive(),
    isMultiplyFactorSubTicket: z.boolean(),
    ref1prompt: z.string().nullable(),
    ref2prompt: z.string().nullable(),
    minQuantity: z.number().int().nonnegative().nullable(),
    maxQuantity: z.number().int().positive().nullable(),
    requiredTicketId: z
      .number()
      .int()
      .nullable()
      .describe('choosing this ticket needs at least requiredMinimum of that ticket in the order'),
    requiredMinimum: z.number().int().positive().nullable(),
    remaining: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe('tickets of this type still for sale for the presentation; null: no limit'),
    addons: z
      .array(TicketAddonSchema)
      .max(10)
      .default([])
      .describe('add-ons a seat with this ticket may take, each at its price per seat'),
    isFirstAddonSelected: z
      .boolean()
      .default(false)
      .describe('a seat with this ticket starts with the first add-on ticked (the customer may untick it)'),
    minAge: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .optional()
      .describe("the youngest jumper's age it suits"),
    maxAge: z.number().int().nonnegative().nullable().optional().describe("the oldest jumper's age it suits"),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketGroupSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    tickets: z.array(TicketSchema),
  })
  .meta({ id: 'TicketGroup' });
export type TicketGroup = z.infer<typeof TicketGroupSchema>;

export const ServiceChargeSchema = z.object({
  amount: Agorot.describe('per ticket, agorot'),
  label: LocalizedTextSchema.describe("default 'handling fee'"),
});

export const ProductSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    price: Agorot,
    isDeliveryRequired: z.boolean(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof ProductSchema>;

export const PresentationSchema = PresentationSummarySchema.extend({
  viewAreaFilename: z.string().nullable(),
  imageMapHtml: z.string().nullable(),
  newBookingUrl: z.string().nullable(),
  isDisplayQr: z.boolean(),
  isBestAvailableEnabled: z
    .boolean()
    .describe(
      'the venue\'s best-available setting (spec); the shop\'s "Choose seats for me" picks the best available seats whatever it says',
    ),
  lockTimer: LockTimerSchema,
  serviceCharge: ServiceChargeSchema,
  products: z.array(ProductSchema),
  vod: z
    .object({ playsAllowed: z.number().int(), rentalHours: z.number().int() })
    .nullable()
    .default(null)
    .describe('a video on demand: the plays a purchase allows and the hours of its viewing window'),
  waiverId: z
    .number()
    .int()
    .nullable()
    .default(null)
    .describe('the liability waiver every order signs before payment (GET /presentations/{id}/waiver)'),
  description: LocalizedTextSchema.optional().describe('what the feature is, in each language'),
  ticketAudiences: z
    .array(TicketAudienceSchema)
    .optional()
    .describe(
      'the audiences its hidden ticket types are for (a senior price, member tickets, a price code, a ' +
        'voucher class, a partner programme, a mini-site): the ticket step offers only these ways in; ' +
        'absent (another box office): every way in',
    ),
}).meta({ id: 'Presentation' });
export type Presentation = z.infer<typeof PresentationSchema>;

export const PresentationsQuerySchema = z.object({
  date: IsoDateSchema.optional().describe('business date (Asia/Jerusalem); all upcoming when absent'),
});
export const PresentationsAnswerSchema = z.object({ presentations: z.array(PresentationSummarySchema) });
export type PresentationsAnswer = z.infer<typeof PresentationsAnswerSchema>;

export const PresentationParamsSchema = z.object({ id: IdParam });
export const PresentationQuerySchema = z.object({
  ticketCodes: z
    .string()
    .max(300)
    .optional()
    .describe(
      'comma-separated ticket codes (vouchers, partner cards, price codes): their tickets are answered',
    ),
  miniSiteUrl: z
    .string()
    .max(200)
    .optional()
    .describe("a partner mini-site's slug: its prices, and only its presentations"),
  integrationId: z.string().max(100).optional().describe("from GET /integration: the partner's prices"),
  recaptchaToken: z.string().max(4000).optional().describe('with ticketCodes, when the venue uses a captcha'),
});

export const TicketGroupsQuerySchema = z.object({
  cb: z.string().optional().describe('cache-buster'),
  miniSiteUrl: z
    .string()
    .max(200)
    .optional()
    .describe("a partner mini-site's slug: its prices, and only its presentations"),
  integrationId: z.string().max(100).optional().describe("from GET /integration: the partner's prices"),
});
export const TicketGroupsAnswerSchema = z.object({
  ticketGroups: z.array(TicketGroupSchema),
  serviceCharge: ServiceChargeSchema,
});
