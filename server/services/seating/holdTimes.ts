import type { LockTimer } from '../../../src/api/contract/presentations.ts';

/** How long a lock lives: the whole order flow, i.e. the sum of the presentation's step timers. */
export function lockTtlMs(lockTimer: LockTimer): number {
  return (
    (lockTimer.chooseSeatsInSeconds +
      lockTimer.chooseTicketsInSeconds +
      lockTimer.customerInfoInSeconds +
      lockTimer.chooseProductsInSeconds) *
    1000
  );
}

/** The one extension of a cart's timer: the longest step's length. */
export function extensionMs(lockTimer: LockTimer): number {
  return (
    Math.max(
      lockTimer.chooseSeatsInSeconds,
      lockTimer.chooseTicketsInSeconds,
      lockTimer.customerInfoInSeconds,
      lockTimer.chooseProductsInSeconds,
    ) * 1000
  );
}

/**
 * The longest a seat stays in a cart from its first lock: the whole flow and its one extension. A seat
 * taken again at once from the same address continues its hold (holds.ts), within this span too.
 */
export function cartHoldMs(lockTimer: LockTimer): number {
  return lockTtlMs(lockTimer) + extensionMs(lockTimer);
}

/**
 * The longest a hold may live from its first lock: the whole flow, its one extension, and one payment
 * window (a payment under way keeps its seats, but re-trying payments cannot keep them forever).
 */
export function holdLifetimeMs(lockTimer: LockTimer, paymentWindowMs: number): number {
  return cartHoldMs(lockTimer) + paymentWindowMs;
}
