import { z } from 'zod';
import { Agorot, Id, IsoDateSchema, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { OrderDocumentSchema, RefundPartSchema } from './order.ts';
import { VideoStatusSchema } from './vod.ts';

/**
 * Customer accounts and the personal area (spec sections 3, 4, 6 and 7). Objects the spec names with
 * their box-office field names (Customer, SystemVoucher) keep those names; the rest follow the
 * shop's camelCase.
 */

const MobileNumber = z.string().max(20);
const RecaptchaToken = z.string().max(4000).optional();

/** POST /customer/mobile-login: asks for a one-time code by SMS. */
export const MobileLoginBodySchema = z
  .object({
    mobileNumber: MobileNumber,
    recaptchaToken: RecaptchaToken,
    sendSmsRegardlessOfCustomerExistence: z.boolean().optional(),
  })
  .meta({ id: 'MobileLoginBody' });
export type MobileLoginBody = z.infer<typeof MobileLoginBodySchema>;

/** The same answer whether or not the number belongs to a customer. */
export const SuccessAnswerSchema = z.object({ data: z.object({ success: z.literal(true) }) });
export type SuccessAnswer = z.infer<typeof SuccessAnswerSchema>;

/** POST /customer/mobile-login-validation-area: the code, and the extra detail the venue may ask. */
export const MobileValidationBodySchema = z
  .object({
    smsCode: z.string().max(12),
    mobileNumber: MobileNumber,
    reservationIdentifier: z.string().max(40).optional(),
    ssn: z.string().max(12).optional(),
    memberNumber: z.string().max(40).optional(),
  })
  .meta({ id: 'MobileValidationBody' });
export type MobileValidationBody = z.infer<typeof MobileValidationBodySchema>;

/** POST /customer/login: e-mail and password. */
export const EmailLoginBodySchema = z
  .object({
    email: z.string().max(254),
    password: z.string().max(200),
    recaptchaToken: RecaptchaToken,
    includeMemberships: z.boolean().optional(),
  })
  .meta({ id: 'EmailLoginBody' });
export type EmailLoginBody = z.infer<typeof EmailLoginBodySchema>;

/** POST /customer/token-login: the token of a login link. */
export const TokenLoginBodySchema = z
  .object({ token: z.string().min(1).max(200) })
  .meta({ id: 'TokenLoginBody' });

/** A membership the customer holds (spec section 3, Member). Dates are calendar dates in Israel. */
export const MemberSchema = z
  .object({
    name: LocalizedTextSchema,
    additionalName: z.string().nullable(),
    memberCustomerName: z.string(),
    membershipId: z.number().int(),
    membershipTypeId: z.number().int(),
    balance: Agorot,
    pointsBalance: z.number().int().nonnegative(),
    memberNumber: z.string(),
    customerId: z.string(),
    membershipIdentifier: z.string(),
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
    isAvailable: z.boolean(),
    isExpired: z.boolean(),
    isNotStarted: z.boolean(),
    isLoyaltyPointsRedemption: z.boolean(),
    allowMemberSaleTickets: z.boolean(),
    usedBalance: Agorot,
    hasTicketBalance: z
      .boolean()
      .optional()
      .describe(
        'balance and usedBalance count member tickets (a cinema club); absent or false: no ticket balance',
      ),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof MemberSchema>;

/** A card saved as a provider token (spec section 3, MagCards): never the number itself. */
export const MagCardSchema = z
  .object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    expiry: z.string().describe('MM/YY'),
    isDeleted: z.boolean(),
  })
  .meta({ id: 'MagCard' });
export type MagCard = z.infer<typeof MagCardSchema>;
export const MagCardParamsSchema = z.object({ magCardId: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/) });
export const MagCardsAnswerSchema = z.object({ MagCards: z.array(MagCardSchema) });

