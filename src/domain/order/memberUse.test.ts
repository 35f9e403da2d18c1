import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  memberChoiceProblem,
  memberProblems,
  memberUse,
  type UseMember,
  type UseOffer,
  type UseSeat,
} from './memberUse.ts';

const club = (left: number | null, over: Partial<UseMember> = {}): UseMember => ({
  memberNumber: '7201',
  isAvailable: true,
  isExpired: false,
  isNotStarted: false,
  hasTicketBalance: left !== null,
  balanceLeft: left,
  pointsBalance: 0,
  allowMemberSaleTickets: false,
  ...over,
});
const points = (balance: number): UseMember => ({
  ...club(null),
  memberNumber: '7202',
  pointsBalance: balance,
});
const OFFERS: UseOffer[] = [
  { ticketId: 171, memberNumber: '7201', loyaltyPointsPrice: null, isMemberSale: false },
  { ticketId: 172, memberNumber: '7202', loyaltyPointsPrice: 500, isMemberSale: false },
  { ticketId: 2170, memberNumber: '7201', loyaltyPointsPrice: null, isMemberSale: true },
];
const seat = (i: number, ticketId: number | null, memberNumber?: string): UseSeat => ({
  key: `1_${i}_1`,
  ticketId,
  ...(memberNumber ? { memberNumber } : {}),
});

describe('member use of a seat order', () => {
  it('counts the tickets of a balance and the points, seat by seat', () => {
    const seats = [seat(1, 171, '7201'), seat(2, 171, '7201'), seat(3, 172, '7202'), seat(4, 101)];
    const use = memberUse(seats, OFFERS, [club(8), points(1200)]);
    expect(use.get('7201')).toEqual({ tickets: 2, points: 0 });
    expect(use.get('7202')).toEqual({ tickets: 0, points: 500 });
    // The seat leaving the cart (its presentation removed) lowers the count.
    expect(memberUse(seats.slice(1), OFFERS, [club(8), points(1200)]).get('7201')).toEqual({
      tickets: 1,
      points: 0,
    });
  });

  it('names what keeps a seat from a member ticket', () => {
    const two = [seat(1, 171, '7201'), seat(2, 101)];
    expect(memberChoiceProblem(two, OFFERS, [club(1)], '1_2_1', OFFERS[0]!)).toBe('ticket_balance_error');
    expect(memberChoiceProblem(two, OFFERS, [club(1)], '1_1_1', OFFERS[0]!)).toBeNull();
    expect(memberChoiceProblem([], OFFERS, [club(0)], 'k', OFFERS[0]!)).toBe('memberNoneAvailable');
    const expired = club(5, { isExpired: true, isAvailable: false });
    expect(memberChoiceProblem([], OFFERS, [expired], 'k', OFFERS[0]!)).toBe('memberExpired');
    const early = club(5, { isNotStarted: true, isAvailable: false });
    expect(memberChoiceProblem([], OFFERS, [early], 'k', OFFERS[0]!)).toBe('memberNotStarted');
    expect(memberChoiceProblem([], OFFERS, [club(5)], 'k', OFFERS[2]!)).toBe(
      'no_valid_membership_for_member_sale',
    );
    const pts = [seat(1, 172, '7202'), seat(2, 172, '7202')];
    expect(memberChoiceProblem(pts, OFFERS, [points(1200)], '1_3_1', OFFERS[1]!)).toBe(
      'loyalty_points_error',
    );
    expect(memberChoiceProblem([], OFFERS, [], 'k', OFFERS[0]!)).toBe('memberNotFound');
  });

  it('never lets the seats it accepts overdraw a balance or the points', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.array(
          fc.constantFrom<[number | null, string | undefined]>(
            [171, '7201'],
            [172, '7202'],
            [101, undefined],
          ),
          {
            maxLength: 10,
          },
        ),
        (left, pts, picks) => {
          const members = [club(left), points(pts)];
          const seats = picks.map(([t, m], i) => seat(i, t, m));
          const problems = memberProblems(seats, OFFERS, members);
          const refused = new Set(problems.map((p) => p.key));
          const kept = seats.filter((s) => !refused.has(s.key));
          const use = memberUse(kept, OFFERS, members);
          expect(use.get('7201')?.tickets ?? 0).toBeLessThanOrEqual(left);
          expect(use.get('7202')?.points ?? 0).toBeLessThanOrEqual(pts);
          // Only as many are refused as go past what is left.
          const wanted = seats.filter((s) => s.memberNumber === '7201').length;
          expect(use.get('7201')?.tickets ?? 0).toBe(Math.min(wanted, left));
          const wantedPts = seats.filter((s) => s.memberNumber === '7202').length;
          expect(use.get('7202')?.points ?? 0).toBe(Math.min(wantedPts, Math.floor(pts / 500)) * 500);
        },
      ),
    );
  });
});
