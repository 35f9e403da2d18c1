import { z } from 'zod';
import { Agorot } from './common.ts';

/**
 * What a clerk takes at the counter (issue 36): cash (what the customer handed over; the change is
 * `tendered - amount`), a card on the venue's own terminal (its reference, and the card's last four
 * digits when the clerk types them, so the order is found by them later), or a gift card's balance. A
 * sale, a collected hold or an exchange's difference may be paid by several of them; together they pay
 * exactly what is due.
 */
export const CounterPaymentSchema = z
  .discriminatedUnion('method', [
    z.object({
      method: z.literal('cash'),
      amount: Agorot.positive(),
      tendered: Agorot.describe('what the customer handed over; at least `amount`'),
    }),
    z.object({
      method: z.literal('cardPresent'),
      amount: Agorot.positive(),
      reference: z.string().trim().min(1).max(40).describe("the terminal's approval or transaction number"),
      last4: z
        .string()
        .regex(/^\d{4}$/)
        .optional(),
    }),
    z.object({
      method: z.literal('giftCard'),
      amount: Agorot.positive(),
      reference: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{4,40}$/)
        .describe("the gift card's code"),
    }),
  ])
  .meta({ id: 'CounterPayment' });
export type CounterPayment = z.infer<typeof CounterPaymentSchema>;

export const CounterPaymentsSchema = z.array(CounterPaymentSchema).min(1).max(8);
