import { z } from 'zod';
import { Agorot, Id, LocalizedTextSchema } from './common.ts';
import { CounterPaymentsSchema } from './counter.ts';
import { RefundPartSchema } from './order.ts';

/**
 * Staff changes to a paid order (issue 36): a refund of the whole order or of chosen lines, and an
 * exchange of tickets to another presentation of the same feature. Money moves back to each payment it
 * came from (gift cards, the card or wallet through the acquirer, cash or the terminal at the counter);
 * the quote calls answer exactly what the change would do, without doing it.
 */

const TicketIdSchema = z.string().trim().min(1).max(40);

/** What a refund takes back: the whole order, or chosen tickets and product quantities. */
export const RefundSelectionSchema = z
  .object({
    whole: z.boolean().default(false).describe('the whole order: every line, the order cancelled'),
    tickets: z.array(TicketIdSchema).max(200).default([]).describe('ticket identifiers of the order'),
    products: z
      .array(z.object({ presentationId: Id, productId: Id, quantity: z.number().int().positive().max(999) }))
      .max(50)
      .default([]),
    /** venue: the venue's cancellation fee is kept (and the service charges); waived: everything back. */
    fee: z.enum(['venue', 'waived']).default('venue'),
    feeWaivedReason: z.string().trim().max(500).optional(),
  })
  .meta({ id: 'RefundSelection' });
export type RefundSelection = z.infer<typeof RefundSelectionSchema>;

export const RefundRequestSchema = RefundSelectionSchema.extend({
  reason: z.string().trim().min(3).max(500).describe('why the money goes back (the audit log keeps it)'),
}).meta({ id: 'RefundRequest' });
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** Where the refund goes: each payment's part; what is given back at the counter is among them (cash, cardPresent). */
export const RefundQuoteSchema = z
  .object({
    reservationIdentifier: z.string(),
    whole: z.boolean(),
    tickets: z.number().int().nonnegative().describe('tickets taken back'),
    products: z.number().int().nonnegative().describe('product items taken back'),
    value: Agorot.describe('what the lines taken back cost'),
    feeName: LocalizedTextSchema.describe("the venue's name for its cancellation fee"),
    fee: Agorot.describe('the venue keeps this (0 when waived)'),
    kept: Agorot.describe('service charges and booking fee kept besides the fee'),
    refund: Agorot,
    parts: z.array(RefundPartSchema),
    atCounter: Agorot.describe('of the refund, what the clerk gives back at the counter now'),
    currency: z.string().nullable(),
  })
  .meta({ id: 'RefundQuote' });
export type RefundQuote = z.infer<typeof RefundQuoteSchema>;

export const RefundAnswerSchema = RefundQuoteSchema.extend({
  adjustmentId: z.string(),
  orderState: z.enum(['paid', 'held', 'cancelled']),
}).meta({ id: 'RefundAnswer' });
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;

/**
 * An exchange: `tickets` of the order (of one presentation) move to seats the clerk holds (under the
 * request's `uuid`) at `presentationId`, another presentation of the same feature, each with a ticket
 * type. The old seats are freed only in the transaction that sells the new ones.
 */
export const ExchangeSelectionSchema = z
  .object({
    tickets: z.array(TicketIdSchema).min(1).max(50),
    presentationId: Id,
    seats: z
      .array(z.object({ section: Id, x: z.number().int(), y: z.number().int(), tg: Id, ticketId: Id }))
      .min(1)
      .max(50),
  })
  .meta({ id: 'ExchangeSelection' });
export type ExchangeSelection = z.infer<typeof ExchangeSelectionSchema>;

export const ExchangeRequestSchema = ExchangeSelectionSchema.extend({
  reason: z.string().trim().min(3).max(500),
  /** When the new tickets cost more: what the clerk takes for the difference. */
  payments: CounterPaymentsSchema.optional(),
}).meta({ id: 'ExchangeRequest' });
export type ExchangeRequest = z.infer<typeof ExchangeRequestSchema>;

export const ExchangeQuoteSchema = z
  .object({
    reservationIdentifier: z.string(),
    oldValue: Agorot.describe('the tickets given back: prices, add-ons and service charges'),
    newValue: Agorot.describe('the new tickets at the box office’s prices'),
    /** newValue − oldValue: positive is charged (counter payments), negative refunded to the order's payments. */
    difference: z.number().int(),
    parts: z.array(RefundPartSchema).describe('where a negative difference goes back'),
    atCounter: Agorot,
    currency: z.string().nullable(),
  })
  .meta({ id: 'ExchangeQuote' });
export type ExchangeQuote = z.infer<typeof ExchangeQuoteSchema>;

export const ExchangeAnswerSchema = ExchangeQuoteSchema.extend({
  adjustmentId: z.string(),
  tickets: z.array(z.string()).describe('the new tickets’ identifiers'),
  change: Agorot,
}).meta({ id: 'ExchangeAnswer' });
export type ExchangeAnswer = z.infer<typeof ExchangeAnswerSchema>;
