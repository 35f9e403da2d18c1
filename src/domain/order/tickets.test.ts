import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedPayments,
  checkTickets,
  choosableTickets,
  defaultTicket,
  priceOrder,
  type RuleGroup,
  type RuleTicket,
  type SeatTicket,
} from './tickets.ts';

function ticket(id: number, over: Partial<RuleTicket> = {}): RuleTicket {
  return {
    id,
    price: 4000,
    serviceCharge: 0,
    multiplyFactor: 1,
    isMultiplyFactorSubTicket: false,
    ref1prompt: null,
    ref2prompt: null,
    minQuantity: null,
    maxQuantity: null,
    requiredTicketId: null,
    requiredMinimum: null,
    remaining: null,
    ...over,
  };
}

/** `n` seats of group `groupId` on ticket `ticketId`, keyed from `from` on. */
function seatsOf(groupId: number, ticketId: number, n: number, from = 0): SeatTicket[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `A_${from + i}_0`,
    ticketGroupId: groupId,
    ticketId,
  }));
}

const REGULAR = 1;
const STUDENT = 2;
const COUPLE = 3;
const COUPLE_SUB = 4;
const MEMBER = 5;
const CHILD = 6;
const OTHER_GROUP_REGULAR = 11;

const hall: RuleGroup = {
  id: 100,
  tickets: [
    ticket(REGULAR, { price: 4500 }),
    ticket(STUDENT, { price: 3500, serviceCharge: 300 }),
    ticket(COUPLE, { price: 8000, multiplyFactor: 2 }),
    ticket(COUPLE_SUB, { price: 0, isMultiplyFactorSubTicket: true }),
    ticket(MEMBER, { price: 3000, ref1prompt: 'Member number' }),
    ticket(CHILD, { price: 2500, requiredTicketId: REGULAR, requiredMinimum: 1 }),
  ],
};
const balcony: RuleGroup = { id: 200, tickets: [ticket(OTHER_GROUP_REGULAR, { price: 6000 })] };
const groups = [hall, balcony];

describe('defaultTicket', () => {
  it('is undefined without a group or tickets', () => {
    expect(defaultTicket(undefined)).toBeUndefined();
    expect(defaultTicket({ id: 1, tickets: [] })).toBeUndefined();
  });

  it('is the first plain ticket of the group', () => {
    expect(defaultTicket(hall)?.id).toBe(REGULAR);
    expect(defaultTicket(balcony)?.id).toBe(OTHER_GROUP_REGULAR);
  });

  it('passes over multi-seat tickets, sub-tickets and tickets with a reference prompt', () => {
    const group: RuleGroup = {
      id: 1,
      tickets: [
        ticket(1, { multiplyFactor: 2 }),
        ticket(2, { isMultiplyFactorSubTicket: true }),
        ticket(3, { ref1prompt: 'Soldier ID' }),
        ticket(4, { ref2prompt: 'Voucher' }),
        ticket(5),
        ticket(6),
      ],
    };
    expect(defaultTicket(group)?.id).toBe(5);
  });

  it('takes a multiplyFactor of 0 as a single-seat ticket, and an empty prompt as none', () => {
    expect(defaultTicket({ id: 1, tickets: [ticket(1, { multiplyFactor: 0 }), ticket(2)] })?.id).toBe(1);
    expect(defaultTicket({ id: 1, tickets: [ticket(1, { ref1prompt: '', ref2prompt: '' })] })?.id).toBe(1);
  });

  it('is undefined when no ticket qualifies', () => {
    const group: RuleGroup = {
      id: 1,
      tickets: [ticket(1, { multiplyFactor: 2 }), ticket(2, { ref1prompt: 'Member number' })],
    };
    expect(defaultTicket(group)).toBeUndefined();
  });

  it('passes over a sold-out ticket when another qualifies', () => {
    const group: RuleGroup = {
      id: 1,
      tickets: [
        ticket(1, { remaining: 0 }),
        ticket(2, { remaining: -3 }),
        ticket(3, { multiplyFactor: 2, remaining: 10 }),
        ticket(4, { remaining: 1 }),
        ticket(5, { remaining: null }),
      ],
    };
    expect(defaultTicket(group)?.id).toBe(4);
  });

  it('falls back to the first qualifying ticket when all are sold out', () => {
    const group: RuleGroup = {
      id: 1,
      tickets: [
        ticket(1, { ref1prompt: 'Member number', remaining: 5 }),
        ticket(2, { remaining: 0 }),
        ticket(3, { remaining: 0 }),
      ],
    };
    expect(defaultTicket(group)?.id).toBe(2);
  });
});

