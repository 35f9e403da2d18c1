import { z } from 'zod';
import { Agorot, Id, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { FeatureCategorySchema } from './presentations.ts';

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
  price: z.number().optional().describe('ignored: the box office prices every seat itself'),
});
export type CartSeat = z.infer<typeof CartSeatSchema>;

export const CartProductSchema = z.object({
  id: Id,
  presentationId: Id,
  selectedQuantity: z.number().int().min(1).max(20),
  price: z.number().optional().describe('ignored'),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

const NotOffered = z
  .array(z.unknown())
  .max(0, 'not offered with seat orders')
  .optional()
  .describe('not offered with seat orders yet: must be empty');

/** The cart payload of POST /payment/commit (spec section 3). */
export const CommitCartSchema = z
  .object({
    customerInfo: CustomerInfoSchema,
    creditcardInfo: CreditCardInfoSchema.optional().describe('required when the total is above zero'),
    numberOfPayments: z.number().int().min(1).max(36).default(1),
    saveMagCard: z.literal(false).optional(),
    authProfileId: Id.optional(),
    businessId: Id.optional(),
    locationId: Id.optional(),
    isHold: z.literal(false).optional().describe('hold orders need a logged-in member'),
    referralMiniSiteId: Id.optional(),
    globalServiceCharge: z.number().optional().describe('ignored: computed by the box office'),
    seats: z.array(CartSeatSchema).min(1).max(100),
    products: z.array(CartProductSchema).max(50).default([]),
    voucherPayments: NotOffered,
    memberships: NotOffered,
    vouchers: NotOffered,
    donations: NotOffered,
  })
  .meta({ id: 'CommitCart' });
export type CommitCart = z.input<typeof CommitCartSchema>;

export const CommitBodySchema = z.object({
  cart: CommitCartSchema,
  miniSiteUrl: z.string().max(200).optional(),
  recaptchaToken: z.string().max(4000).optional(),
  locale: z.enum(['he', 'en', 'ru', 'ar', 'pl']).optional().describe('language of the e-tickets'),
});
export type CommitBody = z.input<typeof CommitBodySchema>;

export const OrderTicketSchema = z.object({
  ticketIdentifier: z.string(),
  presentationId: z.number().int(),
  sectionId: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  section: z.string(),
  row: z.string(),
  seat: z.string(),
  ticketGroupName: LocalizedTextSchema,
  ticketName: LocalizedTextSchema,
  price: Agorot,
  serviceCharge: Agorot,
  isSubTicket: z.boolean(),
});
export type OrderTicket = z.infer<typeof OrderTicketSchema>;

export const OrderPresentationSchema = z.object({
  id: z.number().int(),
  title: LocalizedTextSchema,
  category: FeatureCategorySchema,
  venueName: LocalizedTextSchema,
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
  serviceCharge: Agorot,
  products: Agorot,
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
  })
  .meta({ id: 'OrderDocument' });
export type OrderDocument = z.infer<typeof OrderDocumentSchema>;

export const CommitAnswerSchema = z
  .object({
    reservationIdentifier: z.string(),
    ticketIdentifiers: z.array(z.string()),
    documentKey: z.string(),
    order: OrderDocumentSchema,
    payment: z.object({
      amount: Agorot,
      numberOfPayments: z.number().int(),
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      approvalCode: z.string().nullable(),
    }),
    email: z.string().nullable(),
    orderReceivedUrl: z.string().nullable(),
  })
  .meta({ id: 'CommitAnswer' });
export type CommitAnswer = z.infer<typeof CommitAnswerSchema>;

export const DocumentParamsSchema = z.object({
  documentKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});

/** PUT /seats/extend-lock: the one extension of a cart's seat locks. */
export const ExtendLockBodySchema = z.object({ presentationId: Id });
export const ExtendLockAnswerSchema = z.object({
  expiresAt: IsoDateTimeSchema,
  seats: z.number().int(),
});
