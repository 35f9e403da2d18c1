import { z } from 'zod';
import { CheckoutCompletedSchema } from './checkout.ts';
import { Agorot } from './common.ts';
import { CounterPaymentsSchema } from './counter.ts';
import { CommitBodySchema, CommitCartSchema } from './order.ts';

/**
 * A sale at the counter (issue 36), POST /api/admin/counter/sales: the shop's cart of seats (held by the
 * `uuid` header's visitor, as the shop holds them) and products, paid by what the clerk took.
 */

/** The shop's commit cart, less what the customer's own payment and form carry (the clerk's take it). */
export const CounterCartSchema = CommitCartSchema.pick({ seats: true, products: true, waiver: true }).meta({
  id: 'CounterCart',
});

/** For the record, both optional; what is given is checked as the shop's form checks it. */
export const CounterCustomerSchema = z
  .object({
    name: z.string().max(60).optional().describe('the whole name, as the customer gives it'),
    phone: z.string().max(20).optional().describe('an Israeli mobile number'),
  })
  .meta({ id: 'CounterCustomer' });

export const CounterSaleBodySchema = z.object({
  cart: CounterCartSchema,
  payments: CounterPaymentsSchema.describe(
    'cash, a card on the venue terminal, gift cards: together exactly the total',
  ),
  customer: CounterCustomerSchema.optional(),
  locale: CommitBodySchema.shape.locale,
});
export type CounterSaleBody = z.input<typeof CounterSaleBodySchema>;

/** The completed order, as the shop's checkout answers it, and the change to hand back. */
export const CounterSaleAnswerSchema = CheckoutCompletedSchema.extend({
  change: Agorot.describe('cash to hand back: what was tendered beyond the cash payment'),
}).meta({ id: 'CounterSale' });
export type CounterSale = z.infer<typeof CounterSaleAnswerSchema>;
