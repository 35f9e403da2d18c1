import { describe, expect, it } from 'vitest';
import type { Ticket, TicketGroup } from '../../api/contract/presentations.ts';
import type { CodeTicket, TicketCodeResult } from '../../api/contract/vouchers.ts';
import { ruleGroupsOf } from '../../domain/order/tickets.ts';
import type { HeldSeat } from './model.ts';
import {
  assignVoucher,
  choiceValue,
  dropCode,
  hasVoucherSeats,
  normalizeCode,
  parseChoice,
  refProblem,
  seatCodeChoices,
  seatCodeProblems,
  shownCode,
  withCodeTickets,
} from './ticketCodes.ts';

const ticket = (id: number, price: number): Ticket =>
  ({
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
  }) as Ticket;

const groups: TicketGroup[] = [
  { id: 1, name: { en: 'Regular' }, tickets: [ticket(10, 4200), ticket(11, 3600)] },
  { id: 2, name: { en: 'Premium' }, tickets: [ticket(20, 6500)] },
];

const codeTicket = (
  group: number,
  id: number,
  price: number,
  over: Partial<CodeTicket> = {},
): CodeTicket => ({
  ticketGroupId: group,
  ticket: ticket(id, price),
  ref1: null,
  ref2: null,
  ...over,
});

const voucher: TicketCodeResult = {
  code: 'MOVIE2-SANDBOX',
  kind: 'voucher',
  name: { en: 'Two movie tickets' },
  uses: 2,
  balance: null,
  endDate: null,
  tickets: [codeTicket(1, 151, 0), codeTicket(2, 251, 0)],
};
const teachers: TicketCodeResult = {
  code: '77123456',
  kind: 'partnerCard',
  name: { en: "Teachers' union" },
  uses: null,
  balance: null,
  endDate: null,
  tickets: [
    codeTicket(1, 161, 3200, {
      ref1: { label: { en: 'District' }, options: ['North', 'South'], pattern: null },
    }),
  ],
};

const seat = (n: number, group = 1, over: Partial<HeldSeat> = {}): HeldSeat => ({
  key: `5_${n}_1`,
  sectionId: 5,
  x: n,
  y: 1,
  ticketGroup: group,
  section: 'Stalls',
  row: '1',
  seat: String(n),
  expiresAt: 0,
  ticketId: group === 1 ? 10 : 20,
  ...over,
});

describe('ticket codes on the ticket step', () => {
  it('reads a typed code as the box office keeps it, or not at all', () => {
    expect(normalizeCode(' movie2-sandbox ')).toBe('MOVIE2-SANDBOX');
    expect(normalizeCode('ab')).toBeNull();
    expect(normalizeCode('no spaces')).toBeNull();
  });

  it('adds the unlocked tickets to their groups, each once', () => {
    const twin = { ...voucher, code: 'OTHER-VOUCHER' };
    const merged = withCodeTickets(groups, [voucher, twin, teachers]);
    expect(merged[0]!.tickets.map((x) => x.id)).toEqual([10, 11, 151, 161]);
    expect(merged[1]!.tickets.map((x) => x.id)).toEqual([20, 251]);
    expect(withCodeTickets(groups, [])).toBe(groups);
  });

  it('keeps the code with the ticket in a choice', () => {
    expect(parseChoice(choiceValue(151, 'MOVIE2-SANDBOX'))).toEqual({
      ticketId: 151,
      code: 'MOVIE2-SANDBOX',
    });
    expect(parseChoice(choiceValue(10, null))).toEqual({ ticketId: 10, code: null });
  });

  it('gives a voucher the seats it pays for, no more than its uses, and offers it on no other', () => {
    const seats = assignVoucher([seat(1), seat(2, 2), seat(3)], voucher);
    expect(seats.map((s) => [s.ticketId, s.ticketCode])).toEqual([
      [151, 'MOVIE2-SANDBOX'],
      [251, 'MOVIE2-SANDBOX'],
      [10, undefined],
    ]);
    const third = seatCodeChoices([voucher], seats, seats[2]!);
    expect(third.map((c) => [c.ticket.ticket.id, c.full])).toEqual([[151, true]]);
    const first = seatCodeChoices([voucher], seats, seats[0]!);
    expect(first.map((c) => c.full)).toEqual([false]);
    // A partner card only adds choices.
    expect(assignVoucher([seat(1)], teachers)[0]!.ticketCode).toBeUndefined();
  });

  it('sends a removed code’s seats back to their default ticket', () => {
    const seats = assignVoucher([seat(1), seat(2, 2)], voucher);
    const back = dropCode(seats, 'MOVIE2-SANDBOX', ruleGroupsOf(groups));
    expect(back.map((s) => [s.ticketId, s.ticketCode])).toEqual([
      [10, undefined],
      [20, undefined],
    ]);
  });

  it('checks reference answers against their options and pattern', () => {
    const id = { label: { en: 'ID' }, options: null, pattern: '^\\d{9}$' };
    expect(refProblem(id, '')).toBe('required');
    expect(refProblem(id, '12345')).toBe('pattern');
    expect(refProblem(id, '123456782')).toBeNull();
    expect(refProblem(teachers.tickets[0]!.ref1, 'West')).toBe('notAnOption');
    expect(refProblem(teachers.tickets[0]!.ref1, 'North')).toBeNull();
    expect(refProblem(null, undefined)).toBeNull();
  });

  it('names what keeps code seats from going on', () => {
    const seats = [
      seat(1, 1, { ticketId: 161, ticketCode: '77123456' }),
      seat(2, 1, { ticketId: 151, ticketCode: 'MOVIE2-SANDBOX' }),
      seat(3, 1, { ticketId: 151, ticketCode: 'MOVIE2-SANDBOX' }),
      seat(4, 1, { ticketId: 151, ticketCode: 'MOVIE2-SANDBOX' }),
    ];
    expect(seatCodeProblems(seats, [voucher, teachers])).toEqual([
      { key: '5_1_1', problem: 'required', ref: 'ref1' },
      { key: '5_4_1', problem: 'voucherBalance' },
    ]);
    seats[0] = { ...seats[0]!, ref1: 'South' };
    expect(seatCodeProblems(seats.slice(0, 3), [voucher, teachers])).toEqual([]);
  });

  it('shows a partner card by its last digits only', () => {
    expect(shownCode(teachers)).toBe('\u2066•••• 3456\u2069');
    expect(shownCode(voucher)).toBe('\u2066MOVIE2-SANDBOX\u2069');
  });

  it('knows an order with voucher tickets (a hold may not have them)', () => {
    const partner = [seat(1, 1, { ticketId: 161, ticketCode: '77123456' })];
    expect(hasVoucherSeats(partner, [voucher, teachers])).toBe(false);
    expect(hasVoucherSeats(assignVoucher([seat(2)], voucher), [voucher, teachers])).toBe(true);
  });
});
