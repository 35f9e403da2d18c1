import { type Kysely, sql } from 'kysely';
import { type LocalizedText, type Locale, VOD_VENUE_TYPES } from '../../../src/api/contract/common.ts';
import type { OrderDocument } from '../../../src/api/contract/order.ts';
import { currencyInfo } from '../../../src/domain/currency.ts';
import type { Database } from '../../db/types.ts';
import { SERVICE_CHARGE_LABEL } from '../catalogue/presentations.ts';
import { sectionNamesOf } from '../catalogue/seatplans.ts';
import { venueAddressField } from '../catalogue/venueAddress.ts';
import { found, hasRows } from './contents.ts';
import { ORDER_DETAIL_COLUMNS, orderDetailsOf } from './orderDetails.ts';
import { type PaymentRow, paidPaymentRows, toOrderPayment } from './payments.ts';
import { loadOrderPurchases } from './purchases.ts';
import { orderVideos } from '../vod/orderVideos.ts';
import { doorKey, signedDoorCode } from '../door/keys.ts';

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
  return (await readOrderDocument(db, by, now))?.document ?? null;
}

/**
 * `loadOrderDocument`, with what the checkout's answer shows besides: the customer's e-mail and the
 * payments as rows. The order's own statement also says which of the optional tables have rows of it
 * (contents.ts), and only those are read: an order of seats is read in four statements, not fifteen.
 */
export async function readOrderDocument(
  db: Kysely<Database>,
  by: { reservationIdentifier: string } | { documentKey: string },
  now: number,
): Promise<{ document: OrderDocument; email: string | null; payments: PaymentRow[] } | null> {
  const has = (table: Parameters<typeof hasRows>[0]['table']) =>
    hasRows({ table }, 'o.reservation_identifier');
  let q = db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('venues as v', 'v.id', 'o.location_id')
    .select(ORDER_DETAIL_COLUMNS)
    .select([
      'c.email',
      has('order_ticket_addons').as('has_addons'),
      has('order_products').as('has_products'),
      has('system_vouchers').as('has_vouchers'),
      has('order_donation_lines').as('has_donations'),
      has('order_membership_lines').as('has_memberships'),
      has('enrolments').as('has_enrolment'),
      has('video_rentals').as('has_videos'),
      has('order_waivers').as('has_waiver'),
    ])
    .select([
      'o.reservation_identifier',
      'o.document_key',
      'o.created_at',
      'o.locale',
      'o.state',
      'o.tickets_total',
      'o.addons_total',
      'o.service_charge_total',
      'o.products_total',
      'o.vouchers_total',
      'o.donations_total',
      'o.receipt_number',
      'o.confirmed_at',
      'o.total',
      'c.first_name',
      'c.last_name',
      'o.is_hold',
      'o.hold_deadline',
      'o.currency_code',
      'o.referral_mini_site_id',
    ]);
  q =
    'documentKey' in by
      ? q.where('o.document_key', '=', by.documentKey)
      : q.where('o.reservation_identifier', '=', by.reservationIdentifier);
  const order = await q.executeTakeFirst();
  if (!order || (order.state !== 'paid' && order.state !== 'held')) return null;
  const isHold = order.state === 'held';
  const customerName = [order.first_name, order.last_name].filter(Boolean).join(' ');
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
      't.ticket_code',
      'tk.name_json as ticket_name_json',
      'tg.name_json as group_name_json',
    ])
    .where('t.reservation_identifier', '=', id)
    .where('t.state', '=', 'valid')
    .orderBy('t.sort')
    .execute();
  const addons = found(order.has_addons) ? await ticketAddons(db, id) : new Map<string, Addons>();
  const key = await doorKey(db);
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
          'p.seatplan_id',
          'f.title_json',
          'f.category',
          'v.name_json as venue_json',
          'v.address_json as venue_address_json',
          'sp.hall_name_json',
        ])
        .where('p.id', 'in', presentationIds)
        .orderBy('p.starts_at')
        .execute()
    : [];
  const planOf = new Map(presentations.map((p) => [p.id, p.seatplan_id]));
  const sections = await sectionNamesOf(db, [...planOf.values()]);
  const products = !found(order.has_products)
    ? []
    : await db
        .selectFrom('order_products as op')
        .innerJoin('products as pr', 'pr.id', 'op.product_id')
        .select(['op.product_id', 'op.presentation_id', 'op.unit_price', 'pr.name_json'])
        // What staff refunded of a line (issue 36) is no longer the customer's.
        .select(sql<number>`op.quantity - op.refunded_quantity`.as('quantity'))
        .where('op.reservation_identifier', '=', id)
        .whereRef('op.refunded_quantity', '<', 'op.quantity')
        .orderBy('op.presentation_id')
        .orderBy('op.product_id')
        .execute();

  const payments = await paidPaymentRows(db, id);
  const document: OrderDocument = {
    reservationIdentifier: id,
    documentKey: order.document_key,
    createdAt: new Date(order.created_at).toISOString(),
    locale: order.locale as Locale,
    customerName,
    presentations: presentations.map((p) => ({
      id: p.id,
      title: text(p.title_json),
      category: p.category as OrderDocument['presentations'][number]['category'],
      venueName: text(p.venue_json),
      ...venueAddressField(p.venue_address_json),
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
      sectionNames: sections.get(planOf.get(t.presentation_id) ?? 0)?.get(t.section_id) ?? {},
      row: t.row_name,
      seat: t.seat_name,
      ticketGroupName: text(t.group_name_json),
      ticketName: text(t.ticket_name_json),
      price: t.price,
      serviceCharge: t.service_charge,
      isSubTicket: t.is_sub_ticket === 1,
      ticketCode: t.ticket_code,
      doorCode: signedDoorCode(key, t.ticket_identifier, t.presentation_id),
      addons: addons.get(t.ticket_identifier) ?? [],
    })),
    products: products.map((p) => ({
      id: p.product_id,
      presentationId: p.presentation_id,
      name: text(p.name_json),
      quantity: Number(p.quantity),
      unitPrice: p.unit_price,
      total: p.unit_price * Number(p.quantity),
    })),
    serviceChargeLabel: SERVICE_CHARGE_LABEL,
    totals: {
      tickets: order.tickets_total,
      addons: order.addons_total,
      serviceCharge: order.service_charge_total,
      products: order.products_total,
      vouchers: order.vouchers_total ?? 0,
      donations: order.donations_total ?? 0,
      total: order.total,
    },
    isHold,
    holdDeadline: isHold && order.hold_deadline !== null ? new Date(order.hold_deadline).toISOString() : null,
    holdExpired: isHold && (order.hold_deadline ?? 0) <= now,
    ...orderDetailsOf(order),
    ...(await loadOrderPurchases(
      db,
      { ...order, customerName },
      {
        vouchers: found(order.has_vouchers),
        donations: found(order.has_donations),
        memberships: found(order.has_memberships),
        enrolment: found(order.has_enrolment),
      },
    )),
    ...(found(order.has_videos) ? await orderVideos(db, id, order.document_key, now) : { videos: [] }),
    ...(order.currency_code ? { currency: currencyInfo(order.currency_code) } : {}),
    referralMiniSiteId: order.referral_mini_site_id,
    payments: payments.map(toOrderPayment),
    hasWaiver: found(order.has_waiver),
  };
  return { document, email: order.email, payments };
}