describe('choosableTickets', () => {
  it('lists every ticket of the group but the sub-tickets, in order', () => {
    expect(choosableTickets(hall).map((t) => t.id)).toEqual([REGULAR, STUDENT, COUPLE, MEMBER, CHILD]);
  });

  it('is empty without a group', () => {
    expect(choosableTickets(undefined)).toEqual([]);
  });
});

describe('checkTickets', () => {
  it('finds nothing wrong with an empty or plain order', () => {
    expect(checkTickets(groups, [])).toEqual([]);
    expect(
      checkTickets(groups, [
        ...seatsOf(hall.id, REGULAR, 2),
        ...seatsOf(hall.id, STUDENT, 1, 2),
        ...seatsOf(hall.id, COUPLE, 2, 3),
        ...seatsOf(hall.id, CHILD, 3, 5),
        ...seatsOf(balcony.id, OTHER_GROUP_REGULAR, 1, 8),
      ]),
    ).toEqual([]);
  });

  describe('ticket_not_in_group', () => {
    it('flags a ticket nobody offers', () => {
      expect(checkTickets(groups, [{ key: 'A_1_1', ticketGroupId: hall.id, ticketId: 999 }])).toEqual([
        { code: 'ticket_not_in_group', key: 'A_1_1' },
      ]);
    });

    it("flags a ticket of another group than the seat's", () => {
      expect(
        checkTickets(groups, [
          { key: 'A_1_1', ticketGroupId: hall.id, ticketId: OTHER_GROUP_REGULAR },
          { key: 'B_1_1', ticketGroupId: balcony.id, ticketId: REGULAR },
        ]),
      ).toEqual([
        { code: 'ticket_not_in_group', key: 'A_1_1' },
        { code: 'ticket_not_in_group', key: 'B_1_1' },
      ]);
    });

    it('flags a sub-ticket, which is issued, never chosen', () => {
      expect(checkTickets(groups, seatsOf(hall.id, COUPLE_SUB, 1))).toEqual([
        { code: 'ticket_not_in_group', key: 'A_0_0' },
      ]);
    });

    it('leaves the flagged seats out of the other rules', () => {
      const g: RuleGroup = { id: 1, tickets: [ticket(1, { maxQuantity: 1 })] };
      const seats = [...seatsOf(1, 1, 1), { key: 'Z_9_9', ticketGroupId: 2, ticketId: 1 }];
      expect(checkTickets([g], seats)).toEqual([{ code: 'ticket_not_in_group', key: 'Z_9_9' }]);
    });
  });

  describe('multiply_factor_mismatch', () => {
    it.each([1, 3, 5])('flags a couple ticket on %i seats', (n) => {
      expect(checkTickets(groups, seatsOf(hall.id, COUPLE, n))).toEqual([
        { code: 'multiply_factor_mismatch', ticketId: COUPLE, seats: 2 },
      ]);
    });

    it.each([2, 4, 6])('accepts a couple ticket on %i seats', (n) => {
      expect(checkTickets(groups, seatsOf(hall.id, COUPLE, n))).toEqual([]);
    });
  });

  describe('ticket_min_quantity', () => {
    const g: RuleGroup = {
      id: 1,
      tickets: [ticket(1), ticket(2, { minQuantity: 2 }), ticket(3, { multiplyFactor: 2, minQuantity: 2 })],
    };

    it('flags fewer tickets than the minimum', () => {
      expect(checkTickets([g], seatsOf(1, 2, 1))).toEqual([
        { code: 'ticket_min_quantity', ticketId: 2, min: 2 },
      ]);
    });

    it('accepts the minimum, and an order without the ticket', () => {
      expect(checkTickets([g], seatsOf(1, 2, 2))).toEqual([]);
      expect(checkTickets([g], seatsOf(1, 1, 1))).toEqual([]);
    });

    it('counts tickets, not seats: a couple ticket on two seats is one ticket', () => {
      expect(checkTickets([g], seatsOf(1, 3, 2))).toEqual([
        { code: 'ticket_min_quantity', ticketId: 3, min: 2 },
      ]);
      expect(checkTickets([g], seatsOf(1, 3, 4))).toEqual([]);
    });
  });

  describe('ticket_max_quantity', () => {
    const g: RuleGroup = {
      id: 1,
      tickets: [ticket(1, { maxQuantity: 2 }), ticket(2, { multiplyFactor: 2, maxQuantity: 1 })],
    };

    it('flags more tickets than the maximum', () => {
      expect(checkTickets([g], seatsOf(1, 1, 3))).toEqual([
        { code: 'ticket_max_quantity', ticketId: 1, max: 2 },
      ]);
      expect(checkTickets([g], seatsOf(1, 1, 2))).toEqual([]);
    });

    it('counts tickets, not seats', () => {
      expect(checkTickets([g], seatsOf(1, 2, 2))).toEqual([]);
      expect(checkTickets([g], seatsOf(1, 2, 4))).toEqual([
        { code: 'ticket_max_quantity', ticketId: 2, max: 1 },
      ]);
    });
  });

  describe('ticket_required_combination', () => {
    it('flags a child ticket without an adult ticket', () => {
      expect(checkTickets(groups, seatsOf(hall.id, CHILD, 2))).toEqual([
        { code: 'ticket_required_combination', ticketId: CHILD, requiredTicketId: REGULAR, min: 1 },
      ]);
    });

    it('accepts it with one', () => {
      expect(
        checkTickets(groups, [...seatsOf(hall.id, CHILD, 2), ...seatsOf(hall.id, REGULAR, 1, 2)]),
      ).toEqual([]);
    });

    it('needs at least one of the required ticket when the minimum is missing or below 1', () => {
      for (const requiredMinimum of [null, 0, -1]) {
        const g: RuleGroup = {
          id: 1,
          tickets: [ticket(1), ticket(2, { requiredTicketId: 1, requiredMinimum })],
        };
        expect(checkTickets([g], seatsOf(1, 2, 1))).toEqual([
          { code: 'ticket_required_combination', ticketId: 2, requiredTicketId: 1, min: 1 },
        ]);
        expect(checkTickets([g], [...seatsOf(1, 2, 1), ...seatsOf(1, 1, 1, 1)])).toEqual([]);
      }
    });

    it('counts the required ticket in tickets, not seats', () => {
      const g: RuleGroup = {
        id: 1,
        tickets: [ticket(1, { multiplyFactor: 2 }), ticket(2, { requiredTicketId: 1, requiredMinimum: 2 })],
      };
      const problem = { code: 'ticket_required_combination', ticketId: 2, requiredTicketId: 1, min: 2 };
      expect(checkTickets([g], [...seatsOf(1, 2, 1), ...seatsOf(1, 1, 2, 1)])).toEqual([problem]);
      expect(checkTickets([g], [...seatsOf(1, 2, 1), ...seatsOf(1, 1, 4, 1)])).toEqual([]);
    });

    it('may require a ticket of another group', () => {
      const a: RuleGroup = { id: 1, tickets: [ticket(1, { requiredTicketId: 2 })] };
      const b: RuleGroup = { id: 2, tickets: [ticket(2)] };
      expect(checkTickets([a, b], [...seatsOf(1, 1, 1), ...seatsOf(2, 2, 1, 1)])).toEqual([]);
    });
  });

  describe('ticket_sold_out', () => {
    it('flags more tickets than remain', () => {
      const g: RuleGroup = { id: 1, tickets: [ticket(1, { remaining: 2 })] };
      expect(checkTickets([g], seatsOf(1, 1, 2))).toEqual([]);
      expect(checkTickets([g], seatsOf(1, 1, 3))).toEqual([
        { code: 'ticket_sold_out', ticketId: 1, remaining: 2 },
      ]);
    });

    it('reports a negative remainder as 0', () => {
      const g: RuleGroup = { id: 1, tickets: [ticket(1, { remaining: 0 }), ticket(2, { remaining: -4 })] };
      expect(checkTickets([g], [...seatsOf(1, 1, 1), ...seatsOf(1, 2, 1, 1)])).toEqual([
        { code: 'ticket_sold_out', ticketId: 1, remaining: 0 },
        { code: 'ticket_sold_out', ticketId: 2, remaining: 0 },
      ]);
    });

    it('counts tickets, not seats', () => {
      const g: RuleGroup = { id: 1, tickets: [ticket(1, { multiplyFactor: 2, remaining: 1 })] };
      expect(checkTickets([g], seatsOf(1, 1, 2))).toEqual([]);
      expect(checkTickets([g], seatsOf(1, 1, 4))).toEqual([
        { code: 'ticket_sold_out', ticketId: 1, remaining: 1 },
      ]);
    });
  });

  it('reports every problem in a stable order', () => {
    const g: RuleGroup = {
      id: 1,
      tickets: [
        ticket(9, { minQuantity: 3, remaining: 1 }),
        ticket(7, { multiplyFactor: 3, maxQuantity: 1, requiredTicketId: 8 }),
        ticket(3, { multiplyFactor: 2 }),
      ],
    };
    const seats: SeatTicket[] = [
      ...seatsOf(1, 9, 2, 0),
      { key: 'X_1_1', ticketGroupId: 1, ticketId: 42 },
      ...seatsOf(1, 7, 4, 2),
      ...seatsOf(1, 3, 1, 6),
      { key: 'X_2_2', ticketGroupId: 5, ticketId: 9 },
    ];
    const expected = [
      { code: 'ticket_not_in_group', key: 'X_1_1' },
      { code: 'ticket_not_in_group', key: 'X_2_2' },
      { code: 'multiply_factor_mismatch', ticketId: 3, seats: 2 },
      { code: 'multiply_factor_mismatch', ticketId: 7, seats: 3 },
      { code: 'ticket_max_quantity', ticketId: 7, max: 1 },
      { code: 'ticket_required_combination', ticketId: 7, requiredTicketId: 8, min: 1 },
      { code: 'ticket_min_quantity', ticketId: 9, min: 3 },
      { code: 'ticket_sold_out', ticketId: 9, remaining: 1 },
    ];
    expect(checkTickets([g], seats)).toEqual(expected);
    expect(checkTickets([g], [...seats].reverse())).toEqual([
      { code: 'ticket_not_in_group', key: 'X_2_2' },
      { code: 'ticket_not_in_group', key: 'X_1_1' },
      ...expected.slice(2),
    ]);
  });
});

