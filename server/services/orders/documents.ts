import type { Kysely } from 'kysely';
import type { LocalizedText, Locale } from '../../../src/api/contract/common.ts';
import type { OrderDocument } from '../../../src/api/contract/order.ts';
import type { Database } from '../../db/types.ts';
import { SERVICE_CHARGE_LABEL } from '../catalogue/presentations.ts';

const text = (json: string) => JSON.parse(json) as LocalizedText;

/**
 * An order as its confirmation and electronic ticket show it, by reservation identifier (the buyer's
 * own confirmation) or by its unguessable document key (the e-ticket link): a paid order, or a hold
 * order (with its deadline, and whether it passed). Null when unknown, or not (yet) an order: a payment
 * still under way, or one that failed.
 */
export async function loadOrderDocument(
  db: Kysely<Database>,
  by: { reservationIdentifier: string } | { documentKey: string },
  now: number,
): Promise<OrderDocument | null> {
  let q = db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.reservation_identifier',
      'o.document_key',
      'o.created_at',
      'o.locale',
      'o.state',
      'o.tickets_total',
      'o.service_charge_total',
      'o.products_total',
      'o.total',
      'c.first_name',
      'c.last_name',
      'o.is_hold',
      'o.hold_deadline',
    ]);
  q =
    'documentKey' in by
      ? q.where('o.document_key', '=', by.documentKey)
      : q.where('o.reservation_identifier', '=', by.reservationIdentifier);
  const order = await q.executeTakeFirst();
  if (!order || (order.state !== 'paid' && order.state !== 'held')) return null;
  const isHold = order.state === 'held';
  const id = order.reservation_identifier;

  const tickets = await db
    .selectFrom('order_tickets as t')
    .innerJoin('tickets as tk', 'tk.id', 't.ticket_id')
    .innerJoin('ticket_groups as tg', 'tg.id', 't.ticket_group_id')
    .select([
      't.ticket_identifier',
      't.presentation_id',
      't.section_id',
      't.x',
      't.y',
      't.section_name',
      't.row_name',
      't.seat_name',
      't.price',
      't.service_charge',
      't.is_sub_ticket',
      'tk.name_json as ticket_name_json',
      'tg.name_json as group_name_json',
    ])
    .where('t.reservation_identifier', '=', id)
    .where('t.state', '=', 'valid')
    .orderBy('t.sort')
    .execute();
  const presentationIds = [...new Set(tickets.map((t) => t.presentation_id))];
  const presentations = presentationIds.length
    ? await db
        .selectFrom('presentations as p')
        .innerJoin('features as f', 'f.id', 'p.feature_id')
        .innerJoin('venues as v', 'v.id', 'p.venue_id')
        .innerJoin('seatplans as sp', 'sp.id', 'p.seatplan_id')
        .select([
          'p.id',
          'p.starts_at',
          'p.is_reserved',
          'p.is_display_qr',
          'f.title_json',
          'f.category',
          'v.name_json as venue_json',
          'sp.hall_name_json',
        ])
        .where('p.id', 'in', presentationIds)
        .orderBy('p.starts_at')
        .execute()
    : [];
  const products = await db
    .selectFrom('order_products as op')
    .innerJoin('products as pr', 'pr.id', 'op.product_id')
    .select(['op.product_id', 'op.presentation_id', 'op.quantity', 'op.unit_price', 'pr.name_json'])
    .where('op.reservation_identifier', '=', id)
    .orderBy('op.presentation_id')
    .orderBy('op.product_id')
    .execute();

  return {
    reservationIdentifier: id,
    documentKey: order.document_key,
    createdAt: new Date(order.created_at).toISOString(),
    locale: order.locale as Locale,
    customerName: [order.first_name, order.last_name].filter(Boolean).join(' '),
    presentations: presentations.map((p) => ({
      id: p.id,
      title: text(p.title_json),
      category: p.category as OrderDocument['presentations'][number]['category'],
      venueName: text(p.venue_json),
      hallName: text(p.hall_name_json),
      dateTime: new Date(p.starts_at).toISOString(),
      isReserved: p.is_reserved === 1,
      isDisplayQr: p.is_display_qr === 1,
    })),
    tickets: tickets.map((t) => ({
      ticketIdentifier: t.ticket_identifier,
      presentationId: t.presentation_id,
      sectionId: t.section_id,
      x: t.x,
      y: t.y,
      section: t.section_name,
      row: t.row_name,
      seat: t.seat_name,
      ticketGroupName: text(t.group_name_json),
      ticketName: text(t.ticket_name_json),
      price: t.price,
      serviceCharge: t.service_charge,
      isSubTicket: t.is_sub_ticket === 1,
    })),
    products: products.map((p) => ({
      id: p.product_id,
      presentationId: p.presentation_id,
      name: text(p.name_json),
      quantity: p.quantity,
      unitPrice: p.unit_price,
      total: p.unit_price * p.quantity,
    })),
    serviceChargeLabel: SERVICE_CHARGE_LABEL,
    totals: {
      tickets: order.tickets_total,
      serviceCharge: order.service_charge_total,
      products: order.products_total,
      total: order.total,
    },
    isHold,
    holdDeadline: isHold && order.hold_deadline !== null ? new Date(order.hold_deadline).toISOString() : null,
    holdExpired: isHold && (order.hold_deadline ?? 0) <= now,
  };
}