/** The logged-in customer (spec section 3, Customer). */
export const CustomerAccountSchema = z
  .object({
    CustomerId: z.string(),
    FirstName: z.string().nullable(),
    LastName: z.string().nullable(),
    SSN: z.string().nullable(),
    EmailAddress1: z.string().nullable(),
    MobileNumber1: z.string().nullable(),
    IsEmailAllowed: z.boolean(),
    IsSMSAllowed: z.boolean(),
    Address1: z.string().nullable(),
    Address2: z.string().nullable(),
    City: z.string().nullable(),
    PostalCode: z.string().nullable(),
    DateOfBirth: IsoDateSchema.nullable(),
    LicensePlateNumber: z.string().nullable(),
    LocationId: z.number().int().nullable(),
    members: z.array(MemberSchema),
    MagCards: z.array(MagCardSchema).describe('saved cards that are not deleted'),
    isDigitel: z.boolean(),
  })
  .meta({ id: 'CustomerAccount' });
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;

export const CustomerInfoAnswerSchema = z.object({ data: z.object({ customerInfo: CustomerAccountSchema }) });
export type CustomerInfoAnswer = z.infer<typeof CustomerInfoAnswerSchema>;

/** POST /customer/refresh: the customer of the session cookie, or null when nobody is logged in. */
export const RefreshAnswerSchema = z.object({
  data: z.object({ customerInfo: CustomerAccountSchema.nullable() }),
});
export type RefreshAnswer = z.infer<typeof RefreshAnswerSchema>;

/** GET /customer/locations: the venue's branches a customer may name as theirs. */
export const LocationsAnswerSchema = z.object({
  locations: z.array(z.object({ id: z.number().int(), name: LocalizedTextSchema })),
});
export type LocationsAnswer = z.infer<typeof LocationsAnswerSchema>;

/** PUT /customer-area/details: what the customer may change (the mobile number is the login). */
export const CustomerDetailsBodySchema = z
  .object({
    firstName: z.string().max(60),
    lastName: z.string().max(60),
    email: z.string().max(254),
    ssn: z.string().max(12).optional(),
    address1: z.string().max(120).optional(),
    address2: z.string().max(120).optional(),
    city: z.string().max(60).optional(),
    postalCode: z.string().max(10).optional(),
    dateOfBirth: z.union([IsoDateSchema, z.literal('')]).optional(),
    locationId: Id.nullable().optional(),
    isEmailAllowed: z.boolean(),
    isSMSAllowed: z.boolean(),
  })
  .meta({ id: 'CustomerDetailsBody' });
export type CustomerDetailsBody = z.infer<typeof CustomerDetailsBodySchema>;

/** A reservation in the personal area: the order's e-ticket content plus what the customer may do. */
export const CustomerReservationSchema = OrderDocumentSchema.extend({
  bookingFee: Agorot,
  isPast: z.boolean(),
  isVideo: z.boolean(),
  canCancel: z.boolean(),
  payment: z
    .object({
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      numberOfPayments: z.number().int(),
    })
    .nullable(),
}).meta({ id: 'CustomerReservation' });
export type CustomerReservation = z.infer<typeof CustomerReservationSchema>;

export const ReservationsAnswerSchema = z.object({
  upcoming: z.array(CustomerReservationSchema),
  past: z.array(CustomerReservationSchema),
});
export type ReservationsAnswer = z.infer<typeof ReservationsAnswerSchema>;

export const ReservationParamsSchema = z.object({
  reservationIdentifier: z.string().regex(/^[A-Z0-9]{6,20}$/),
});

/** Where a refund goes, payment by payment: what the cancel dialog shows before, and its answer after. */
const refundSplit = {
  refunds: z
    .array(RefundPartSchema)
    .default([])
    .describe(
      "the refund split over the order's payments: gift cards first (back to their balance), then the card",
    ),
  refundAtBoxOffice: Agorot.default(0).describe(
    'what of the refund no payment of the order takes back (paid in cash): the box office gives it back',
  ),
};

/** What cancelling would cost, shown before the customer confirms (spec section 4). */
export const CancellationQuoteSchema = z
  .object({
    reservationIdentifier: z.string(),
    feeName: LocalizedTextSchema,
    fee: Agorot,
    feeFixed: Agorot.describe('the fixed part (per ticket when perTicket)'),
    feePercent: z.number().nonnegative(),
    perTicket: z.boolean(),
    tickets: z.number().int(),
    serviceChargeKept: Agorot.describe('service charge paid: not refunded'),
    bookingFeeKept: Agorot,
    paid: Agorot,
    refund: Agorot,
    refundTo: z.enum(['card', 'box_office', 'none']).describe('none: a hold order, nothing was paid'),
    ...refundSplit,
  })
  .meta({ id: 'CancellationQuote' });
