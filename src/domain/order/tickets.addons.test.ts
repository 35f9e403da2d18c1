import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkTickets,
  priceOrder,
  type RuleGroup,
  type RuleTicket,
  type SeatTicket,
  seatAddons,
  withoutServiceCharge,
} from './tickets.ts';

/** Ticket add-ons (3D glasses with a 3D showing's ticket): chosen per seat, priced per seat. */

const GLASSES = 1;
const BLANKET = 2;

function ticket(id: number, over: Partial<RuleTicket> = {}): RuleTicket {
  return {
    id,
    price: 4200,
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

const regular3d = ticket(101, {
  addons: [
    { id: GLASSES, price: 500 },
    { id: BLANKET, price: 1200 },
  ],
  isFirstAddonSelected: true,
});
const couple3d = ticket(102, { price: 9800, multiplyFactor: 2, addons: [{ id: GLASSES, price: 400 }] });
const plain = ticket(103, { price: 3600 });
const groups: RuleGroup[] = [{ id: 1, tickets: [regular3d, couple3d, plain] }];

const seat = (key: string, ticketId: number, addons?: number[]): SeatTicket => ({
  key,
  ticketGroupId: 1,
  ticketId,
  ...(addons ? { addons } : {}),
});

describe('seatAddons', () => {
  it("starts a seat with the ticket's first add-on when the ticket pre-selects it", () => {
    expect(seatAddons(regular3d, undefined)).toEqual([GLASSES]);
    expect(seatAddons(couple3d, undefined)).toEqual([]);
    expect(seatAddons(plain, undefined)).toEqual([]);
    expect(seatAddons(undefined, undefined)).toEqual([]);
  });

  it("keeps what the customer chose, of the ticket's add-ons only, once each, in the ticket's order", () => {
    expect(seatAddons(regular3d, [])).toEqual([]);
    expect(seatAddons(regular3d, [BLANKET, GLASSES, BLANKET])).toEqual([GLASSES, BLANKET]);
    // Chosen for another ticket before the ticket changed: dropped.
    expect(seatAddons(plain, [GLASSES])).toEqual([]);
    expect(seatAddons(couple3d, [BLANKET, GLASSES])).toEqual([GLASSES]);
  });
});

describe('checkTickets with add-ons', () => {
  it("accepts the ticket's own add-ons", () => {
    expect(checkTickets(groups, [seat('A_1_1', 101, [GLASSES, BLANKET]), seat('A_2_1', 101)])).toEqual([]);
  });

  it('refuses an add-on of another ticket, an unknown one, and one taken twice on a seat', () => {
    expect(
      checkTickets(groups, [
        seat('A_1_1', 103, [GLASSES]),
        seat('A_2_1', 101, [99]),
        seat('A_3_1', 101, [GLASSES, GLASSES]),
      ]),
    ).toEqual([
      { code: 'addon_not_offered', key: 'A_1_1', addonId: GLASSES },
      { code: 'addon_not_offered', key: 'A_2_1', addonId: 99 },
      { code: 'addon_not_offered', key: 'A_3_1', addonId: GLASSES },
    ]);
  });
});

describe('priceOrder with add-ons', () => {
  it("prices each seat's add-ons at its ticket's prices, on every seat of a couple ticket too", () => {
    const order = priceOrder(
      groups,
      [seat('A_1_1', 101, [GLASSES, BLANKET]), seat('L_1_1', 102, [GLASSES]), seat('L_1_2', 102, [GLASSES])],
      500,
      [{ price: 3200, quantity: 1 }],
    );
    expect(order.seats.map((s) => [s.key, s.price, s.addons])).toEqual([
      [
        'A_1_1',
        4200,
        [
          { id: GLASSES, price: 500 },
          { id: BLANKET, price: 1200 },
        ],
      ],
      ['L_1_1', 9800, [{ id: GLASSES, price: 400 }]],
      ['L_1_2', 0, [{ id: GLASSES, price: 400 }]],
    ]);
    expect(order.tickets).toBe(4200 + 9800);
    expect(order.addons).toBe(500 + 1200 + 400 + 400);
    expect(order.total).toBe(4200 + 9800 + 2500 + 3 * 500 + 3200);
  });

  it('refuses to price an add-on the ticket does not carry', () => {
    expect(() => priceOrder(groups, [seat('A_1_1', 103, [GLASSES])], 0, [])).toThrow(/add-on 1/);
  });

  it('keeps the add-ons on a hold order, which only drops the service charge', () => {
    const held = withoutServiceCharge(priceOrder(groups, [seat('A_1_1', 101, [GLASSES])], 500, []));
    expect(held).toMatchObject({ tickets: 4200, addons: 500, serviceCharge: 0, total: 4700 });
  });
});

// ---- properties ----

const addonArb = fc.record({ id: fc.integer({ min: 1, max: 6 }), price: fc.nat(5_000) });
const ticketArb = fc.record({
  price: fc.nat(100_000),
  serviceCharge: fc.oneof(fc.constant(0), fc.nat(3_000)),
  multiplyFactor: fc.integer({ min: 0, max: 3 }),
  addons: fc.uniqueArray(addonArb, { selector: (a) => a.id, maxLength: 4 }),
  isFirstAddonSelected: fc.boolean(),
});

const orderArb = fc.array(ticketArb, { minLength: 1, maxLength: 5 }).chain((shapes) => {
  const tickets = shapes.map((s, i) => ticket(i + 1, s));
  const pick = fc.record({
    ticket: fc.nat(tickets.length - 1),
    // Chosen add-ons as a subset of ids, or nothing chosen (the ticket's default).
    chosen: fc.option(fc.subarray([1, 2, 3, 4, 5, 6]), { nil: undefined }),
  });
  return fc.tuple(
    fc.constant(tickets),
    fc.array(pick, { maxLength: 12 }),
    fc.nat(3_000),
    fc.array(fc.record({ price: fc.nat(50_000), quantity: fc.nat(10) }), { maxLength: 4 }),
  );
});

describe('priceOrder with add-ons, properties', () => {
  it('totals the parts, never fractional, with add-ons summed seat by seat', () => {
    fc.assert(
      fc.property(orderArb, ([tickets, picks, charge, products]) => {
        const gs: RuleGroup[] = [{ id: 1, tickets }];
        const seats = picks.map((p, i) => {
          const t = tickets[p.ticket]!;
          return seat(`S_${i}_0`, t.id, seatAddons(t, p.chosen));
        });
        expect(checkTickets(gs, seats).filter((x) => x.code === 'addon_not_offered')).toEqual([]);
        const order = priceOrder(gs, seats, charge, products);

        // Independently: every seat pays for each add-on it took, at its own ticket's add-on price.
        let addons = 0;
        for (const s of seats) {
          const t = tickets.find((x) => x.id === s.ticketId)!;
          for (const id of s.addons ?? []) addons += t.addons!.find((a) => a.id === id)!.price;
        }
        expect(order.addons).toBe(addons);
        expect(order.total).toBe(order.tickets + order.addons + order.serviceCharge + order.products);
        for (const n of [order.total, order.addons, order.tickets]) {
          expect(Number.isInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(0);
        }
        const held = withoutServiceCharge(order);
        expect(held.total).toBe(order.total - order.serviceCharge);
        expect(held.addons).toBe(order.addons);
      }),
    );
  });

  it('prices the same add-ons whatever order they were ticked in', () => {
    fc.assert(
      fc.property(orderArb, fc.func(fc.nat()), ([tickets, picks, charge, products], rank) => {
        const gs: RuleGroup[] = [{ id: 1, tickets }];
        const seatsWith = (shuffle: boolean) =>
          picks.map((p, i) => {
            const t = tickets[p.ticket]!;
            const chosen = seatAddons(t, p.chosen);
            return seat(`S_${i}_0`, t.id, shuffle ? [...chosen].sort((a, b) => rank(a) - rank(b)) : chosen);
          });
        const a = priceOrder(gs, seatsWith(false), charge, products);
        const b = priceOrder(gs, seatsWith(true), charge, products);
        expect(b.addons).toBe(a.addons);
        expect(b.total).toBe(a.total);
      }),
    );
  });
});
