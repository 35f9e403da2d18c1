import type { ErrorCode } from '../../../src/api/contract/errors.ts';
import type { PaymentMethodName } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { DeclineReason } from '../payments/provider.ts';

/** What the customer is told when a provider refuses a payment (spec section 8, payment errors). */
export function declineError(
  method: PaymentMethodName,
  reason: DeclineReason,
  message: string | null,
): AppError {
  const simple: Partial<Record<DeclineReason, ErrorCode>> = {
    authentication_failed: 'three_ds_failed',
    blik_code_invalid: 'blik_code_invalid',
    blik_code_expired: 'blik_code_expired',
    blik_declined: 'blik_declined',
    blik_timeout: 'blik_timeout',
    wallet_declined: 'wallet_error',
    expired: 'payment_expired',
  };
  if (reason === 'cancelled')
    return method === 'paypal'
      ? new AppError('wallet_cancelled', 'the PayPal payment was cancelled')
      : new AppError('payment_cancelled', 'order cancelled, reloading');
  const code = simple[reason];
  if (code) return new AppError(code, `the payment was refused: ${reason}`, { reason });
  if (method === 'redirect')
    return new AppError('payment_provider_error', message ?? `the payment page answered: ${reason}`, {
      reason,
      message: message ?? reason,
    });
  return new AppError('errorResponse', `cannot perform the transaction: ${reason}`, { reason });
}

/** The failure as stored with the order, so that asking again answers the same error. */
export function failureJson(err: AppError): string {
  return JSON.stringify({ code: err.code, message: err.message, params: err.params ?? null });
}

export function failureFromJson(json: string | null): AppError {
  if (!json) return new AppError('paymentError', 'the payment could not be completed');
  const f = JSON.parse(json) as {
    code: ErrorCode;
    message: string;
    params: Record<string, string | number> | null;
  };
  return new AppError(f.code, f.message, f.params ?? undefined);
}
