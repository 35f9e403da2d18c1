import type { Kysely, Selectable } from 'kysely';
import type {
  Presentation,
  Ticket,
  TicketAddon,
  TicketGroup,
} from '../../../src/api/contract/presentations.ts';
import type { Database } from '../../db/types.ts';
import { assertOnSale, findRow, SERVICE_CHARGE_LABEL, text } from './presentations.ts';
import { assertOnline } from './scope.ts';

/** A presentation's price levels and their tickets: what is sold, how much of each quota is left. */

/**
 * Tickets taken per ticket type for a presentation (a multi-seat ticket counts once): sold, being paid
 * for, or in a hold order whose deadline has not passed.
 */
async function soldByTicket(
  db: Kysely<Database>,
  presentationId: number,
  now: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .select(['t.ticket_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.presentation_id', '=', presentationId)
    .where('t.state', 'in', ['valid', 'pending'])
    .where('t.is_sub_ticket', '=', 0)
    .where((eb) => eb.or([eb('o.state', '!=', 'held'), eb('o.hold_deadline', '>', now)]))
    .groupBy('t.ticket_id')
    .execute();
  return new Map(rows.map((r) => [r.ticket_id, Number(r.n)]));
}

export async function getTicketGroups(
  db: Kysely<Database>,
  id: number,
  now: number,
): Promise<{ ticketGroups: TicketGroup[]; serviceCharge: Presentation['serviceCharge'] }> {
  const row = await findRow(db, id);
  assertOnSale(row, now);
  assertOnline(row);
  return {
    ticketGroups: await loadTicketGroups(db, id, now),
    serviceCharge: { amount: row.service_charge, label: SERVICE_CHARGE_LABEL },
  };
}

/**
 * Which tickets a read lists: `visible` those every customer sees (the ticket step's groups), `all` with
 * the hidden ones only a code unlocks (the checkout, which prices whatever a seat carries), `hidden` those
 * alone (ticket codes).
 */
export type TicketVisibility = 'visible' | 'all' | 'hidden';

export type TicketRow = Selectable<Database['tickets']> & { group_id: number; group_name_json: string };

/** The presentation's ticket rows in its price levels, in order, with each level's name. */
async function ticketRows(db: Kysely<Database>, id: number, which: TicketVisibility): Promise<TicketRow[]> {
  let q = db
    .selectFrom('presentation_ticket_groups as ptg')
    .innerJoin('ticket_groups as tg', 'tg.id', 'ptg.ticket_group_id')
    .innerJoin('tickets as t', 't.ticket_group_id', 'tg.id')
    // The ticket types of the presentation's price list only.
    .innerJoin('presentations as pl', 'pl.id', 'ptg.presentation_id')
    .whereRef('t.price_list_id', '=', 'pl.price_list_id')
    .select(['tg.id as group_id', 'tg.name_json as group_name_json'])
    .selectAll('t')
    .where('ptg.presentation_id', '=', id);
  if (which !== 'all') q = q.where('t.is_hidden', '=', which === 'hidden' ? 1 : 0);
  return q.orderBy('tg.id').orderBy('t.sort').execute();
}

/** A ticket row as the contract's Ticket, with what is left of its quota and its add-ons. */
function toTicket(
  t: TicketRow,
  sold: Map<number, number>,
  addons: Awaited<ReturnType<typeof addonsByTicket>>,
): Ticket {
  return {
    id: t.id,
    name: text(t.name_json),
    code: t.code,
    price: t.price,
    oldPrice: t.old_price,
    serviceCharge: t.service_charge,
    pricePolicyId: t.price_policy_id,
    multiplyFactor: t.multiply_factor,
    isMultiplyFactorSubTicket: t.is_sub_ticket === 1,
    ref1prompt: t.ref1prompt,
    ref2prompt: t.ref2prompt,
    minQuantity: t.min_quantity,
    maxQuantity: t.max_quantity,
    requiredTicketId: t.required_ticket_id,
    requiredMinimum: t.required_minimum,
    remaining: t.quota === null ? null : Math.max(0, t.quota - (sold.get(t.id) ?? 0)),
    addons: addons.get(t.id)?.map(({ preselect: _, ...a }) => a) ?? [],
    isFirstAddonSelected: addons.get(t.id)?.[0]?.preselect ?? false,
    ...(t.min_age !== null || t.max_age !== null ? { minAge: t.min_age, maxAge: t.max_age } : {}),
  };
}

/** The presentation's tickets with their rows (the columns a code or a reference prompt needs). */
export async function loadTickets(
  db: Kysely<Database>,
  id: number,
  now: number,
  which: TicketVisibility,
): Promise<{ row: TicketRow; ticket: Ticket }[]> {
  const rows = await ticketRows(db, id, which);
  if (rows.length === 0) return [];
  const sold = await soldByTicket(db, id, now);
  const addons = await addonsByTicket(db, id);
  return rows.map((row) => ({ row, ticket: toTicket(row, sold, addons) }));
}

/**
 * The presentation's price levels and ticket types, with what is left of each ticket's quota. Hidden
 * tickets (only a code unlocks them) are left out unless `which` asks for them.
 */
export async function loadTicketGroups(
  db: Kysely<Database>,
  id: number,
  now: number,
  which: TicketVisibility = 'visible',
): Promise<TicketGroup[]> {
  const groups = new Map<number, TicketGroup>();
  for (const { row, ticket } of await loadTickets(db, id, now, which)) {
    let group = groups.get(row.group_id);
    if (!group) {
      group = { id: row.group_id, name: text(row.group_name_json), tickets: [] };
      groups.set(row.group_id, group);
    }
    group.tickets.push(ticket);
  }
  return [...groups.values()];
}

/** The add-ons each ticket type carries at the presentation, in their order, at the offer's price. */
async function addonsByTicket(db: Kysely<Database>, presentationId: number) {
  const rows = await db
    .selectFrom('ticket_addons as ta')
    .innerJoin('addons as a', 'a.id', 'ta.addon_id')
    .select(['ta.ticket_id', 'ta.addon_id', 'ta.price', 'ta.preselect', 'a.name_json'])
    .where('ta.presentation_id', '=', presentationId)
    .orderBy('ta.ticket_id')
    .orderBy('ta.sort')
    .orderBy('ta.addon_id')
    .execute();
  const byTicket = new Map<number, (TicketAddon & { preselect: boolean })[]>();
  for (const r of rows) {
    const list = byTicket.get(r.ticket_id) ?? [];
    list.push({ id: r.addon_id, name: text(r.name_json), price: r.price, preselect: r.preselect === 1 });
    byTicket.set(r.ticket_id, list);
  }
  return byTicket;
}
