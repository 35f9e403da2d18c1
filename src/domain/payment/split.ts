/**
 * How an order's total is paid: part by vouchers (each up to its balance), the rest by one other method,
 * possibly in instalments. Pure, shared by the shop (to show it) and the box office (to enforce it).
 * Amounts are agorot.
 */

export interface Instalments {
  count: number;
  /** The first payment carries the remainder of the division, as Israeli acquirers split it. */
  first: number;
  /** Each of the other `count - 1` payments. */
  others: number;
}

/** Splits `amount` into `count` instalments whose sum is exactly `amount`. */
export function splitInstalments(amount: number, count: number): Instalments {
  const n = Math.max(1, Math.floor(count));
  const others = Math.floor(amount / n);
  return { count: n, first: amount - others * (n - 1), others };
}

export interface VoucherApplication {
  reference: string;
  amount: number;
  /** What the voucher may still pay (its balance less what pending orders have set aside). */
  available: number;
}

export type VoucherSplitProblem =
  | { code: 'voucher_amount_invalid'; reference: string }
  | { code: 'voucherBalance'; reference: string }
  | { code: 'voucher_over_total' }
  | { code: 'voucher_twice'; reference: string };

/**
 * Checks voucher payments against the amount due: each a positive whole amount within what the voucher
 * can still pay, each voucher once, together no more than the total. Answers the rest to pay otherwise.
 */
export function splitByVouchers(
  total: number,
  vouchers: readonly VoucherApplication[],
): { ok: true; byVouchers: number; rest: number } | { ok: false; problem: VoucherSplitProblem } {
  const seen = new Set<string>();
  let byVouchers = 0;
  for (const v of vouchers) {
    if (seen.has(v.reference))
      return { ok: false, problem: { code: 'voucher_twice', reference: v.reference } };
    seen.add(v.reference);
    if (!Number.isInteger(v.amount) || v.amount <= 0)
      return { ok: false, problem: { code: 'voucher_amount_invalid', reference: v.reference } };
    if (v.amount > v.available)
      return { ok: false, problem: { code: 'voucherBalance', reference: v.reference } };
    byVouchers += v.amount;
  }
  if (byVouchers > total) return { ok: false, problem: { code: 'voucher_over_total' } };
  return { ok: true, byVouchers, rest: total - byVouchers };
}

/** The most a voucher with `available` left can pay towards `due` (what the voucher dialog offers). */
export function voucherAmountFor(available: number, due: number): number {
  return Math.max(0, Math.min(available, due));
}
