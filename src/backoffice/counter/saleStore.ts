import { proxy } from 'valtio';
import type { CounterPayment } from '../../api/contract/counter.ts';
import type { Locale } from '../../api/contract/common.ts';
import type { CounterCustomer } from '../../domain/counterCustomer.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import { api } from '../../api/endpoints.ts';
import { shiftChanged } from './shift/shiftState.ts';
import { type CounterSale, counterApi } from './api.ts';
import type { Exchanging } from './exchange/exchangeState.ts';
import { type CounterSeat, saleCart } from './sale.ts';

/** A sale made: the box office's answer, with what the receipt needs that the answer does not carry. */
export interface DoneSale {
  sale: CounterSale;
  /** The cash handed over, when cash was taken. */
  tendered: number | null;
  clerk: string;
}

export interface CounterState {
  presentation: Presentation | null;
  groups: TicketGroup[];
  /** Seats this browser's visitor holds for the sale, in the order they were taken. */
  seats: CounterSeat[];
  /** Product id → quantity. */
  quantities: Record<number, number>;
  done: DoneSale | null;
  /** Tickets of an order being exchanged for seats picked here (exchange/exchangeState.ts); null: a sale. */
  exchange: Exchanging | null;
}

/**
 * The counter's one store (issue 36) and its intents: the presentation being sold, the seats held for
 * it (the map and the general-admission picker report them), the ticket of each seat, the products, and
 * the sale made. Components call these intents; the seat calls themselves stay with the map.
 */
export const counter = proxy<CounterState>({
  presentation: null,
  groups: [],
  seats: [],
  quantities: {},
  done: null,
  exchange: null,
});

/** Opens a presentation for sale: its details and the ticket types of its price levels, fresh. */
export async function openPresentation(id: number): Promise<void> {
  const [presentation, tickets] = await Promise.all([api.presentation(id), api.ticketGroups(id)]);
  Object.assign(counter, {
    presentation,
    groups: tickets.ticketGroups,
    seats: [],
    quantities: {},
    done: null,
  });
}

export function seatsHeld(seats: readonly CounterSeat[]): void {
  const known = new Set(counter.seats.map((s) => s.key));
  counter.seats.push(...seats.filter((s) => !known.has(s.key)));
}

export function seatsReleased(keys: readonly string[]): void {
  const gone = new Set(keys);
  counter.seats = counter.seats.filter((s) => !gone.has(s.key));
}

export function chooseTicket(key: string, ticketId: number): void {
  const seat = counter.seats.find((s) => s.key === key);
  if (seat) seat.ticketId = ticketId;
}

export function setQuantity(productId: number, quantity: number): void {
  counter.quantities[productId] = quantity;
}

/** Lets every held seat go at the box office (a sale given up, another show picked). */
export async function releaseAll(): Promise<void> {
  const p = counter.presentation;
  const seats = [...counter.seats];
  if (p)
    await Promise.allSettled(
      seats.map((s) =>
        api.unlockSeat({
          PresentationId: p.id,
          VenueId: p.venueId,
          VenueSeatplanId: p.seatplanId,
          VenueSectionId: s.sectionId,
          TicketGroupId: s.ticketGroup,
          XCoordinate: s.x,
          YCoordinate: s.y,
        }),
      ),
    );
  seatsReleased(seats.map((s) => s.key));
  counter.quantities = {};
}

/** Back to the presentation picker, the seats let go. */
export async function leavePresentation(): Promise<void> {
  await releaseAll();
  Object.assign(counter, { presentation: null, groups: [], done: null });
}

/** The key of the sale being tried: the same cart and payments tried again keep it (a lost answer). */
let attempt: { body: string; key: string } | null = null;

/** Sells the cart for the payments; the shift bar reads its figures again. */
export async function sell(
  payments: CounterPayment[],
  customer: CounterCustomer,
  locale: Locale,
  clerk: string,
): Promise<void> {
  const p = counter.presentation;
  if (!p) return;
  const name = customer.name?.trim();
  const phone = customer.phone?.trim();
  const body = {
    cart: saleCart(p.id, counter.groups, counter.seats, counter.quantities),
    payments,
    ...(name || phone ? { customer: { ...(name ? { name } : {}), ...(phone ? { phone } : {}) } } : {}),
    locale,
  };
  const print = JSON.stringify(body);
  if (attempt?.body !== print) attempt = { body: print, key: crypto.randomUUID() };
  const sale = await counterApi.sell(body, attempt.key);
  attempt = null;
  const cash = payments.find((x) => x.method === 'cash');
  counter.done = { sale, tendered: cash?.method === 'cash' ? cash.tendered : null, clerk };
  counter.seats = [];
  counter.quantities = {};
  shiftChanged();
}

/** The next customer, at the same presentation: its ticket types read again (quotas move). */
export async function nextSale(): Promise<void> {
  const p = counter.presentation;
  counter.done = null;
  if (p) counter.groups = (await api.ticketGroups(p.id)).ticketGroups;
}