type Addons = OrderDocument['tickets'][number]['addons'];

/** The add-ons of an order's tickets, by ticket identifier, at the prices paid. */
export async function ticketAddons(db: Kysely<Database>, reservationIdentifier: string) {
  const rows = await db
    .selectFrom('order_ticket_addons as ota')
    .innerJoin('addons as a', 'a.id', 'ota.addon_id')
    .select(['ota.ticket_identifier', 'ota.addon_id', 'ota.price', 'a.name_json'])
    .where('ota.reservation_identifier', '=', reservationIdentifier)
    .orderBy('ota.ticket_identifier')
    .orderBy('ota.sort')
    .execute();
  const byTicket = new Map<string, OrderDocument['tickets'][number]['addons']>();
  for (const r of rows) {
    const list = byTicket.get(r.ticket_identifier) ?? [];
    list.push({ id: r.addon_id, name: text(r.name_json), price: r.price });
    byTicket.set(r.ticket_identifier, list);
  }
  return byTicket;
}

/**
 * The instant after which an order's e-ticket no longer opens: the end of its last presentation (its
 * start plus the feature's duration; for video on demand, the end of the viewing window) plus the
 * venue's grace minutes (spec section 3, "e-document grace minutes after a presentation"; default 0).
 * "After a presentation" is read as after it ends, not after it starts: a ticket must still open at
 * the door of a late-comer and during the show. Null when the order holds no presentation.
 */
export async function eDocumentOpenUntil(
  db: Kysely<Database>,
  reservationIdentifier: string,
  graceMinutes: number,
): Promise<number | null> {
  const rows = await db
    .selectFrom('order_tickets as t')
    .innerJoin('presentations as p', 'p.id', 't.presentation_id')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .select(['p.starts_at', 'p.sale_end', 'p.venue_type_id', 'f.duration_minutes'])
    .distinct()
    .where('t.reservation_identifier', '=', reservationIdentifier)
    .execute();
  if (rows.length === 0) return null;
  const ends = rows.map((r) =>
    VOD_VENUE_TYPES.has(r.venue_type_id)
      ? Number(r.sale_end)
      : Number(r.starts_at) + r.duration_minutes * MINUTE,
  );
  return Math.max(...ends) + graceMinutes * MINUTE;
}

const MINUTE = 60_000;
