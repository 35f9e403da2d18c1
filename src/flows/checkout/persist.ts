import type { PaymentSummary } from '../../api/contract/checkout.ts';
import type { CommitBody } from '../../api/contract/order.ts';

/**
 * What the checkout keeps while the customer is away on PayPal or a payment page: the attempt's
 * idempotency key and request (without card details, which these methods never take in the shop) and
 * the flow's own state. Kept for this browser tab only (sessionStorage), for an hour at most.
 */
export interface RedirectState {
  reservationIdentifier: string;
  attemptKey: string;
  method: PaymentSummary['method'];
  body: CommitBody;
  flow: unknown;
  savedAt?: number;
}

const KEY = 'checkout:redirect';
const MAX_AGE_MS = 3_600_000;

export function saveRedirect(s: RedirectState): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...s, savedAt: Date.now() }));
  } catch {
    // Storage refused (private mode, quota): the return then shows the payment's outcome only.
  }
}

/** The saved state of the payment that came back, if it is this one's and fresh. */
export function loadRedirect(reservationIdentifier: string): RedirectState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as RedirectState;
    if (s.reservationIdentifier !== reservationIdentifier) return null;
    if (!s.savedAt || Date.now() - s.savedAt > MAX_AGE_MS) return null;
    return s;
  } catch {
    return null;
  }
}

export function clearRedirect(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
