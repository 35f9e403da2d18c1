import { z } from 'zod';
import { CartWaiverSchema } from './waiver.ts';
import { Agorot, CardTokenSchema, Id, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { CartDonationSchema, DonationReceiptSchema, OrderDonationSchema } from './donations.ts';
import { FeatureCategorySchema } from './presentations.ts';
import { CartEnrolmentSchema, OrderEnrolmentSchema } from './enrolment.ts';
import { CartMembershipSchema, OrderMembershipSchema } from './memberships.ts';
import {
  CartGiftSchema,
  CartVoucherSchema,
  GiftCardIdSchema,
  IssuedVoucherSchema,
  TicketCodeSchema,
} from './vouchers.ts';
import { OrderVideoSchema } from './vod.ts';
import { PlaceAddressSchema } from './venueAddress.ts';

/** Customer details of an order (spec section 3, customer-info settings decide which are asked). */
export const CustomerInfoSchema = z
  .object({
    firstName: z.string().max(60).optional(),
    lastName: z.string().max(60).optional(),
    email: z.string().max(254).optional(),
    emailConfirmation: z.string().max(254).optional(),
    mobileNumber: z.string().max(20).optional(),
    mobileNumberConfirmation: z.string().max(20).optional(),
    address1: z.string().max(120).optional(),
    address2: z.string().max(120).optional(),
    city: z.string().max(60).optional(),
    postalCode: z.string().max(10).optional(),
    dateOfBirth: z.iso.date().optional(),
    ssn: z.string().max(12).optional().describe('Israeli ID number'),
    locationId: Id.optional(),
    isMailingAllowed: z.boolean().optional(),
    termsAccepted: z.boolean().optional(),
  })
  .meta({ id: 'CustomerInfo' });
export type CustomerInfo = z.infer<typeof CustomerInfoSchema>;

/** Where a product sent by post goes (asked when the cart holds a product with isDeliveryRequired). */
export const DeliveryAddressSchema = z
  .object({
    address1: z.string().max(120).optional(),
    city: z.string().max(60).optional(),
    postalCode: z.string().max(10).optional(),
  })
  .meta({ id: 'DeliveryAddress' });
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

/** Card entry (spec section 3): never stored or logged; only the brand and last four digits are kept. */
export const CreditCardInfoSchema = z
  .object({
    number: z.string().max(30),
    expiry: z.string().max(7).describe('MM/YY'),
    cvv: z.string().max(4),
    holderId: z.string().max(12).describe("card holder's ID number"),
  })
  .meta({ id: 'CreditCardInfo' });
export type CreditCardInfo = z.infer<typeof CreditCardInfoSchema>;

/** A seat of the cart with the ticket chosen for it; any price sent along is ignored. */
export const CartSeatSchema = z.object({
  pi: Id.describe('presentation id'),
  si: Id.describe('section id'),
  x: z.number().int(),
  y: z.number().int(),
  tg: Id.describe('ticket group id'),
  ticketId: Id,
  addons: z
    .array(Id)
    .max(10)
    .optional()
    .describe("add-ons chosen for this seat, of its ticket's add-ons; absent: none"),
  ticketCode: TicketCodeSchema.optional().describe(
    'the code that unlocks the ticket (a voucher, partner card or price code; spec section 5)',
  ),
  ref1: z.string().trim().max(60).optional().describe("the answer to the ticket's ref1prompt"),
  ref2: z.string().trim().max(60).optional().describe("the answer to the ticket's ref2prompt"),
  memberNumber: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,32}$/)
    .optional()
    .describe('a member ticket: the member (of the logged-in account) it is bought as (issue 16)'),
  price: z.number().optional().describe('ignored: the box office prices every seat itself'),
});
export type CartSeat = z.infer<typeof CartSeatSchema>;