export type CancellationQuote = z.infer<typeof CancellationQuoteSchema>;

export const CancelAnswerSchema = z.object({
  reservationIdentifier: z.string(),
  state: z.literal('cancelled'),
  fee: Agorot,
  refund: Agorot,
  ...refundSplit,
});
export type CancelAnswer = z.infer<typeof CancelAnswerSchema>;

export const voucherStatuses = [
  'active',
  'partially_redeemed',
  'no_balance',
  'expired',
  'cancelled',
  'scanned',
  'for_replacement',
] as const;
export const VoucherStatusSchema = z.enum(voucherStatuses);
export type VoucherStatus = z.infer<typeof VoucherStatusSchema>;

/** A prepaid voucher the customer bought (spec section 3, voucher display). */
export const SystemVoucherSchema = z
  .object({
    Reference: z.string(),
    ReservationIdentifier: z.string().nullable(),
    Name: LocalizedTextSchema.describe('voucher type'),
    BenefitName: LocalizedTextSchema,
    Quantity: z.number().int(),
    Price: Agorot,
    Redeemed: z.number().int().nonnegative().describe('uses (or agorot for a stored-value voucher) redeemed'),
    Balance: z.number().int().nonnegative(),
    IsStoredValue: z.boolean(),
    DateTimeCreated: IsoDateTimeSchema,
    StartDate: IsoDateTimeSchema,
    EndDate: IsoDateTimeSchema,
    IsForReplacement: z.boolean(),
    status: VoucherStatusSchema,
    canCancel: z.boolean(),
    canReplace: z.boolean(),
  })
  .meta({ id: 'SystemVoucher' });
export type SystemVoucher = z.infer<typeof SystemVoucherSchema>;

export const VouchersAnswerSchema = z.object({
  systemVouchers: z.array(SystemVoucherSchema),
  replacementDays: z.number().int().positive(),
});
export type VouchersAnswer = z.infer<typeof VouchersAnswerSchema>;

export const VoucherParamsSchema = z.object({ voucherReference: z.string().regex(/^[A-Z0-9-]{4,40}$/) });
export const VoucherActionBodySchema = z.object({ reservationIdentifier: z.string().max(40).optional() });

export const VoucherCancelAnswerSchema = z.object({
  Reference: z.string(),
  status: z.literal('cancelled'),
  refund: Agorot,
});

/** An on-demand video the customer bought: its window, plays and the way to its viewing page. */
export const VideoPurchaseSchema = z.object({
  reservationIdentifier: z.string(),
  presentationId: z.number().int(),
  title: LocalizedTextSchema,
  availableFrom: IsoDateTimeSchema,
  availableUntil: IsoDateTimeSchema,
  purchasedAt: IsoDateTimeSchema,
  status: VideoStatusSchema,
  playsAllowed: z.number().int(),
  playsRemaining: z.number().int(),
  lastPlayedAt: IsoDateTimeSchema.nullable(),
  watchPath: z.string(),
});
export type VideoPurchase = z.infer<typeof VideoPurchaseSchema>;
export const VideosAnswerSchema = z.object({ videos: z.array(VideoPurchaseSchema) });

/** GET /dev/mail-outbox: what the development mail sender "sent", newest first (the text part). */
export const MailOutboxAnswerSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      ics: z.string().nullable().describe('the calendar file sent with it'),
      createdAt: IsoDateTimeSchema,
    }),
  ),
});

/** GET /dev/sms-outbox: what the development SMS sender "sent", newest first. */
export const SmsOutboxAnswerSchema = z.object({
  messages: z.array(z.object({ to: z.string(), text: z.string(), createdAt: IsoDateTimeSchema })),
});
export type SmsOutboxAnswer = z.infer<typeof SmsOutboxAnswerSchema>;