describe('priceOrder', () => {
  it('prices each seat with its ticket and the presentation service charge', () => {
    const order = priceOrder(groups, [...seatsOf(hall.id, REGULAR, 2)], 500, []);
    expect(order).toEqual({
      seats: [
        { key: 'A_0_0', ticketId: REGULAR, price: 4500, serviceCharge: 500, isSubTicket: false, addons: [] },
        { key: 'A_1_0', ticketId: REGULAR, price: 4500, serviceCharge: 500, isSubTicket: false, addons: [] },
      ],
      tickets: 9000,
      addons: 0,
      serviceCharge: 1000,
      products: 0,
      total: 10000,
    });
  });

  it("uses the ticket's own service charge when it has one", () => {
    const order = priceOrder(groups, seatsOf(hall.id, STUDENT, 1), 500, []);
    expect(order.seats[0]?.serviceCharge).toBe(300);
    expect(order.total).toBe(3800);
  });

  it('prices a couple ticket on its first seat and charges service on every seat', () => {
    const seats: SeatTicket[] = [
      { key: 'L_1_1', ticketGroupId: hall.id, ticketId: COUPLE },
      { key: 'A_1_1', ticketGroupId: hall.id, ticketId: REGULAR },
      { key: 'L_1_2', ticketGroupId: hall.id, ticketId: COUPLE },
      { key: 'L_1_3', ticketGroupId: hall.id, ticketId: COUPLE },
      { key: 'L_1_4', ticketGroupId: hall.id, ticketId: COUPLE },
    ];
    const order = priceOrder(groups, seats, 500, []);
    expect(order.seats.map((s) => [s.key, s.price, s.serviceCharge, s.isSubTicket])).toEqual([
      ['L_1_1', 8000, 500, false],
      ['A_1_1', 4500, 500, false],
      ['L_1_2', 0, 500, true],
      ['L_1_3', 8000, 500, false],
      ['L_1_4', 0, 500, true],
    ]);
    expect(order.tickets).toBe(2 * 8000 + 4500);
    expect(order.serviceCharge).toBe(5 * 500);
    expect(order.total).toBe(2 * 8000 + 4500 + 5 * 500);
  });

  it('adds products at price times quantity', () => {
    const order = priceOrder(groups, seatsOf(hall.id, REGULAR, 1), 0, [
      { price: 1500, quantity: 2 },
      { price: 999, quantity: 0 },
      { price: 250, quantity: 3 },
    ]);
    expect(order.products).toBe(3750);
    expect(order.total).toBe(4500 + 3750);
  });

  it('prices an order of products only', () => {
    expect(priceOrder(groups, [], 500, [{ price: 1200, quantity: 1 }])).toEqual({
      seats: [],
      tickets: 0,
      addons: 0,
      serviceCharge: 0,
      products: 1200,
      total: 1200,
    });
  });

  it('refuses a ticket that is not offered', () => {
    expect(() =>
      priceOrder(groups, [{ key: 'A_1_1', ticketGroupId: hall.id, ticketId: 999 }], 0, []),
    ).toThrow(/999/);
  });
});