export const CartProductSchema = z.object({
  id: Id,
  presentationId: Id.optional().describe("the seats' presentation; absent: a product of the voucher shop"),
  selectedQuantity: z.number().int().min(1).max(20),
  price: z.number().optional().describe('ignored'),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

export const CartVideoSchema = z.object({
  presentationId: Id.describe('a video-on-demand presentation (venue type 101–104)'),
  ticketId: Id,
});
export type CartVideo = z.infer<typeof CartVideoSchema>;

/** PayPal's approval as the wallet hands it back (spec section 3, Paypal info). */
export const PaypalInfoSchema = z
  .object({
    payerId: z.string().min(1).max(64),
    paymentId: z.string().max(64).optional(),
    token: z.string().min(1).max(64).describe("PayPal's order id, as its return address carries it"),
    amount: Agorot.optional(),
    orderId: z.string().min(1).max(64),
  })
  .meta({ id: 'PaypalInfo' });
export type PaypalInfo = z.infer<typeof PaypalInfoSchema>;

/**
 * Part of the total paid from a system voucher's balance (spec section 3, voucherPayments): by the code
 * the customer typed (`systemVoucher`), or by one of the logged-in customer's own gift cards as
 * GET /customer-area/gift-cards lists it (`giftCardId`), whose code the shop never sees.
 */
export const VoucherPaymentSchema = z
  .object({
    amount: z.number().int().positive().describe('agorot taken from the voucher'),
    id: Id.optional(),
    systemVoucher: z
      .string()
      .regex(/^[A-Za-z0-9-]{4,40}$/)
      .optional()
      .describe("the voucher's reference (the code typed)"),
    giftCardId: GiftCardIdSchema.optional().describe(
      "one of the logged-in customer's gift cards (GET /customer-area/gift-cards), instead of its code",
    ),
    systemVoucherItemId: Id.optional(),
  })
  .refine((p) => (p.systemVoucher === undefined) !== (p.giftCardId === undefined), {
    message: 'either systemVoucher or giftCardId',
  });
export type VoucherPayment = z.infer<typeof VoucherPaymentSchema>;

/** How the part not paid by vouchers is paid (product: the spec's cart implies it by which fields are set). */
export const paymentMethods = ['card', 'savedCard', 'paypal', 'blik', 'redirect'] as const;
export const PaymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * Every way a payment of an order is made: the methods above, a gift card's balance, and what a clerk
 * takes at the counter (cash; a card on the venue's own terminal).
 */
export const paymentKinds = [...paymentMethods, 'voucher', 'cash', 'cardPresent'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/**
 * Where a payment of an order came from, as the customer is shown it: the method, the card's brand and
 * last four digits, or a gift card's code masked to its last four characters (the code pays like cash,
 * and the e-ticket link that shows it is passed around).
 */
export const PaymentSourceSchema = z
  .object({
    method: z.enum(paymentKinds),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    giftCard: z
      .string()
      .nullable()
      .describe("a gift card's code with all but its last four characters hidden: ••••7QK2"),
  })
  .meta({ id: 'PaymentSource' });
export type PaymentSource = z.infer<typeof PaymentSourceSchema>;

/** One payment of an order: its source, its amount (and instalments), and what went back of it. */
export const OrderPaymentSchema = PaymentSourceSchema.extend({
  amount: Agorot,
  numberOfPayments: z.number().int().positive(),
  firstPayment: Agorot,
  otherPayments: Agorot,
  approvalCode: z.string().nullable(),
  refunded: Agorot.describe('given back of it so far (a cancellation, a refund by the box office)'),
}).meta({ id: 'OrderPayment' });
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** What of a refund goes back to one payment of the order: to the card, or to a gift card's balance. */
export const RefundPartSchema = PaymentSourceSchema.extend({ amount: Agorot }).meta({ id: 'RefundPart' });
export type RefundPart = z.infer<typeof RefundPartSchema>;

/** The cart payload of POST /payment/commit (spec section 3). Prices sent along are ignored. */
export const CommitCartSchema = z
  .object({
    customerInfo: CustomerInfoSchema,
    paymentMethod: PaymentMethodSchema.optional().describe(
      'card by default; not needed when vouchers pay everything, for a hold, or for a free order',
    ),
    creditcardInfo: CreditCardInfoSchema.optional().describe('card details for paymentMethod card'),
    cardToken: CardTokenSchema.optional(), // Stripe: a ConfirmationToken (cardFields: provider)
    saveMagCard: z.boolean().default(false).describe("keep the card as a token in the customer's account"),
    paymentIdentifier: z
      .string()
      .regex(/^[A-Za-z0-9_-]{6,64}$/)
      .optional()
      .describe('a saved card (MagCard) id, for paymentMethod savedCard'),
    paypal: PaypalInfoSchema.optional().describe("PayPal's approval, sent with the same Idempotency-Key"),
    blikCode: z
      .string()
      .regex(/^\d{6}$/)
      .optional()
      .describe('the 6-digit code from the banking app, for paymentMethod blik'),
    numberOfPayments: z.number().int().min(1).max(36).default(1),
    voucherPayments: z.array(VoucherPaymentSchema).max(5).default([]),
    authProfileId: Id.optional(),
    businessId: Id.optional(),
    locationId: Id.optional().describe("the customer's branch (GET /customer/locations); kept on the order"),
    deliveryAddress: DeliveryAddressSchema.optional().describe(
      'required exactly when a product of the cart has isDeliveryRequired',
    ),
    isHold: z.boolean().default(false).describe('reserve now, pay and collect at the box office'),
    referralMiniSiteId: Id.optional(),
    globalServiceCharge: z.number().optional().describe('ignored: computed by the box office'),
    seats: z.array(CartSeatSchema).max(100).default([]),
    products: z.array(CartProductSchema).max(50).default([]),
    videos: z.array(CartVideoSchema).max(5).default([]),
    memberships: z
      .array(CartMembershipSchema)
      .max(10)
      .default([])
      .describe('memberships bought, renewed or topped up (at most 2: membership_max_quantity)'),
    enrolment: CartEnrolmentSchema.optional().describe('a fixed-seat season enrolment (bought on its own)'),
    vouchers: z
      .array(CartVoucherSchema)
      .max(20)
      .default([])
      .describe('system vouchers bought (a voucher cart holds vouchers and voucher-shop products only)'),
    gift: CartGiftSchema.optional().describe("the cart's gift cards are sent as a gift (issue 35)"),
    donations: z.array(CartDonationSchema).max(20).default([]),
    waiver: CartWaiverSchema.optional().describe(
      "the signed liability waiver, when the seats' presentation needs one",
    ),
  })
  .meta({ id: 'CommitCart' });
export type CommitCart = z.input<typeof CommitCartSchema>;

export const CommitBodySchema = z.object({
  cart: CommitCartSchema,
  miniSiteUrl: z
    .string()
    .max(200)
    .optional()
    .describe('the partner mini-site the order is placed through (its slug)'),
  integrationId: z
    .string()
    .max(100)
    .optional()
    .describe('the entry GET /integration answered, while it lives'),
  recaptchaToken: z.string().max(4000).optional(),
  locale: z.enum(['he', 'en', 'ru', 'ar', 'pl']).optional().describe('language of the e-tickets'),
  returnPath: z
    .string()
    .max(300)
    .regex(/^\/(?![/\\])[^\s]*$/)
    .optional()
    .describe("the shop's page to come back to after a wallet or payment page (a path on this site)"),
});
export type CommitBody = z.input<typeof CommitBodySchema>;

export const OrderTicketSchema = z.object({
  ticketIdentifier: z.string(),
  presentationId: z.number().int(),
  sectionId: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  section: z.string(),
  sectionNames: LocalizedTextSchema.default({}).describe(
    "the section's name per language, from its seat plan; `section` is the name it was sold under",
  ),
  row: z.string(),
  seat: z.string(),
  ticketGroupName: LocalizedTextSchema,
  ticketName: LocalizedTextSchema,
  price: Agorot,
  serviceCharge: Agorot,
  isSubTicket: z.boolean(),
  ticketCode: z
    .string()
    .nullable()
    .default(null)
    .describe('the code that unlocked the ticket: a voucher paid for it, or a partner card or price code'),
  doorCode: z
    .string()
    .optional()
    .describe(
      "what the ticket's QR code holds: its number and presentation, signed by the box office (issue 37)",
    ),
  addons: z
    .array(z.object({ id: z.number().int(), name: LocalizedTextSchema, price: Agorot }))
    .default([])
    .describe('add-ons bought with this seat, at the price paid'),
});
export type OrderTicket = z.infer<typeof OrderTicketSchema>;

export const OrderPresentationSchema = z.object({
  id: z.number().int(),
  title: LocalizedTextSchema,
  category: FeatureCategorySchema,
  venueName: LocalizedTextSchema,
  venueAddress: PlaceAddressSchema.nullable()
    .optional()
    .describe("the venue's street address; absent: the venue has none"),
  hallName: LocalizedTextSchema,
  dateTime: IsoDateTimeSchema,
  isReserved: z.boolean(),
  isDisplayQr: z.boolean(),
});

export const OrderProductSchema = z.object({
  id: z.number().int(),
  presentationId: z.number().int(),
  name: LocalizedTextSchema,
  quantity: z.number().int(),
  unitPrice: Agorot,
  total: Agorot,
});

export const OrderTotalsSchema = z.object({
  tickets: Agorot,
  addons: Agorot.default(0).describe("the seats' add-ons"),
  serviceCharge: Agorot,
  products: Agorot,
  vouchers: Agorot.default(0).describe('system vouchers bought'),
  donations: Agorot.default(0),
  total: Agorot,
});

/** An order as its electronic ticket shows it: what was bought, for which presentations. */
export const OrderDocumentSchema = z
  .object({
    reservationIdentifier: z.string(),
    documentKey: z.string(),
    createdAt: IsoDateTimeSchema,
    locale: z.enum(['he', 'en', 'ru', 'ar', 'pl']),
    customerName: z.string(),
    presentations: z.array(OrderPresentationSchema),
    tickets: z.array(OrderTicketSchema),
    products: z.array(OrderProductSchema),
    serviceChargeLabel: LocalizedTextSchema,
    totals: OrderTotalsSchema,
    isHold: z.boolean().describe('reserved, to be paid and collected at the box office'),
    holdDeadline: IsoDateTimeSchema.nullable().describe('a hold is released if not paid by then'),
    holdExpired: z.boolean(),
    location: z
      .object({ id: z.number().int(), name: LocalizedTextSchema })
      .nullable()
      .describe("the customer's branch, when the order names one"),
    deliveryAddress: z
      .object({ address1: z.string(), city: z.string(), postalCode: z.string() })
      .nullable()
      .describe('where the products sent by post go'),
    vouchers: z
      .array(IssuedVoucherSchema)
      .default([])
      .describe('system vouchers the order issued (empty until it is paid)'),
    donations: z.array(OrderDonationSchema).default([]),
    videos: z
      .array(OrderVideoSchema)
      .default([])
      .describe('videos on demand the order bought, each with its viewing page (empty until it is paid)'),
    donationReceipt: DonationReceiptSchema.nullable()
      .default(null)
      .describe('the donation receipt, once the order is paid'),
    memberships: z.array(OrderMembershipSchema).optional().describe('with member numbers once paid'),
    enrolment: OrderEnrolmentSchema.nullable()
      .optional()
      .describe('a season enrolment order: its seats are the tickets, one in each concert'),
    currency: z
      .object({ code: z.string(), symbol: z.string(), decimals: z.number().int() })
      .optional()
      .describe("the order's amounts are in this currency (absent: the venue's), e.g. a EUR membership"),
    payments: z
      .array(OrderPaymentSchema)
      .default([])
      .describe('how the order was paid, a gift card and a card each a payment (empty for a hold)'),
    hasWaiver: z
      .boolean()
      .default(false)
      .describe('a liability waiver was signed with the order (GET /orders/{reservation}/waiver)'),
    referralMiniSiteId: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe('the partner mini-site the order was placed through (issue 20); null: none'),
  })
  .meta({ id: 'OrderDocument' });
export type OrderDocument = z.infer<typeof OrderDocumentSchema>;

export const DocumentParamsSchema = z.object({
  documentKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});

/** PUT /seats/extend-lock: the one extension of a cart's seat locks. */
export const ExtendLockBodySchema = z.object({ presentationId: Id });
export const ExtendLockAnswerSchema = z.object({
  expiresAt: IsoDateTimeSchema,
  seats: z.number().int(),
});
