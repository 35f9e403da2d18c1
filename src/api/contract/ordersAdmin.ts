import { z } from 'zod';
import { Agorot, Id, IsoDateSchema, IsoDateTimeSchema, LocaleSchema, LocalizedTextSchema } from './common.ts';
import { OrderDonationSchema } from './donations.ts';
import { OrderEnrolmentSchema } from './enrolment.ts';
import { OrderMembershipSchema } from './memberships.ts';
import { paymentKinds } from './order.ts';
import { StaffOrderMessageSchema } from './staff.ts';

/**
 * Serving customers (issue 36): the box office finds an order by whatever the customer brings (the
 * reservation number, a ticket's QR code, their name, phone, e-mail, a card's last four digits, a gift
 * card's code, the show) and sees everything about it; it sends the confirmation again and corrects the
 * customer's details. Staff with the box-office or manager role, and API tokens with those roles.
 */

/**
 * What a search matched: the kinds `q` was read as, or the filters alone. `voucher`: the order sold the
 * gift card or voucher, or paid with it, or redeemed it for tickets.
 */
export const orderMatchKinds = [
  'reservation',
  'ticket',
  'email',
  'phone',
  'cardLast4',
  'voucher',
  'name',
  'presentation',
  'date',
] as const;
export const OrderMatchKindSchema = z.enum(orderMatchKinds);
export type OrderMatchKind = z.infer<typeof OrderMatchKindSchema>;

export const orderStates = ['pending', 'paid', 'held', 'failed', 'cancelled'] as const;
export const OrderStateSchema = z.enum(orderStates);
export type OrderState = z.infer<typeof OrderStateSchema>;

/** A page cursor: the last order's creation instant and reservation number. */
const CursorSchema = z.string().regex(/^\d{1,15}:[A-Z0-9-]{1,40}$/);

export const OrderSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      'free text, read as every kind it can be: a reservation number, a ticket number (what its QR code holds), ' +
        'a gift card or voucher code, an e-mail, an Israeli mobile number, four digits (a card’s last four), ' +
        'else a name (a word of three letters at least)',
    ),
  presentationId: Id.optional().describe('only orders with a ticket to this presentation'),
  date: IsoDateSchema.optional().describe(
    "only orders with a ticket to a show of this business date (venue's)",
  ),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  before: CursorSchema.optional().describe('the previous page’s `next`: older orders'),
});
export type OrderSearchQuery = z.input<typeof OrderSearchQuerySchema>;

export const OrderSearchRowSchema = z
  .object({
    reservationIdentifier: z.string(),
    state: OrderStateSchema,
    createdAt: IsoDateTimeSchema,
    customerName: z.string(),
    email: z.string().nullable(),
    mobileNumber: z.string().nullable(),
    total: Agorot,
    currency: z.string().describe('ISO 4217 code of the amounts'),
    presentations: z.array(
      z.object({ id: z.number().int(), title: LocalizedTextSchema, dateTime: IsoDateTimeSchema }),
    ),
    ticketCount: z.number().int().describe('tickets (not the sub-tickets of a couple seat), in any state'),
    pointOfSale: z.enum(['online', 'box_office']),
    soldBy: z.string().nullable().describe('the clerk who sold it at the box office'),
    matched: z.array(OrderMatchKindSchema),
  })
  .meta({ id: 'OrderSearchRow' });
export type OrderSearchRow = z.infer<typeof OrderSearchRowSchema>;

export const OrderSearchAnswerSchema = z.object({
  orders: z.array(OrderSearchRowSchema).describe('newest first'),
  recognised: z.array(OrderMatchKindSchema).describe('what `q` and the filters were read as'),
  next: CursorSchema.nullable().describe('pass as `before` for older orders; null: no more'),
});
export type OrderSearchAnswer = z.infer<typeof OrderSearchAnswerSchema>;

/** A reservation number in a path (upper case, as the box office gives them). */
export const OrderParamsSchema = z.object({
  reservationIdentifier: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{4,40}$/),
});

const ActorSchema = z.object({ kind: z.enum(['user', 'token', 'system']), id: z.string(), name: z.string() });

export const OrderViewTicketSchema = z.object({
  ticketIdentifier: z.string(),
  presentationId: z.number().int(),
  kind: z.enum(['seat', 'video']),
  section: z.string(),
  sectionNames: LocalizedTextSchema,
  row: z.string(),
  seat: z.string(),
  ticketGroupName: LocalizedTextSchema,
  ticketName: LocalizedTextSchema,
  price: Agorot,
  serviceCharge: Agorot,
  isSubTicket: z.boolean(),
  state: z.enum(['pending', 'valid', 'void', 'cancelled']),
  ticketCode: z.string().nullable(),
  memberNumber: z.string().nullable(),
  adjustmentId: z
    .string()
    .nullable()
    .describe('the staff refund or exchange that cancelled this ticket, or that created it by an exchange'),
  addons: z.array(z.object({ id: z.number().int(), name: LocalizedTextSchema, price: Agorot })),
  entry: z
    .object({
      inside: z.boolean(),
      entries: z.number().int(),
      lastAt: IsoDateTimeSchema.nullable(),
      lastDoor: z.string().nullable(),
    })
    .nullable()
    .describe('where the ticket stands at the doors (issue 37); null: never scanned in'),
});

