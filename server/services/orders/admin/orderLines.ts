import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import type { OrderView } from '../../../../src/api/contract/ordersAdmin.ts';
import type { Database } from '../../../db/types.ts';
import { sectionNamesOf } from '../../catalogue/seatplans.ts';
import { ticketAddons } from '../documents.ts';

type Db = Kysely<Database>;
const text = (json: string) => JSON.parse(json) as LocalizedText;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * What an order holds, as staff see it: every ticket in every state (the e-ticket shows only the valid
 * ones; the box office must see what was cancelled, voided by a failed payment, refunded or exchanged
 * by staff: `adjustmentId`), the shows they are for (called off or not), the products with what staff
 * refunded of them, and the gift cards and vouchers the order sold with their state and what is left.
 */
export async function orderLines(
  db: Db,
  rid: string,
): Promise<Pick<OrderView, 'tickets' | 'presentations' | 'products' | 'vouchers'>> {
  const [tickets, addons, products, vouchers] = await Promise.all([
    db
      .selectFrom('order_tickets as t')
      .innerJoin('tickets as tk', 'tk.id', 't.ticket_id')
      .leftJoin('ticket_groups as tg', 'tg.id', 't.ticket_group_id')
      .leftJoin('ticket_entries as e', 'e.ticket_identifier', 't.ticket_identifier')
      .select([
        'e.inside',
        'e.entries',
        'e.last_at',
        'e.last_door',
        't.ticket_identifier',
        't.presentation_id',
        't.kind',
        't.section_id',
        't.section_name',
        't.row_name',
        't.seat_name',
        't.price',
        't.service_charge',
        't.is_sub_ticket',
        't.state',
        't.ticket_code',
        't.member_number',
        't.adjustment_id',
        'tk.name_json as ticket_name_json',
        'tg.name_json as group_name_json',
      ])
      .where('t.reservation_identifier', '=', rid)
      .orderBy('t.sort')
      .orderBy('t.ticket_identifier')
      .execute(),
    ticketAddons(db, rid),
    db
      .selectFrom('order_products as op')
      .innerJoin('products as pr', 'pr.id', 'op.product_id')
      .select([
        'op.product_id',
        'op.presentation_id',
        'op.quantity',
        'op.refunded_quantity',
        'op.unit_price',
        'pr.name_json',
      ])
      .where('op.reservation_identifier', '=', rid)
      .orderBy('op.presentation_id')
      .orderBy('op.product_id')
      .execute(),
    db
      .selectFrom('system_vouchers as v')
      .innerJoin('system_voucher_classes as k', 'k.id', 'v.class_id')
      .leftJoin('voucher_offers as o', 'o.id', 'v.offer_id')
      .select([
        'v.reference',
        'v.price',
        'v.balance',
        'v.state',
        'k.is_stored_value',
        'k.name_json as class_name_json',
        'o.name_json as offer_name_json',
      ])
      .where('v.reservation_identifier', '=', rid)
      .orderBy('v.reference')
      .execute(),
  ]);

  const ids = [...new Set(tickets.map((t) => t.presentation_id))];
  const presentations = ids.length
    ? await db
        .selectFrom('presentations as p')
        .innerJoin('features as f', 'f.id', 'p.feature_id')
        .innerJoin('venues as v', 'v.id', 'p.venue_id')
        .innerJoin('seatplans as sp', 'sp.id', 'p.seatplan_id')
        .select([
          'p.id',
          'p.starts_at',
          'p.business_date',
          'p.seatplan_id',
          'p.called_off_at',
          'f.title_json',
          'v.name_json as venue_json',
          'sp.hall_name_json',
        ])
        .where('p.id', 'in', ids)
        .orderBy('p.starts_at')
        .execute()
    : [];
  const planOf = new Map(presentations.map((p) => [p.id, p.seatplan_id]));
  const sections = await sectionNamesOf(db, [...planOf.values()]);

  return {
    presentations: presentations.map((p) => ({
      id: p.id,
      title: text(p.title_json),
      dateTime: iso(p.starts_at),
      businessDate: p.business_date,
      venueName: text(p.venue_json),
      hallName: text(p.hall_name_json),
      calledOff: p.called_off_at !== null,
    })),
    tickets: tickets.map((t) => ({
      ticketIdentifier: t.ticket_identifier,
      presentationId: t.presentation_id,
      kind: t.kind,
      section: t.section_name,
      sectionNames: sections.get(planOf.get(t.presentation_id) ?? 0)?.get(t.section_id) ?? {},
      row: t.row_name,
      seat: t.seat_name,
      ticketGroupName: t.group_name_json ? text(t.group_name_json) : {},
      ticketName: text(t.ticket_name_json),
      price: t.price,
      serviceCharge: t.service_charge,
      isSubTicket: t.is_sub_ticket === 1,
      state: t.state,
      ticketCode: t.ticket_code,
      memberNumber: t.member_number,
      adjustmentId: t.adjustment_id,
      addons: addons.get(t.ticket_identifier) ?? [],
      entry:
        t.entries == null
          ? null
          : {
              inside: t.inside === 1,
              entries: t.entries,
              lastAt: t.last_at == null ? null : new Date(Number(t.last_at)).toISOString(),
              lastDoor: t.last_door,
            },
    })),
    products: products.map((p) => ({
      id: p.product_id,
      presentationId: p.presentation_id,
      name: text(p.name_json),
      quantity: p.quantity,
      refundedQuantity: p.refunded_quantity,
      unitPrice: p.unit_price,
    })),
    vouchers: vouchers.map((v) => ({
      reference: v.reference,
      name: text(v.offer_name_json ?? v.class_name_json),
      isStoredValue: v.is_stored_value === 1,
      price: v.price,
      balance: Number(v.balance),
      state: v.state,
    })),
  };
}
