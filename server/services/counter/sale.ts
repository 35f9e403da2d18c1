import type { z } from 'zod';
import type { CounterSale, CounterSaleBodySchema } from '../../../src/api/contract/counterSale.ts';
import { CommitBodySchema } from '../../../src/api/contract/order.ts';
import { counterCustomerInfo, counterCustomerProblems } from '../../../src/domain/counterCustomer.ts';
import { changeDue } from '../../../src/domain/payment/counter.ts';
import { AppError } from '../../errors.ts';
import { commitCheckout } from '../checkout/commit.ts';
import type { CheckoutDeps } from '../checkout/deps.ts';
import { formValidationError } from '../customers/customerInfo.ts';
import type { Clerk } from './shifts.ts';

export type CounterSaleInput = z.output<typeof CounterSaleBodySchema>;

/** Where the sale was made from: the clerk's browser (or the venue's system), for the order's record. */
export interface CounterRequest {
  address: string;
  userAgent: string | null;
}

/**
 * A sale at the counter (issue 36) through the one checkout: every line is validated as an online
 * order's is (the visitor's seat locks, seat and ticket rules, limits, prices from the database), the
 * clerk's payments pay what is due and go into their shift, and the order is confirmed at once as a
 * box-office sale. The customer owes no e-mail or form; a name or phone given is checked and kept.
 * The same Idempotency-Key answers the first sale again (the change with it), never a second one.
 */
export async function sellAtCounter(
  deps: CheckoutDeps,
  clerk: Clerk,
  visitor: string,
  idempotencyKey: string,
  input: CounterSaleInput,
  from: CounterRequest,
): Promise<CounterSale> {
  const problems = counterCustomerProblems(input.customer);
  if (problems.length) throw formValidationError(problems, 'counter customer');
  // The shop's commit body, its defaults filled by the same schema: a cart paid by nothing of its own.
  const parsed = CommitBodySchema.safeParse({
    cart: { ...input.cart, customerInfo: counterCustomerInfo(input.customer) },
    ...(input.locale ? { locale: input.locale } : {}),
  });
  if (!parsed.success) throw new AppError('formValidation', `counter cart: ${parsed.error.message}`);
  const body = parsed.data;
  const answer = await commitCheckout(deps, visitor, idempotencyKey, body, null, {
    ...from,
    staffUsername: clerk.username,
    counter: { clerk, payments: input.payments },
  });
  // The checkout confirms a counter sale in its own call: it never waits on a provider.
  if (answer.status !== 'completed')
    throw new AppError('paymentError', `counter sale ${answer.reservationIdentifier} is not completed`);
  return { ...answer, change: changeDue(input.payments) };
}
