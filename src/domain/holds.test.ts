import { describe, expect, it } from 'vitest';
import { type HoldingMembership, mayHold } from './holds.ts';

const member = (over: Partial<HoldingMembership> = {}): HoldingMembership => ({
  allowMemberSaleTickets: true,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  ...over,
});

describe('mayHold', () => {
  it('lets a member whose membership allows member sales hold, on its first and last day too', () => {
    expect(mayHold([member()], '2026-06-15')).toBe(true);
    expect(mayHold([member()], '2026-01-01')).toBe(true);
    expect(mayHold([member()], '2026-12-31')).toBe(true);
  });

  it('refuses a customer without a membership (a new customer)', () => {
    expect(mayHold([], '2026-06-15')).toBe(false);
  });

  it('refuses a membership that does not allow member sales, or is not valid today', () => {
    expect(mayHold([member({ allowMemberSaleTickets: false })], '2026-06-15')).toBe(false);
    expect(mayHold([member()], '2025-12-31')).toBe(false);
    expect(mayHold([member()], '2027-01-01')).toBe(false);
  });

  it('is enough that one of several memberships allows it', () => {
    expect(mayHold([member({ allowMemberSaleTickets: false }), member()], '2026-06-15')).toBe(true);
  });
});
