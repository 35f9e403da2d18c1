import { z } from 'zod';
import { Agorot, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { OrderDocumentSchema, paymentKinds } from './order.ts';

/**
 * What POST /payment/commit answers (and GET /payment/status/{reservationIdentifier} answers again):
 * the completed order, or the action the customer must take before the payment can be approved.
 * A refusal (declined card, failed 3-D Secure, expired Blik code, ...) is an error from the catalogue.
 */

/** One payment of an order: its method, amount and what the provider reported (never the card). */
export const PaymentSummarySchema = z
  .object({
    method: z.enum(paymentKinds),
    amount: Agorot,
    numberOfPayments: z.number().int().positive(),
    firstPayment: Agorot,
    otherPayments: Agorot,
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    approvalCode: z.string().nullable(),
    voucherReference: z.string().nullable(),
  })
  .meta({ id: 'PaymentSummary' });
export type PaymentSummary = z.infer<typeof PaymentSummarySchema>;

export const CheckoutCompletedSchema = z
  .object({
    status: z.literal('completed'),
    reservationIdentifier: z.string(),
    ticketIdentifiers: z.array(z.string()),
    documentKey: z.string(),
    order: OrderDocumentSchema,
    payments: z.array(PaymentSummarySchema),
    isHold: z.boolean(),
    holdDeadline: IsoDateTimeSchema.nullable(),
    email: z.string().nullable(),
    orderReceivedUrl: z.string().nullable(),
  })
  .meta({ id: 'CheckoutCompleted' });
export type CheckoutCompleted = z.infer<typeof CheckoutCompletedSchema>;

/** What the customer must do before the provider can approve (spec section 4). */
export const PaymentActionSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('challenge'),
      url: z.string().describe("the card issuer's 3-D Secure page, shown in a frame"),
    }),
    z.object({
      type: z.literal('redirect'),
      url: z.string().describe("the wallet's or the payment provider's page; it sends the customer back"),
      provider: z.enum(['paypal', 'hosted']),
    }),
    z.object({
      type: z.literal('blik'),
      expiresAt: IsoDateTimeSchema.describe('the customer must confirm in the banking app before then'),
    }),
  ])
  .meta({ id: 'PaymentAction' });
export type PaymentAction = z.infer<typeof PaymentActionSchema>;

export const CheckoutActionSchema = z
  .object({
    status: z.literal('action_required'),
    reservationIdentifier: z.string(),
    paymentId: z.string(),
    method: z.enum(paymentKinds),
    amount: Agorot,
    action: PaymentActionSchema,
    paymentDeadline: IsoDateTimeSchema.describe('the payment is given up after this'),
  })
  .meta({ id: 'CheckoutAction' });
export type CheckoutAction = z.infer<typeof CheckoutActionSchema>;

export const CheckoutAnswerSchema = z
  .discriminatedUnion('status', [CheckoutCompletedSchema, CheckoutActionSchema])
  .meta({ id: 'CheckoutAnswer' });
export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>;

export const PaymentOrderParamsSchema = z.object({
  reservationIdentifier: z.string().regex(/^[A-Z0-9]{6,20}$/),
});

export const CancelPaymentAnswerSchema = z.object({
  reservationIdentifier: z.string(),
  state: z.literal('failed'),
});

/** GET /payment/voucher-balance: what a system voucher can pay (the voucher-payment dialog). */
export const VoucherBalanceQuerySchema = z.object({
  reference: z.string().regex(/^[A-Za-z0-9-]{4,40}$/),
});
export const VoucherBalanceSchema = z
  .object({
    reference: z.string(),
    name: LocalizedTextSchema,
    balance: Agorot.describe('what the voucher can pay now'),
    endDate: IsoDateTimeSchema,
  })
  .meta({ id: 'VoucherBalance' });
export type VoucherBalance = z.infer<typeof VoucherBalanceSchema>;