describe('allowedPayments', () => {
  it('allows one payment per minimum, up to the maximum', () => {
    expect(allowedPayments(100_000, 10, 10_000)).toBe(10);
    expect(allowedPayments(35_000, 10, 10_000)).toBe(3);
    expect(allowedPayments(39_999, 10, 10_000)).toBe(3);
    expect(allowedPayments(1_000_000, 6, 10_000)).toBe(6);
  });

  it('always allows at least one', () => {
    expect(allowedPayments(5_000, 10, 10_000)).toBe(1);
    expect(allowedPayments(0, 10, 10_000)).toBe(1);
    expect(allowedPayments(100_000, 0, 10_000)).toBe(1);
  });

  it('allows the maximum when there is no minimum per payment', () => {
    expect(allowedPayments(100, 12, 0)).toBe(12);
    expect(allowedPayments(100, 12, -5)).toBe(12);
    expect(allowedPayments(100, 0, 0)).toBe(1);
  });

  it('stays between 1 and the maximum and never splits below the minimum', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.integer({ min: 1, max: 36 }),
        fc.integer({ min: 1, max: 100_000 }),
        (total, max, min) => {
          const n = allowedPayments(total, max, min);
          expect(Number.isInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(1);
          expect(n).toBeLessThanOrEqual(max);
          if (n > 1) expect(total / n).toBeGreaterThanOrEqual(min);
          if (n < max) expect(total / (n + 1)).toBeLessThan(min);
        },
      ),
    );
  });
});

