import { describe, expect, it } from 'vitest';
import { ticketFixture } from '../../../test/fixtures/ticket.ts';
import type { TicketGroup } from '../../api/contract/presentations.ts';
import { counterProblem } from '../../domain/payment/counter.ts';
import {
  type CounterSeat,
  cashSuggestions,
  paymentsOf,
  saleCart,
  saleTotals,
  type TenderRow,
  tendersOf,
  ticketChoices,
} from './sale.ts';

const ticket = (id: number, price: number, over: Partial<TicketGroup['tickets'][number]> = {}) => ({
  ...ticketFixture(id, price),
  ...over,
});
const groups: TicketGroup[] = [
  {
    id: 1,
    name: { en: 'Regular' },
    tickets: [ticket(10, 4_000), ticket(11, 3_000), ticket(12, 0, { isMultiplyFactorSubTicket: true })],
  },
];
const seat = (x: number, ticketId: number | null = null): CounterSeat => ({
  key: `5_${x}_1`,
  sectionId: 5,
  x,
  y: 1,
  ticketGroup: 1,
  section: 'Hall',
  row: '1',
  seat: String(x),
  ticketId,
});

describe('the counter sale', () => {
  it('prices seats at their default ticket or the one chosen, with the fee and the products', () => {
    const totals = saleTotals(groups, [seat(1), seat(2, 11)], 500, [{ price: 1_200, quantity: 2 }]);
    expect(totals).toMatchObject({ tickets: 7_000, serviceCharge: 1_000, products: 2_400, total: 10_400 });
    expect(ticketChoices(seat(1), groups).map((t) => t.id)).toEqual([10, 11]);
    expect(saleTotals(groups, [{ ...seat(1), ticketGroup: 9 }], 0, [])).toBeNull();
  });

  it('builds the cart the box office sells', () => {
    expect(saleCart(7, groups, [seat(1), seat(2, 11)], { 3: 2, 4: 0 })).toEqual({
      seats: [
        { pi: 7, si: 5, x: 1, y: 1, tg: 1, ticketId: 10 },
        { pi: 7, si: 5, x: 2, y: 1, tg: 1, ticketId: 11 },
      ],
      products: [{ id: 3, presentationId: 7, selectedQuantity: 2 }],
    });
  });

  it('turns the panel rows into payments the shared rule checks', () => {
    const rows: TenderRow[] = [
      { id: 1, method: 'cash', amount: 5_000, tendered: 10_000 },
      { id: 2, method: 'cardPresent', amount: 2_400, reference: ' T-9 ', last4: '' },
      { id: 3, method: 'giftCard', amount: null, reference: 'GIFT-1' },
    ];
    expect(paymentsOf(rows)).toEqual([
      { method: 'cash', amount: 5_000, tendered: 10_000 },
      { method: 'cardPresent', amount: 2_400, reference: 'T-9' },
    ]);
    expect(counterProblem(7_400, tendersOf(rows))).toBeNull();
    expect(counterProblem(8_000, tendersOf(rows))).toMatchObject({ code: 'counter_payment_mismatch' });
  });

  it('suggests the exact cash and the round sums above it', () => {
    expect(cashSuggestions(8_400)).toEqual([8_400, 9_000, 10_000, 20_000]);
    expect(cashSuggestions(10_000)).toEqual([10_000, 20_000]);
    expect(cashSuggestions(0)).toEqual([]);
  });
});
