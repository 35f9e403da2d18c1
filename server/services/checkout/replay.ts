import { createHash } from 'node:crypto';
import type { CheckoutAnswer } from '../../../src/api/contract/checkout.ts';
import type { CounterPayment } from '../../../src/api/contract/counter.ts';
import { cardLast4 } from '../../../src/domain/validation.ts';
import { AppError } from '../../errors.ts';
import type { CommitInput } from './commit.ts';
import type { CheckoutDeps } from './deps.ts';
import { advanceOrder } from './settle.ts';

/**
 * The request's fingerprint for idempotency: the cart without card data, PayPal's approval or a Blik code
 * (and what a clerk took at the counter).
 */
export function fingerprint(body: CommitInput, counter?: readonly CounterPayment[]): string {
  const { creditcardInfo, paypal: _paypal, blikCode: _blik, ...cart } = body.cart;
  const card = creditcardInfo
    ? { last4: cardLast4(creditcardInfo.number), expiry: creditcardInfo.expiry }
    : null;
  return createHash('sha256')
    .update(JSON.stringify(counter ? { ...cart, card, counter } : { ...cart, card }))
    .digest('hex');
}

/** The first attempt's outcome for a repeated Idempotency-Key, moved on as far as the provider allows. */
export async function replay(
  deps: CheckoutDeps,
  visitor: string,
  key: string,
  print: string,
  body: CommitInput,
): Promise<CheckoutAnswer | null> {
  const row = await deps.db
    .selectFrom('commit_attempts')
    .selectAll()
    .where('visitor', '=', visitor)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.fingerprint !== print)
    throw new AppError('idempotency_key_reused', 'this Idempotency-Key was used for a different cart');
  if (!row.reservation_identifier)
    throw new AppError('paymentError', 'this payment is still being processed');
  // A twin of a request still talking to the provider waits for it, so both answer the same outcome.
  const until = deps.clock.now() + IN_FLIGHT_WAIT_MS;
  for (let waited = 0; ; waited += 100) {
    try {
      return await advanceOrder(deps, row.reservation_identifier, body.cart.paypal);
    } catch (err) {
      const inFlight = err instanceof AppError && err.code === 'paymentError';
      if (!inFlight || waited >= IN_FLIGHT_WAIT_MS || deps.clock.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** How long a repeated request waits for the first one's provider call before answering 'still processing'. */
const IN_FLIGHT_WAIT_MS = 15_000;