// ---- properties ----

const ticketShape = fc.record({
  price: fc.nat(100_000),
  serviceCharge: fc.oneof(fc.constant(0), fc.nat(3_000)),
  multiplyFactor: fc.integer({ min: 0, max: 4 }),
  isMultiplyFactorSubTicket: fc.boolean(),
  ref1prompt: fc.constantFrom(null, '', 'Member number'),
  ref2prompt: fc.constantFrom(null, '', 'Voucher'),
  remaining: fc.option(fc.integer({ min: -2, max: 5 })),
});

/** Groups of tickets with ids unique across all groups, as in the database. */
function groupsArb(shape: fc.Arbitrary<Partial<RuleTicket>>, maxGroups = 3, maxTickets = 6) {
  return fc
    .array(fc.array(shape, { minLength: 1, maxLength: maxTickets }), { minLength: 1, maxLength: maxGroups })
    .map((gs) => {
      let id = 0;
      return gs.map((ts, g): RuleGroup => ({ id: 100 + g, tickets: ts.map((t) => ticket(++id, t)) }));
    });
}

/** An order over some groups: seat picks as [group index, ticket index] pairs, read modulo. */
const picksArb = fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 24 });

function seatsFor(gs: readonly RuleGroup[], picks: readonly [number, number][]): SeatTicket[] {
  return picks.map(([gi, ti], i) => {
    const g = gs[gi % gs.length]!;
    return { key: `S_${i}_0`, ticketGroupId: g.id, ticketId: g.tickets[ti % g.tickets.length]!.id };
  });
}

