/**
 * Money taken at the counter (issue 36): cash, a card on the venue's terminal, gift cards, or a mix.
 * Pure, shared by the counter screen (to show what is left and the change) and the box office (to
 * enforce it). Amounts are agorot.
 */

export interface CounterTender {
  method: 'cash' | 'cardPresent' | 'giftCard';
  amount: number;
  /** Cash: what the customer handed over. */
  tendered?: number;
  /** Gift cards: the code. */
  reference?: string;
}

export type CounterProblem =
  | { code: 'counter_payment_mismatch'; due: number; paid: number }
  | { code: 'cash_tendered_short'; amount: number; tendered: number }
  | { code: 'counter_cash_twice' }
  | { code: 'voucher_twice'; reference: string };

/** What the payments still leave to pay (negative: they pay too much). */
export function counterLeft(due: number, payments: readonly CounterTender[]): number {
  return due - payments.reduce((s, p) => s + p.amount, 0);
}

/** The change to hand back: cash tendered beyond the cash payment's amount (only cash gives change). */
export function changeDue(payments: readonly CounterTender[]): number {
  return payments.reduce(
    (s, p) => s + (p.method === 'cash' ? Math.max(0, (p.tendered ?? p.amount) - p.amount) : 0),
    0,
  );
}

/**
 * Why these payments cannot pay `due`, or null: together exactly `due`; one cash payment at most (its
 * tendered amount gives the change), at least its amount handed over; each gift card once.
 */
export function counterProblem(due: number, payments: readonly CounterTender[]): CounterProblem | null {
  const cash = payments.filter((p) => p.method === 'cash');
  if (cash.length > 1) return { code: 'counter_cash_twice' };
  for (const p of cash)
    if ((p.tendered ?? 0) < p.amount)
      return { code: 'cash_tendered_short', amount: p.amount, tendered: p.tendered ?? 0 };
  const seen = new Set<string>();
  for (const p of payments) {
    if (p.method !== 'giftCard') continue;
    const reference = (p.reference ?? '').toUpperCase();
    if (seen.has(reference)) return { code: 'voucher_twice', reference };
    seen.add(reference);
  }
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  if (paid !== due) return { code: 'counter_payment_mismatch', due, paid };
  return null;
}
