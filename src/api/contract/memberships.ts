import { z } from 'zod';
import { Agorot, IdParam, IsoDateSchema, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';

/** Spec section 9: at most 2 memberships in an order. */
export const MEMBERSHIP_MAX_QUANTITY = 2;
/** Spec section 9: a series membership's type id. */
export const SERIES_MEMBERSHIP_TYPE = 2;

/** A seat a membership that carries seats holds in each of its presentations. */
export const MembershipSeatSchema = z.object({
  si: z.number().int().describe('section id'),
  x: z.number().int(),
  y: z.number().int(),
  tg: z.number().int().describe('the seat’s price level (ticket group)'),
});
export type MembershipSeat = z.infer<typeof MembershipSeatSchema>;

/**
 * A membership line of the cart payload (spec section 3, "memberships"): a new membership at one of its
 * prices, the renewal of an ending one or a top-up of a member's balance (by member number). Prices
 * sent along are ignored: the box office prices every line.
 */
export const CartMembershipSchema = z
  .object({
    id: z.number().int().describe('MembershipId'),
    priceId: z.number().int().describe('MembershipPriceId'),
    priceCode: z.string().trim().min(1).max(40).optional().describe('the code that showed a hidden price'),
    kind: z.enum(['new', 'renewal', 'topUp']).default('new'),
    memberNumber: z.string().trim().min(1).max(40).optional().describe('renewal and top-up: the member'),
    references: z.record(z.string().max(40), z.string().max(100)).optional(),
    termsAccepted: z.boolean().default(false).describe('the price’s terms (termsId), accepted before paying'),
    seat: MembershipSeatSchema.optional().describe('a membership that carries seats: the seat it holds'),
  })
  .meta({ id: 'CartMembership' });
export type CartMembership = z.input<typeof CartMembershipSchema>;

export const membershipPriceKinds = ['new', 'renewal', 'topUp'] as const;
export type MembershipPriceKind = (typeof membershipPriceKinds)[number];

/** A reference the customer gives with a price (a student card number…), checked against `pattern`. */
export const MembershipReferenceSchema = z.object({
  id: z.string(),
  label: LocalizedTextSchema,
  pattern: z.string().describe('a regular expression the whole value must match'),
});
export type MembershipReference = z.infer<typeof MembershipReferenceSchema>;

export const MembershipCurrencySchema = z.object({
  CurrencyId: z.number().int(),
  CurrencySymbol: z.string(),
  CurrencyCode: z.string(),
});
export type MembershipCurrency = z.infer<typeof MembershipCurrencySchema>;

/** A price of a membership for sale (spec section 3). */
export const MembershipPriceSchema = z.object({
  MembershipPriceId: z.number().int(),
  PriceCode: z.string().nullable().describe('null: a public price; otherwise shown to who has the code'),
  Price: Agorot.describe('before the discount, in minor units of its currency'),
  name: LocalizedTextSchema,
  currency: MembershipCurrencySchema,
  SystemVoucherReference: z
    .number()
    .int()
    .nullable()
    .describe('a voucher of this class is issued with each membership bought at this price'),
  DiscountId: z.number().int().nullable(),
  discount: z
    .object({ name: LocalizedTextSchema, percent: z.number().min(0).max(100), amount: Agorot })
    .nullable()
    .describe('amount: what the discount takes off Price'),
  references: z.array(MembershipReferenceSchema),
  termsId: z.number().int().nullable(),
  kind: z.enum(membershipPriceKinds),
  topUpBalance: z.number().int().nonnegative().describe('a top-up: the tickets it adds to the balance'),
});
export type MembershipPrice = z.infer<typeof MembershipPriceSchema>;

export const MembershipTermsSchema = z.object({
  termsId: z.number().int(),
  title: LocalizedTextSchema,
  body: LocalizedTextSchema,
});
export type MembershipTerms = z.infer<typeof MembershipTermsSchema>;

export const MembershipPresentationSchema = z.object({
  id: z.number().int(),
  title: LocalizedTextSchema,
  dateTime: IsoDateTimeSchema,
  venueId: z.number().int(),
  seatplanId: z.number().int(),
});
export type MembershipPresentation = z.infer<typeof MembershipPresentationSchema>;

/** A membership for sale (spec section 3). */
export const MembershipForSaleSchema = z
  .object({
    MembershipId: z.number().int(),
    Name: LocalizedTextSchema,
    Code: z.string(),
    ClassName: z.string(),
    MembershipTypeId: z.number().int().describe('2: a series membership'),
    subtitle: LocalizedTextSchema.nullable(),
    description: LocalizedTextSchema.nullable(),
    prices: z.array(MembershipPriceSchema),
    terms: z.array(MembershipTermsSchema).describe('the terms its prices name (termsId)'),
    hasSeats: z.boolean().describe('carries one seat in each of `presentations`'),
    presentations: z.array(MembershipPresentationSchema),
    isEnrolment: z.boolean().describe('a season enrolment: ordered at /enroll/{code}'),
    ticketBalance: z.number().int().nonnegative().describe('member tickets a new member may buy'),
    validityMonths: z.number().int().nonnegative(),
    maxQuantity: z.number().int(),
  })
  .meta({ id: 'MembershipForSale' });
export type MembershipForSale = z.infer<typeof MembershipForSaleSchema>;

export const MembershipsAnswerSchema = z.object({ memberships: z.array(MembershipForSaleSchema) });
export type MembershipsAnswer = z.infer<typeof MembershipsAnswerSchema>;

export const MembershipParamsSchema = z.object({ code: z.string().min(1).max(40) });
export const MembershipQuerySchema = z.object({
  priceCode: z.string().trim().min(1).max(40).optional().describe('adds the hidden price of this code'),
});
export const MembershipAnswerSchema = z.object({ membership: MembershipForSaleSchema });
export type MembershipAnswer = z.infer<typeof MembershipAnswerSchema>;

/** POST /memberships/member-lookup: an ID number whose member is sent a login code. */
export const MemberLookupBodySchema = z.object({
  ssn: z.string().trim().min(1).max(20),
  recaptchaToken: z.string().max(4000).optional(),
});
/** POST /memberships/member-login: the code sent by the lookup, with the same ID number. */
export const MemberLoginBodySchema = z.object({
  ssn: z.string().trim().min(1).max(20),
  smsCode: z.string().trim().min(1).max(12),
});
/**
 * The same for every valid ID number, a member's or not (issue 32: the lookup must not tell a stranger
 * who is a customer). The member's memberships come with the login (customerInfo.members).
 */
export const MemberLookupAnswerSchema = z.object({
  loginMethod: z
    .enum(['phone', 'email'])
    .describe('how members log in (settings); phone: a member gets the code by SMS on their mobile'),
});
export type MemberLookupAnswer = z.infer<typeof MemberLookupAnswerSchema>;

/** The seat calls of a membership that carries seats (spec section 7). */
export const MembershipSeatQuerySchema = z.object({ membershipId: IdParam });
export const MembershipLockSeatBodySchema = z.object({
  seat: z.object({
    MembershipId: z.number().int().positive(),
    VenueId: z.number().int(),
    VenueSeatplanId: z.number().int(),
    VenueSectionId: z.number().int(),
    TicketGroupId: z.number().int(),
    XCoordinate: z.number().int(),
    YCoordinate: z.number().int(),
    selections: z
      .array(MembershipSeatSchema)
      .max(1)
      .default([])
      .describe('the seat the membership holds now (lock: released first, a swap)'),
  }),
  recaptchaToken: z.string().max(4000).optional().describe('verified when the venue has a captcha'),
});
export type MembershipLockSeatBody = z.input<typeof MembershipLockSeatBodySchema>;
export const MembershipLockSeatAnswerSchema = z.object({
  selections: z.array(MembershipSeatSchema).describe('the seat the membership now holds'),
  expiresAt: IsoDateTimeSchema.nullable(),
});
export type MembershipLockSeatAnswer = z.infer<typeof MembershipLockSeatAnswerSchema>;

/** A membership line of an order as its documents show it (the membership card once paid). */
export const OrderMembershipSchema = z.object({
  membershipId: z.number().int(),
  name: LocalizedTextSchema,
  priceName: LocalizedTextSchema,
  kind: z.enum(membershipPriceKinds),
  memberNumber: z.string().nullable().describe('null until the order is paid (a new membership)'),
  unitPrice: Agorot,
  discount: Agorot,
  total: Agorot,
  currencyCode: z.string(),
  startDate: IsoDateSchema.nullable(),
  endDate: IsoDateSchema.nullable(),
  balance: z.number().int().nullable().describe('member tickets left'),
  isCancelled: z.boolean(),
  seat: MembershipSeatSchema.nullable(),
  vouchers: z.array(z.string()).describe('voucher codes issued with this membership'),
  topUpTickets: z.number().int().nonnegative().describe('a top-up: the member tickets it added'),
  termsTitle: LocalizedTextSchema.nullable().describe('the title of the terms accepted with its price'),
});
export type OrderMembership = z.infer<typeof OrderMembershipSchema>;
