import { describe, expect, it } from 'vitest';
import type { MemberState, MemberTicket } from '../../api/contract/memberTickets.ts';
import type { Ticket, TicketGroup } from '../../api/contract/presentations.ts';
import type { HeldSeat } from './model.ts';
import {
  createMemberIntents,
  type MemberTicketsState,
  memberChoiceValue,
  memberLeft,
  parseMemberChoice,
  seatMemberProblems,
  withMemberTickets,
} from './memberTickets.ts';
import { deriveOrder } from './selectors.ts';

const ticket = (id: number, price: number): Ticket => ({
  id,
  name: { en: `T${id}` },
  code: `T${id}`,
  price,
  oldPrice: null,
  serviceCharge: 0,
  pricePolicyId: 1,
  multiplyFactor: 1,
  isMultiplyFactorSubTicket: false,
  ref1prompt: null,
  ref2prompt: null,
  minQuantity: null,
  maxQuantity: null,
  requiredTicketId: null,
  requiredMinimum: null,
  remaining: null,
  addons: [],
  isFirstAddonSelected: false,
});
const groups: TicketGroup[] = [{ id: 1, name: { en: 'Regular' }, tickets: [ticket(101, 4200)] }];
const avi: MemberState = {
  memberNumber: '7201',
  name: 'Avi Cohen',
  membershipId: 2,
  membershipName: { en: 'Cinema club' },
  isAvailable: true,
  isExpired: false,
  isNotStarted: false,
  hasTicketBalance: true,
  balanceLeft: 2,
  pointsBalance: 0,
  allowMemberSaleTickets: false,
};
const club: MemberTicket = {
  ticketGroupId: 1,
  ticket: ticket(171, 0),
  loyaltyPointsPrice: null,
  isMemberSale: false,
  memberNumber: '7201',
};
const seat = (x: number, over: Partial<HeldSeat> = {}): HeldSeat => ({
  key: `1_${x}_1`,
  sectionId: 1,
  x,
  y: 1,
  ticketGroup: 1,
  section: 'Hall',
  row: '1',
  seat: String(x),
  expiresAt: 0,
  ticketId: 101,
  ...over,
});

describe('member tickets on the ticket step', () => {
  it('adds the member tickets to their groups once, and encodes a choice with its member', () => {
    const both = withMemberTickets(groups, [club, { ...club, memberNumber: '7103' }]);
    expect(both[0]!.tickets.map((x) => x.id)).toEqual([101, 171]);
    expect(parseMemberChoice(memberChoiceValue(171, '7201'))).toEqual({
      ticketId: 171,
      memberNumber: '7201',
    });
    expect(parseMemberChoice('101@CODE')).toBeNull();
  });

  it('counts the balance the cart uses, refuses a seat past it, and prices the club ticket', () => {
    const state: MemberTicketsState = {
      groups,
      members: [avi],
      memberTickets: [club],
      seats: [seat(1), seat(2), seat(3)],
    };
    const intents = createMemberIntents(state, 4);
    for (const k of ['1_1_1', '1_2_1', '1_3_1']) intents.chooseMemberTicket(k, 171, '7201');
    expect(memberLeft(state, avi).tickets).toBe(0);
    expect(seatMemberProblems(state)).toEqual([{ key: '1_3_1', code: 'ticket_balance_error' }]);
    // The seat leaves the cart (its presentation removed, or unselected): the count goes down.
    state.seats = state.seats.slice(0, 2);
    expect(seatMemberProblems(state)).toEqual([]);
    const d = deriveOrder(
      { ...state, products: {} },
      { products: [], serviceCharge: { amount: 500 } } as never,
      {
        payment: { maxNumberOfPayments: 1, minAmountPerPayment: 0 },
      } as never,
    );
    expect(d.pricing?.tickets).toBe(0);
    expect(d.memberProblems).toEqual([]);
  });
});
