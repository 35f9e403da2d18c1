import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideMember, decideVoucher, type DoorVoucher } from './passes.ts';
import { PASSING, VERDICTS } from './verdict.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-22T18:00:00Z');
const SHOW = { presentationId: 7, businessDate: '2026-11-22' };

const voucher = (over: Partial<DoorVoucher> = {}): DoorVoucher => ({
  giftCard: false,
  state: 'active',
  forReplacement: false,
  startDate: NOW - DAY,
  endDate: NOW + 30 * DAY,
  validDate: null,
  usesLeft: 2,
  payable: [SHOW],
  ...over,
});

/**
 * Vouchers and membership cards at the door (issue 37): a ticket voucher lets in as many people as it
 * has uses and then says it is used up, whatever the order of scans; every refusal has its reason.
 */
describe('passes at the door', () => {
  it('lets a ticket voucher in once per use, then says it is used up (any scans, in or out)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.constantFrom<'in' | 'out'>('in', 'out'), { maxLength: 20 }),
        (uses, directions) => {
          let v = voucher({ usesLeft: uses });
          let admitted = 0;
          for (const direction of directions) {
            const d = decideVoucher(v, { direction, at: NOW });
            if (direction === 'out') expect(d.verdict).toBe('exited');
            else if (admitted < uses) expect(d.verdict).toBe('voucher_admitted');
            else expect(d.verdict).toBe('voucher_used_up');
            if (d.verdict === 'voucher_admitted') {
              admitted++;
              expect(d.presentationId).toBe(SHOW.presentationId);
            }
            expect(d.usesLeft).toBe(uses - admitted);
            expect(d.state).toBe(admitted === uses ? 'scanned' : 'active');
            v = { ...v, usesLeft: d.usesLeft, state: d.state };
          }
          expect(admitted).toBe(Math.min(uses, directions.filter((x) => x === 'in').length));
        },
      ),
    );
  });

  it('refuses a gift card, and a voucher cancelled, not begun, expired or for another show, with its reason', () => {
    const at = { direction: 'in' as const, at: NOW };
    expect(decideVoucher(voucher({ giftCard: true }), at).verdict).toBe('gift_card');
    expect(decideVoucher(voucher({ state: 'cancelled' }), at).verdict).toBe('voucher_cancelled');
    expect(decideVoucher(voucher({ forReplacement: true }), at).verdict).toBe('voucher_not_active');
    expect(decideVoucher(voucher({ startDate: NOW + 1 }), at).verdict).toBe('voucher_not_active');
    expect(decideVoucher(voucher({ endDate: NOW }), at).verdict).toBe('voucher_expired');
    expect(decideVoucher(voucher({ usesLeft: 0 }), at).verdict).toBe('voucher_used_up');
    expect(decideVoucher(voucher({ payable: [] }), at).verdict).toBe('voucher_not_valid_here');
    expect(decideVoucher(voucher({ validDate: '2026-11-23' }), at).verdict).toBe('voucher_not_valid_here');
    expect(decideVoucher(voucher({ validDate: '2026-11-22' }), at).verdict).toBe('voucher_admitted');
  });

  it('never lets a refused voucher in nor changes it, and answers only known verdicts', () => {
    const arb = fc.record({
      giftCard: fc.boolean(),
      state: fc.constantFrom<DoorVoucher['state']>('active', 'cancelled', 'scanned'),
      forReplacement: fc.boolean(),
      startDate: fc.integer({ min: NOW - 10 * DAY, max: NOW + DAY }),
      endDate: fc.integer({ min: NOW - DAY, max: NOW + 10 * DAY }),
      validDate: fc.constantFrom(null, '2026-11-22', '2026-11-23'),
      usesLeft: fc.integer({ min: 0, max: 3 }),
      payable: fc.constantFrom([], [SHOW]),
    });
    fc.assert(
      fc.property(arb, (v) => {
        const d = decideVoucher(v, { direction: 'in', at: NOW });
        expect(VERDICTS).toContain(d.verdict);
        const usable =
          !v.giftCard &&
          v.state === 'active' &&
          !v.forReplacement &&
          v.startDate <= NOW &&
          NOW < v.endDate &&
          v.usesLeft > 0 &&
          v.payable.some((p) => v.validDate === null || v.validDate === p.businessDate);
        expect(d.verdict === 'voucher_admitted').toBe(usable);
        expect(PASSING.has(d.verdict)).toBe(usable);
        if (!usable) expect(d).toMatchObject({ usesLeft: v.usesLeft, state: v.state, presentationId: null });
      }),
    );
  });

  it('says a membership card is valid exactly while it is active and today is within its dates', () => {
    const date = fc
      .integer({ min: 0, max: 60 })
      .map((n) => new Date(Date.UTC(2026, 10, 1) + n * DAY).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.constantFrom('active', 'pending', 'cancelled'),
        date,
        date,
        date,
        (state, a, b, today) => {
          const m = { state, startDate: a < b ? a : b, endDate: a < b ? b : a };
          const verdict = decideMember(m, today, 'in');
          const valid = state === 'active' && m.startDate <= today && today <= m.endDate;
          expect(verdict).toBe(valid ? 'member_valid' : 'member_not_valid');
          expect(PASSING.has(verdict)).toBe(valid);
          expect(decideMember(m, today, 'out')).toBe('exited');
        },
      ),
    );
  });
});
