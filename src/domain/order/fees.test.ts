import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allInPrice, lowestAllIn, sharedServiceCharge, ticketServiceCharge } from './fees.ts';
import { priceOrder, type RuleTicket } from './tickets.ts';
import { ticketFixture } from '../../../test/fixtures/ticket.ts';

const amount = fc.integer({ min: 0, max: 100_000 });
const priced = fc.record({ price: amount, serviceCharge: amount });

function ruleTicket(id: number, t: { price: number; serviceCharge: number }): RuleTicket {
  return { ...ticketFixture(id, t.price), serviceCharge: t.serviceCharge };
}

describe('the handling fee and the all-in price', () => {
  it("takes the ticket's own fee when it has one, else the presentation's", () => {
    expect(ticketServiceCharge(300, 1200)).toBe(300);
    expect(ticketServiceCharge(0, 1200)).toBe(1200);
    expect(ticketServiceCharge(0, 0)).toBe(0);
  });

  it('is the price and the fee of every seat the ticket takes', () => {
    expect(allInPrice({ price: 4500, serviceCharge: 0 }, 1200)).toEqual({
      price: 4500,
      serviceCharge: 1200,
      total: 5700,
    });
    // A couple ticket: one price, a fee for each of its two seats.
    expect(allInPrice({ price: 8000, serviceCharge: 0, multiplyFactor: 2 }, 500).total).toBe(9000);
  });

  it('is what the checkout charges for one seat of that ticket', () => {
    fc.assert(
      fc.property(priced, amount, (t, presentationCharge) => {
        const group = { id: 1, tickets: [ruleTicket(7, t)] };
        const order = priceOrder(
          [group],
          [{ key: 'A_1_1', ticketGroupId: 1, ticketId: 7 }],
          presentationCharge,
          [],
        );
        expect(allInPrice(t, presentationCharge).total).toBe(order.total);
        expect(allInPrice(t, presentationCharge).serviceCharge).toBe(order.serviceCharge);
      }),
    );
  });

  it('the "from" price is the cheapest ticket all in, not the cheapest price', () => {
    // ₪40 with a ₪20 fee of its own costs more than ₪45 with the presentation's ₪12.
    expect(
      lowestAllIn(
        [
          { price: 4000, serviceCharge: 2000 },
          { price: 4500, serviceCharge: 0 },
        ],
        1200,
      ),
    ).toEqual({ price: 4500, serviceCharge: 1200, total: 5700 });
    expect(lowestAllIn([], 1200)).toBeNull();
  });

  it('the "from" price is one of the tickets, all in, and no ticket costs less', () => {
    fc.assert(
      fc.property(fc.array(priced, { minLength: 1, maxLength: 8 }), amount, (tickets, presentationCharge) => {
        const best = lowestAllIn(tickets, presentationCharge)!;
        const all = tickets.map((t) => allInPrice(t, presentationCharge));
        expect(all).toContainEqual(best);
        expect(best.total).toBe(best.price + best.serviceCharge);
        for (const p of all) {
          expect(best.total).toBeLessThanOrEqual(p.total);
          if (p.total === best.total) expect(best.serviceCharge).toBeLessThanOrEqual(p.serviceCharge);
        }
      }),
    );
  });

  it('names one fee for a list only when every ticket carries it', () => {
    expect(sharedServiceCharge([{ serviceCharge: 0 }, { serviceCharge: 0 }], 1200)).toBe(1200);
    expect(sharedServiceCharge([{ serviceCharge: 1200 }, { serviceCharge: 0 }], 1200)).toBe(1200);
    expect(sharedServiceCharge([{ serviceCharge: 300 }, { serviceCharge: 0 }], 1200)).toBeNull();
  });
});