const productsArb = fc.array(fc.record({ price: fc.nat(50_000), quantity: fc.nat(10) }), { maxLength: 5 });

describe('priceOrder properties', () => {
  it('totals the parts, as a non-negative integer, with each ticket priced once per set of seats', () => {
    fc.assert(
      fc.property(
        groupsArb(ticketShape),
        picksArb,
        fc.nat(3_000),
        productsArb,
        (gs, picks, charge, products) => {
          const seats = seatsFor(gs, picks);
          const order = priceOrder(gs, seats, charge, products);
          const all = gs.flatMap((g) => g.tickets);

          expect(order.total).toBe(order.tickets + order.serviceCharge + order.products);
          expect(Number.isInteger(order.total)).toBe(true);
          expect(order.total).toBeGreaterThanOrEqual(0);
          expect(order.seats.map((s) => s.key)).toEqual(seats.map((s) => s.key));
          expect(order.tickets).toBe(order.seats.reduce((a, s) => a + s.price, 0));
          expect(order.serviceCharge).toBe(order.seats.reduce((a, s) => a + s.serviceCharge, 0));
          expect(order.products).toBe(products.reduce((a, p) => a + p.price * p.quantity, 0));

          // Independently: ceil(seats / factor) tickets of each type; a service charge on every seat.
          let tickets = 0;
          let service = 0;
          for (const t of all) {
            const n = seats.filter((s) => s.ticketId === t.id).length;
            tickets += Math.ceil(n / Math.max(1, t.multiplyFactor)) * t.price;
            service += n * (t.serviceCharge > 0 ? t.serviceCharge : charge);
          }
          expect(order.tickets).toBe(tickets);
          expect(order.serviceCharge).toBe(service);
          for (const s of order.seats) expect(s.price === 0 || !s.isSubTicket).toBe(true);
        },
      ),
    );
  });

  it('does not depend on the order of the seats when every ticket is for one seat', () => {
    const single = ticketShape.map((t) => ({ ...t, multiplyFactor: 1 }));
    fc.assert(
      fc.property(
        groupsArb(single),
        picksArb,
        fc.nat(3_000),
        productsArb,
        fc.func(fc.nat()),
        (gs, picks, charge, products, rank) => {
          const seats = seatsFor(gs, picks);
          const shuffled = [...seats].sort((a, b) => rank(a.key) - rank(b.key));
          const a = priceOrder(gs, seats, charge, products);
          const b = priceOrder(gs, shuffled, charge, products);
          expect(b.total).toBe(a.total);
          expect(b.tickets).toBe(a.tickets);
          expect(b.serviceCharge).toBe(a.serviceCharge);
          const byKey = (o: typeof a) => [...o.seats].sort((x, y) => x.key.localeCompare(y.key));
          expect(byKey(b)).toEqual(byKey(a));
          expect(a.seats.every((s) => !s.isSubTicket)).toBe(true);
        },
      ),
    );
  });

  it('keeps the total, though not which seats are sub-tickets, when multi-seat tickets are reordered', () => {
    fc.assert(
      fc.property(
        groupsArb(ticketShape),
        picksArb,
        fc.nat(3_000),
        fc.func(fc.nat()),
        (gs, picks, charge, rank) => {
          const seats = seatsFor(gs, picks);
          const shuffled = [...seats].sort((a, b) => rank(a.key) - rank(b.key));
          expect(priceOrder(gs, shuffled, charge, []).total).toBe(priceOrder(gs, seats, charge, []).total);
        },
      ),
    );
  });
});

