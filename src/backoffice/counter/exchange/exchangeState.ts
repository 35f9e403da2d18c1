import { ApiCallError } from '../../../api/client.ts';
import { api } from '../../../api/endpoints.ts';
import type { ExchangeSelection } from '../../../api/contract/orderChanges.ts';
import { ordersApi } from '../../orders/api.ts';
import { type CounterSeat, ticketIdOf } from '../sale.ts';
import { counter, leavePresentation } from '../saleStore.ts';
import type { TicketGroup } from '../../../api/contract/presentations.ts';

/** Tickets of an order being exchanged at the counter: where they are now, and what they cost. */
export interface Exchanging {
  rid: string;
  tickets: string[];
  featureId: number;
  from: { id: number; title: Record<string, string>; dateTime: string };
  /** The seats given back, as the order page names them. */
  seats: { section: Record<string, string>; fallback: string; row: string; seat: string }[];
}

/**
 * Starts an exchange (issue 36): the order's chosen tickets (valid seat tickets of one presentation,
 * named on the order page) are read, and the counter offers only presentations of the same feature.
 * Refused as the box office would refuse it (order_line_not_refundable) before a seat is taken.
 */
export async function startExchange(rid: string, tickets: readonly string[]): Promise<void> {
  await leavePresentation();
  const order = await ordersApi.order(rid);
  const chosen = order.tickets.filter((t) => tickets.includes(t.ticketIdentifier) && t.state === 'valid');
  const fromId = chosen[0]?.presentationId;
  const from = order.presentations.find((p) => p.id === fromId);
  if (!from || chosen.length !== tickets.length || chosen.some((t) => t.presentationId !== fromId))
    throw new ApiCallError('order_line_not_refundable', 409, 'the tickets cannot be exchanged');
  const show = await api.presentation(from.id);
  counter.exchange = {
    rid: order.reservationIdentifier,
    tickets: chosen.map((t) => t.ticketIdentifier),
    featureId: show.featureId,
    from: { id: from.id, title: from.title as Record<string, string>, dateTime: from.dateTime },
    seats: chosen.map((t) => ({
      section: t.sectionNames as Record<string, string>,
      fallback: t.section,
      row: t.row,
      seat: t.seat,
    })),
  };
}

/** The exchange given up or done: back to selling. */
export async function endExchange(): Promise<void> {
  await leavePresentation();
  counter.exchange = null;
}

/** The exchange as the box office takes it: the held seats, each with its ticket type. */
export function exchangeSelection(
  x: Exchanging,
  presentationId: number,
  seats: readonly CounterSeat[],
  groups: readonly TicketGroup[],
): ExchangeSelection {
  return {
    tickets: x.tickets,
    presentationId,
    seats: seats.map((s) => ({
      section: s.sectionId,
      x: s.x,
      y: s.y,
      tg: s.ticketGroup,
      ticketId: ticketIdOf(s, groups) ?? 0,
    })),
  };
}
