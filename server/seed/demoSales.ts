import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import { seatKey } from '../../src/domain/seatKey.ts';
import type { Database } from '../db/types.ts';
import { seatNames } from '../services/catalogue/seatplans.ts';
import { prng } from './prng.ts';

type Trx = Transaction<Database>;
type Row<T extends keyof Database> = Insertable<Database[T]>;

const DAY = 86_400_000;
/** At most this many of a show's box-office seats become orders: keeps the seed fast and its rows bounded. */
const SEATS_PER_SHOW = 60;
/** Walk-in buyers the demo orders share (no accounts: the personal area's demo customers stay as they are). */
const BUYERS = 12;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Demo sales for the staff reports: the seats the catalogue seed marked sold at the box office (seat
 * holds without orders) become paid orders, so the reports show something on a fresh start. Per show up
 * to SEATS_PER_SHOW seats, in groups of 1-6 seats of one row, each seat with the first ticket of its
 * price level; about 40% of orders buy products of the show; about 70% sold at the box office by the
 * demo clerk, the rest online; confirmed over the last 30 days; one approved card payment each, and
 * totals that add up (tickets + service charges + products). Deterministic (seeded PRNG). Runs once,
 * right after the catalogue, whose first seeding is the only time box-office holds without orders exist.
 */
export async function seedDemoSales(db: Kysely<Database>, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const holds = await trx
      .selectFrom('seat_holds as h')
      .innerJoin('presentations as p', 'p.id', 'h.presentation_id')
      .innerJoin('plan_seats as s', (j) =>
        j
          .onRef('s.seatplan_id', '=', 'p.seatplan_id')
          .onRef('s.section_id', '=', 'h.section_id')
          .onRef('s.x', '=', 'h.x')
          .onRef('s.y', '=', 'h.y'),
      )
      .select(['h.presentation_id', 'h.section_id', 'h.x', 'h.y', 's.ticket_group_id', 'p.seatplan_id'])
      .select(['p.service_charge', 'p.starts_at'])
      .where('h.visitor', '=', 'box-office')
      .where('h.state', '=', 'sold')
      .where('h.claimed_by', 'is', null)
      .orderBy('h.presentation_id')
      .orderBy('h.section_id')
      .orderBy('h.y')
      .orderBy('h.x')
      .execute();
    if (holds.length === 0) return 0;
    const groupsOf = new Map<number, number[]>();
    for (const g of await trx.selectFrom('presentation_ticket_groups').selectAll().execute())
      groupsOf.set(g.presentation_id, [...(groupsOf.get(g.presentation_id) ?? []), g.ticket_group_id]);
    const firstTicket = new Map<number, { id: number; price: number }>();
    for (const t of await trx
      .selectFrom('tickets')
      .select(['id', 'price', 'ticket_group_id'])
      .where('is_hidden', '=', 0)
      .orderBy('sort', 'desc')
      .execute())
      firstTicket.set(t.ticket_group_id, { id: t.id, price: t.price });
    const productsOf = new Map<number, { id: number; price: number }[]>();
    for (const p of await trx
      .selectFrom('presentation_products as pp')
      .innerJoin('products as pr', 'pr.id', 'pp.product_id')
      .select(['pp.presentation_id', 'pr.id', 'pr.price'])
      .where('pr.is_delivery_required', '=', 0)
      .orderBy('pp.presentation_id')
      .orderBy('pp.sort')
      .execute())
      productsOf.set(p.presentation_id, [...(productsOf.get(p.presentation_id) ?? []), p]);

    const rand = prng(0x5a1e5);
    const code = (n: number) => Array.from({ length: n }, () => ALPHABET[Math.floor(rand() * 32)]).join('');
    const buyers: Row<'customers'>[] = Array.from({ length: BUYERS }, (_, i) => ({
      id: `c_demo_sales_${String(i + 1).padStart(2, '0')}`,
      first_name: 'Walk-in',
      last_name: `Buyer ${i + 1}`,
      email: null,
      mobile_number: null,
      ssn: null,
      address1: null,
      address2: null,
      city: null,
      postal_code: null,
      date_of_birth: null,
      location_id: null,
      is_mailing_allowed: 0,
      created_at: now - 30 * DAY,
    }));
    const orders: Row<'orders'>[] = [];
    const tickets: Row<'order_tickets'>[] = [];
    const products: Row<'order_products'>[] = [];
    const payments: Row<'order_payments'>[] = [];
    const claims: { reservation: string; seats: typeof holds }[] = [];

    // Groups of 1-6 seats of one row of one show, the first SEATS_PER_SHOW seats of each show.
    let i = 0;
    while (i < holds.length) {
      const first = holds[i]!;
      let taken = 0;
      while (
        i < holds.length &&
        holds[i]!.presentation_id === first.presentation_id &&
        taken < SEATS_PER_SHOW
      ) {
        const size = 1 + Math.floor(rand() * 6);
        const head = holds[i]!;
        const seats = [head];
        i++;
        taken++;
        while (
          seats.length < size &&
          taken < SEATS_PER_SHOW &&
          i < holds.length &&
          holds[i]!.presentation_id === head.presentation_id &&
          holds[i]!.section_id === head.section_id &&
          holds[i]!.y === head.y
        ) {
          seats.push(holds[i]!);
          i++;
          taken++;
        }
        claims.push({ reservation: code(10), seats });
      }
      while (i < holds.length && holds[i]!.presentation_id === first.presentation_id) i++;
    }

    for (const [n, { reservation, seats }] of claims.entries()) {
      const show = seats[0]!;
      const names = await seatNames(trx, show.seatplan_id);
      const groups = groupsOf.get(show.presentation_id) ?? [];
      const confirmedAt = Math.min(now, Number(show.starts_at)) - Math.floor(rand() * 30 * DAY);
      let ticketsTotal = 0;
      for (const [k, s] of seats.entries()) {
        const group = groups.includes(s.ticket_group_id)
          ? s.ticket_group_id
          : (groups[0] ?? s.ticket_group_id);
        const ticket = firstTicket.get(group) ?? { id: 0, price: 0 };
        const name = names.get(seatKey(s.section_id, s.x, s.y));
        ticketsTotal += ticket.price;
        tickets.push({
          ticket_identifier: `${reservation}-${k + 1}`,
          reservation_identifier: reservation,
          presentation_id: s.presentation_id,
          section_id: s.section_id,
          x: s.x,
          y: s.y,
          section_name: name?.section ?? '',
          row_name: name?.row ?? '',
          seat_name: name?.seat ?? '',
          ticket_group_id: group,
          ticket_id: ticket.id,
          price: ticket.price,
          service_charge: show.service_charge,
          is_sub_ticket: 0,
          state: 'valid',
          sort: k,
          kind: 'seat',
        });
      }
      let productsTotal = 0;
      const offered = productsOf.get(show.presentation_id) ?? [];
      if (offered.length > 0 && rand() < 0.4) {
        const lines = 1 + Math.floor(rand() * Math.min(2, offered.length));
        const start = Math.floor(rand() * offered.length);
        for (let l = 0; l < lines; l++) {
          const p = offered[(start + l) % offered.length]!;
          const quantity = 1 + Math.floor(rand() * 3);
          productsTotal += p.price * quantity;
          products.push({
            reservation_identifier: reservation,
            presentation_id: show.presentation_id,
            product_id: p.id,
            quantity,
            unit_price: p.price,
          });
        }
      }
      const serviceTotal = show.service_charge * seats.length;
      const total = ticketsTotal + serviceTotal + productsTotal;
      const boxOffice = rand() < 0.7;
      orders.push({
        reservation_identifier: reservation,
        document_key: code(32),
        visitor: boxOffice ? 'box-office' : 'demo-online',
        customer_id: buyers[n % BUYERS]!.id as string,
        account_id: null,
        state: 'paid',
        locale: 'he',
        tickets_total: ticketsTotal,
        service_charge_total: serviceTotal,
        products_total: productsTotal,
        total,
        number_of_payments: 1,
        created_at: confirmedAt - 90_000,
        confirmed_at: confirmedAt,
        point_of_sale: boxOffice ? 'box_office' : 'online',
        sold_by_staff_id: boxOffice ? 'boxoffice' : null,
      });
      payments.push({
        id: `pay_demo_${reservation}`,
        reservation_identifier: reservation,
        method: 'card',
        provider: 'sandbox',
        status: 'approved',
        amount: total,
        number_of_payments: 1,
        provider_ref: `sbx_demo_${reservation}`,
        brand: 'visa',
        last4: '1111',
        approval_code: code(6),
        failure_code: null,
        failure_reason: null,
        action_json: null,
        voucher_reference: null,
        saved_card_id: null,
        created_at: confirmedAt,
        updated_at: confirmedAt,
      });
    }

    await insertAll(trx, 'customers', buyers);
    await insertAll(trx, 'orders', orders);
    await insertAll(trx, 'order_tickets', tickets);
    await insertAll(trx, 'order_products', products);
    await insertAll(trx, 'order_payments', payments);
    // The orders claim their seats, as a paid order's seats are claimed (cancelling one frees them):
    // one statement per show, not per order, so PostgreSQL's round trips stay few.
    const byShow = new Map<number, typeof claims>();
    for (const c of claims) {
      const id = c.seats[0]!.presentation_id;
      byShow.set(id, [...(byShow.get(id) ?? []), c]);
    }
    for (const [presentationId, group] of byShow) {
      const whens = group.map(({ reservation, seats }) => {
        const { section_id, y } = seats[0]!;
        const xs = sql.join(seats.map((s) => s.x));
        return sql`when section_id = ${section_id} and y = ${y} and x in (${xs}) then ${reservation}`;
      });
      const claim = sql<string | null>`case ${sql.join(whens, sql` `)} else null end`;
      await trx
        .updateTable('seat_holds')
        .set({ claimed_by: claim })
        .where('presentation_id', '=', presentationId)
        .where('visitor', '=', 'box-office')
        .where('claimed_by', 'is', null)
        .where(sql<boolean>`(${claim}) is not null`)
        .execute();
    }
    return orders.length;
  });
}

/** Inserts in chunks that stay under both dialects' parameter limits (PostgreSQL: 65,535). */
async function insertAll<T extends keyof Database & string>(trx: Trx, table: T, rows: Row<T>[]) {
  for (let i = 0; i < rows.length; i += 400)
    // Kysely cannot relate a generic table name to its row type; the rows are typed by the caller.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + 400) as never)
      .execute();
}