describe('checkTickets properties', () => {
  it('reports multiply_factor_mismatch exactly when the seats do not divide into whole tickets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 20 }), (factor, n) => {
        const g: RuleGroup = { id: 1, tickets: [ticket(1), ticket(2, { multiplyFactor: factor })] };
        const problems = checkTickets([g], [...seatsOf(1, 2, n), ...seatsOf(1, 1, 3, n)]);
        const mismatches = problems.filter((p) => p.code === 'multiply_factor_mismatch');
        if (n % Math.max(1, factor) !== 0) {
          expect(mismatches).toEqual([{ code: 'multiply_factor_mismatch', ticketId: 2, seats: factor }]);
        } else {
          expect(mismatches).toEqual([]);
        }
        expect(problems).toEqual(mismatches);
      }),
    );
  });

  it('finds nothing wrong with any number of default tickets of groups without limits', () => {
    fc.assert(
      fc.property(groupsArb(ticketShape.map((t) => ({ ...t, remaining: null }))), picksArb, (gs, picks) => {
        const seats: SeatTicket[] = [];
        picks.forEach(([gi], i) => {
          const g = gs[gi % gs.length]!;
          const d = defaultTicket(g);
          if (d) seats.push({ key: `S_${i}_0`, ticketGroupId: g.id, ticketId: d.id });
        });
        expect(checkTickets(gs, seats)).toEqual([]);
      }),
    );
  });
});

describe('defaultTicket properties', () => {
  const qualifies = (t: RuleTicket) =>
    t.multiplyFactor <= 1 && !t.isMultiplyFactorSubTicket && !t.ref1prompt && !t.ref2prompt;
  const available = (t: RuleTicket) => t.remaining === null || t.remaining > 0;

  it('picks the first qualifying ticket still for sale, else the first qualifying one', () => {
    fc.assert(
      fc.property(groupsArb(ticketShape, 1, 8), ([g]) => {
        const d = defaultTicket(g);
        const qualifying = g!.tickets.filter(qualifies);
        if (qualifying.length === 0) {
          expect(d).toBeUndefined();
          return;
        }
        expect(d).toBeDefined();
        expect(d!.multiplyFactor).toBeLessThanOrEqual(1);
        expect(d!.isMultiplyFactorSubTicket).toBe(false);
        expect(d!.ref1prompt || d!.ref2prompt).toBeFalsy();
        const before = g!.tickets.slice(0, g!.tickets.indexOf(d!));
        if (qualifying.some(available)) {
          expect(available(d!)).toBe(true);
          expect(before.filter((t) => qualifies(t) && available(t))).toEqual([]);
        } else {
          expect(before.filter(qualifies)).toEqual([]);
        }
      }),
    );
  });

  it('is always one of the choosable tickets', () => {
    fc.assert(
      fc.property(groupsArb(ticketShape, 1, 8), ([g]) => {
        const d = defaultTicket(g);
        if (d) expect(choosableTickets(g)).toContain(d);
      }),
    );
  });
});