export const OrderViewPaymentSchema = z.object({
  id: z.string(),
  method: z.enum(paymentKinds),
  provider: z.string(),
  status: z.enum(['pending', 'action_needed', 'approved', 'failed', 'refunded']),
  amount: Agorot,
  refunded: Agorot,
  numberOfPayments: z.number().int(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  giftCard: z.string().nullable().describe("the gift card's whole code (staff see it)"),
  providerRef: z.string().nullable().describe("the provider's own reference of the charge"),
  approvalCode: z
    .string()
    .nullable()
    .describe("the acquirer's approval code (the terminal's reference at the counter)"),
  failureCode: z.string().nullable(),
  failureReason: z.string().nullable(),
  takenBy: z.string().nullable().describe('the clerk who took it at the counter'),
  shiftId: z.string().nullable(),
  tendered: Agorot.nullable().describe('cash handed over (the change was tendered − amount)'),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});

export const OrderViewRefundSchema = z.object({
  id: z.string(),
  amount: Agorot,
  method: z
    .enum(['provider', 'voucher', 'cash', 'card_present'])
    .describe('provider: back through the acquirer'),
  paymentId: z.string().nullable(),
  voucherReference: z.string().nullable(),
  takenBy: z.string().nullable(),
  shiftId: z.string().nullable(),
  adjustmentId: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  doneAt: IsoDateTimeSchema.nullable().describe('null: not yet confirmed by the provider'),
});

export const OrderViewAdjustmentSchema = z.object({
  id: z.string(),
  kind: z.enum(['refund', 'exchange']),
  at: IsoDateTimeSchema,
  actor: ActorSchema,
  reason: z.string(),
  fee: Agorot,
  feeWaivedReason: z.string().nullable(),
  refund: Agorot,
  charge: Agorot,
  detail: z.unknown().describe('the lines it touched'),
});

export const OrderHistoryEntrySchema = z.object({
  at: IsoDateTimeSchema,
  event: z
    .string()
    .describe(
      'order.created, order.confirmed, order.cancelled, payment.<status>, refund.created, refund.done, ' +
        'message.queued, message.sent, adjustment.refund, adjustment.exchange, or an audit action',
    ),
  actor: ActorSchema.nullable().describe('who did it; null: the customer or the box office itself'),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

export const OrderCustomerSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  accountId: z.string().nullable().describe('the customer account it was ordered under; null: a guest'),
});
export type OrderCustomer = z.infer<typeof OrderCustomerSchema>;

export const OrderViewSchema = z
  .object({
    reservationIdentifier: z.string(),
    state: OrderStateSchema,
    isHold: z.boolean(),
    locale: LocaleSchema,
    createdAt: IsoDateTimeSchema,
    confirmedAt: IsoDateTimeSchema.nullable(),
    cancelledAt: IsoDateTimeSchema.nullable(),
    holdDeadline: IsoDateTimeSchema.nullable(),
    failure: z.string().nullable().describe('a failed order: the catalogue code the customer was shown'),
    pointOfSale: z.enum(['online', 'box_office']),
    soldBy: z.string().nullable(),
    currency: z.object({ code: z.string(), symbol: z.string(), decimals: z.number().int() }),
    customer: OrderCustomerSchema,
    totals: z.object({
      tickets: Agorot,
      addons: Agorot,
      serviceCharge: Agorot,
      products: Agorot,
      vouchers: Agorot,
      donations: Agorot,
      memberships: Agorot,
      enrolment: Agorot,
      bookingFee: Agorot,
      total: Agorot,
      cancelFee: Agorot.nullable(),
      refunded: Agorot.describe('every refund of the order so far'),
    }),
    links: z.object({
      eTicket: z.string().nullable().describe('the e-ticket page (paid and held orders)'),
      waiver: z.string().nullable().describe('the signed liability waiver'),
    }),
    presentations: z.array(
      z.object({
        id: z.number().int(),
        title: LocalizedTextSchema,
        dateTime: IsoDateTimeSchema,
        businessDate: IsoDateSchema,
        venueName: LocalizedTextSchema,
        hallName: LocalizedTextSchema,
        calledOff: z.boolean(),
      }),
    ),
    tickets: z.array(OrderViewTicketSchema),
    products: z.array(
      z.object({
        id: z.number().int(),
        presentationId: z.number().int(),
        name: LocalizedTextSchema,
        quantity: z.number().int(),
        refundedQuantity: z.number().int(),
        unitPrice: Agorot,
      }),
    ),
    vouchers: z.array(
      z.object({
        reference: z.string(),
        name: LocalizedTextSchema,
        isStoredValue: z.boolean(),
        price: Agorot,
        balance: z.number().int().describe('a gift card: value left; a ticket voucher: uses left'),
        state: z.enum(['active', 'cancelled', 'scanned']),
      }),
    ),
    donations: z.array(OrderDonationSchema),
    memberships: z.array(OrderMembershipSchema),
    enrolment: OrderEnrolmentSchema.nullable(),
    payments: z.array(OrderViewPaymentSchema),
    refunds: z.array(OrderViewRefundSchema),
    adjustments: z.array(OrderViewAdjustmentSchema),
    messages: z.array(StaffOrderMessageSchema),
    history: z.array(OrderHistoryEntrySchema).describe('newest first'),
  })
  .meta({ id: 'OrderView' });
export type OrderView = z.infer<typeof OrderViewSchema>;

export const OrderResendBodySchema = z.object({
  channel: z.enum(['email', 'sms']),
  to: z
    .string()
    .trim()
    .max(254)
    .optional()
    .describe("a corrected address for this message; absent: the order's own"),
});
export type OrderResendBody = z.infer<typeof OrderResendBodySchema>;

export const OrderCustomerBodySchema = z
  .object({
    firstName: z.string().trim().max(200).optional(),
    lastName: z.string().trim().max(200).optional(),
    email: z.string().trim().max(300).optional(),
    mobileNumber: z.string().trim().max(40).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change');
export type OrderCustomerBody = z.infer<typeof OrderCustomerBodySchema>;
