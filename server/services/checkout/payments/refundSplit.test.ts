import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitRefund } from './refundSplit.ts';

type Method = 'card' | 'voucher' | 'paypal';
const pay = (
  id: string,
  method: Method,
  amount: number,
  over: { ref?: string | null; refunded?: number; at?: number } = {},
) => ({
  id,
  method,
  amount,
  refunded_amount: over.refunded ?? 0,
  voucher_reference: method === 'voucher' ? (over.ref ?? id) : null,
  provider_ref: method === 'voucher' ? null : over.ref === undefined ? `tx_${id}` : over.ref,
  created_at: over.at ?? 1,
});

const amounts = (s: ReturnType<typeof splitRefund>) => s.parts.map((p) => [p.payment.id, p.amount]);

describe('splitRefund', () => {
  it('gives the gift cards back first, in code order, then the card', () => {
    const payments = [
      pay('card', 'card', 5000),
      pay('g2', 'voucher', 2000, { ref: 'ZZZ' }),
      pay('g1', 'voucher', 3000, { ref: 'AAA' }),
    ];
    expect(amounts(splitRefund(payments, 9000))).toEqual([
      ['g1', 3000],
      ['g2', 2000],
      ['card', 4000],
    ]);
    // A refund smaller than the gift cards' part never reaches the card.
    expect(amounts(splitRefund(payments, 4000))).toEqual([
      ['g1', 3000],
      ['g2', 1000],
    ]);
  });

  it('gives no payment more than it kept, and leaves for the box office what none can take', () => {
    const payments = [
      pay('g', 'voucher', 3000, { refunded: 1000 }),
      pay('cash', 'card', 4000, { ref: null }),
      pay('old', 'paypal', 1000, { at: 0 }),
    ];
    const split = splitRefund(payments, 6000);
    expect(amounts(split)).toEqual([
      ['g', 2000],
      ['old', 1000],
    ]);
    expect(split.left).toBe(3000);
  });

  it('always shares out exactly the refund, within each payment', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            method: fc.constantFrom<Method>('card', 'voucher', 'paypal'),
            amount: fc.integer({ min: 1, max: 50_000 }),
            refunded: fc.integer({ min: 0, max: 50_000 }),
          }),
          { maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 200_000 }),
        (rows, refund) => {
          const payments = rows.map((r, i) =>
            pay(`p${i}`, r.method, r.amount, { refunded: Math.min(r.refunded, r.amount) }),
          );
          const split = splitRefund(payments, refund);
          const total = split.parts.reduce((s, p) => s + p.amount, 0);
          expect(total + split.left).toBe(refund);
          for (const p of split.parts) {
            expect(p.amount).toBeGreaterThan(0);
            expect(p.amount).toBeLessThanOrEqual(p.payment.amount - p.payment.refunded_amount);
          }
          const firstCard = split.parts.findIndex((p) => p.payment.method !== 'voucher');
          if (firstCard >= 0)
            expect(split.parts.slice(firstCard).every((p) => p.payment.method !== 'voucher')).toBe(true);
        },
      ),
    );
  });
});
