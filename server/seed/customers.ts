import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { LocalizedText } from '../../src/api/contract/common.ts';
import { seatKey } from '../../src/domain/seatKey.ts';
import type { Database } from '../db/types.ts';
import { seatNames } from '../services/catalogue/seatplans.ts';
import { hashPassword } from '../services/customers/secrets.ts';
import { cinemaLockTimer, PLAN, PRODUCT, TG, VENUE } from './catalogue.ts';
import { businessDate } from '../../src/domain/venue.ts';
import { SYSTEM_ACTOR } from '../services/audit/log.ts';
import { STANDARD_PRICE_LIST } from '../services/catalogue/prices/priceLists.ts';
import { hallPlanOf, insertShows, type SaleSettings } from '../services/catalogue/programme/showWriter.ts';

const DAY = 86_400_000;

/** The demo customers of the personal area (README lists them). Each has one of everything. */
export const DEMO_CUSTOMERS = [
  {
    key: 'dana',
    firstName: 'Dana',
    lastName: 'Levi',
    mobile: '0501234567',
    email: 'dana@example.com',
    password: 'dana-demo-2026',
    ssn: '039337423',
    city: 'תל אביב',
    musicHallShow: 0,
  },
  {
    key: 'avi',
    firstName: 'Avi',
    lastName: 'Cohen',
    mobile: '0527654321',
    email: 'avi@example.com',
    password: 'avi-demo-2026',
    ssn: '000000018',
    city: 'Haifa',
    musicHallShow: 1,
  },
] as const;

/** Past presentations the demo customers went to (ids far above the schedule's). */
export const PAST_CINEMA_SHOW = 9001;
export const PAST_VIDEO = 9002;

const MEMBERSHIPS = [
  {
    id: 1,
    name: { he: 'ידידי הפילהרמונית', en: 'Friends of the Philharmonic' },
    className: 'friends',
    typeId: 1,
    allowMemberSale: 1,
    loyalty: 0,
  },
  {
    id: 2,
    name: { he: 'כרטיסיית קולנוע 10', en: 'Cinema pass — 10 films' },
    className: 'series',
    typeId: 2,
    allowMemberSale: 0,
    loyalty: 0,
  },
  {
    id: 3,
    name: { he: 'מועדון הדר — נקודות', en: 'Hadar Club — points' },
    className: 'loyalty',
    typeId: 1,
    allowMemberSale: 0,
    loyalty: 1,
  },
];

const VOUCHER_CLASSES: { id: number; name: LocalizedText; benefit: LocalizedText; storedValue: number }[] = [
  {
    id: 1,
    name: { he: 'שובר כרטיס קולנוע', en: 'Cinema ticket voucher' },
    benefit: { he: 'כרטיס רגיל לכל סרט בדו־ממד', en: 'One regular ticket for any 2D film' },
    storedValue: 0,
  },
  {
    id: 2,
    name: { he: 'כרטיס מתנה', en: 'Gift card' },
    benefit: { he: 'זיכוי בקופה ובאתר', en: 'Credit at the box office and online' },
    storedValue: 1,
  },
  {
    id: 3,
    name: { he: 'שובר קומבו פופקורן', en: 'Popcorn combo voucher' },
    benefit: { he: 'פופקורן גדול ושתייה', en: 'Large popcorn and a drink' },
    storedValue: 0,
  },
];

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function code(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

type Trx = Transaction<Database>;

/** Two neighbouring free online seats of one price level, from the front of the plan. */
async function freePair(trx: Trx, presentationId: number, seatplanId: number, avoidGroups: number[] = []) {
  const taken = new Set(
    (
      await trx
        .selectFrom('seat_holds')
        .select(['section_id', 'x', 'y'])
        .where('presentation_id', '=', presentationId)
        .execute()
    ).map((h) => seatKey(h.section_id, h.x, h.y)),
  );
  const seats = await trx
    .selectFrom('plan_seats')
    .select(['section_id', 'x', 'y', 'ticket_group_id'])
    .where('seatplan_id', '=', seatplanId)
    .where('allocation_id', '=', 1)
    .orderBy('section_id')
    .orderBy('y')
    .orderBy('x')
    .execute();
  const free = seats.filter(
    (s) => !taken.has(seatKey(s.section_id, s.x, s.y)) && !avoidGroups.includes(s.ticket_group_id),
  );
  for (let i = 0; i + 1 < free.length; i++) {
    const a = free[i]!;
    const b = free[i + 1]!;
    if (a.section_id === b.section_id && a.y === b.y && a.ticket_group_id === b.ticket_group_id)
      return [a, b];
  }
  throw new Error(`no two free seats together in presentation ${presentationId}`);
}

interface OrderSeed {
  accountId: string;
  person: (typeof DEMO_CUSTOMERS)[number];
  presentationId: number;
  seatCount: number;
  products: { id: number; quantity: number }[];
  paidByCard: boolean;
  bookingFee: number;
  createdAt: number;
}

/** An order as the commit would have written it: customer snapshot, order, tickets, products, payment. */
async function insertOrder(trx: Trx, o: OrderSeed): Promise<string> {
  const p = await trx
    .selectFrom('presentations')
    .select(['id', 'seatplan_id', 'service_charge', 'is_reserved', 'venue_type_id'])
    .where('id', '=', o.presentationId)
    .executeTakeFirstOrThrow();
  const groups = (
    await trx
      .selectFrom('presentation_ticket_groups')
      .select('ticket_group_id')
      .where('presentation_id', '=', p.id)
      .execute()
  ).map((g) => g.ticket_group_id);
  const reservation = code(10);
  const customerId = `c_${randomBytes(12).toString('hex')}`;
  await trx
    .insertInto('customers')
    .values({
      id: customerId,
      first_name: o.person.firstName,
      last_name: o.person.lastName,
      email: o.person.email,
      email_key: o.person.email,
      mobile_number: o.person.mobile,
      mobile_key: o.person.mobile,
      ssn: null,
      address1: null,
      address2: null,
      city: null,
      postal_code: null,
      date_of_birth: null,
      location_id: null,
      is_mailing_allowed: 0,
      created_at: o.createdAt,
    })
    .execute();

  let seats: { section_id: number; x: number; y: number; ticket_group_id: number }[];
  if (p.is_reserved === 1) {
    seats = (await freePair(trx, p.id, p.seatplan_id, [TG.cinemaSofa])).slice(0, o.seatCount);
  } else {
    const plan = await trx
      .selectFrom('plan_seats')
      .select(['section_id', 'x', 'y', 'ticket_group_id'])
      .where('seatplan_id', '=', p.seatplan_id)
      .orderBy('y')
      .orderBy('x')
      .limit(1)
      .execute();
    // A video (no seats on its plan) or a standing place: one ticket, no seat.
    const first = plan[0] ?? { section_id: 0, x: 0, y: 0, ticket_group_id: 0 };
    seats = [{ ...first, ticket_group_id: groups[0] ?? first.ticket_group_id }];
  }
  const names = await seatNames(trx, p.seatplan_id);
  let ticketsTotal = 0;
  let serviceTotal = 0;
  const ticketRows = [];
  for (const [i, s] of seats.entries()) {
    const ticket = await trx
      .selectFrom('tickets')
      .select(['id', 'price'])
      .where('ticket_group_id', '=', s.ticket_group_id)
      .orderBy('sort')
      .executeTakeFirstOrThrow();
    const name = names.get(seatKey(s.section_id, s.x, s.y));
    ticketsTotal += ticket.price;
    serviceTotal += p.service_charge;
    ticketRows.push({
      ticket_identifier: `${reservation}-${i + 1}`,
      reservation_identifier: reservation,
      presentation_id: p.id,
      section_id: s.section_id,
      x: s.x,
      y: s.y,
      section_name: name?.section ?? '',
      row_name: name?.row ?? '',
      seat_name: name?.seat ?? '',
      ticket_group_id: s.ticket_group_id,
      ticket_id: ticket.id,
      price: ticket.price,
      service_charge: p.service_charge,
      is_sub_ticket: 0,
      state: 'valid' as const,
      sort: i,
      kind: p.venue_type_id >= 101 && p.venue_type_id <= 104 ? ('video' as const) : ('seat' as const),
    });
  }
  let productsTotal = 0;
  const productRows = [];
  for (const line of o.products) {
    const product = await trx
      .selectFrom('products')
      .select('price')
      .where('id', '=', line.id)
      .executeTakeFirstOrThrow();
    productsTotal += product.price * line.quantity;
    productRows.push({
      reservation_identifier: reservation,
      presentation_id: p.id,
      product_id: line.id,
      quantity: line.quantity,
      unit_price: product.price,
    });
  }
  const total = ticketsTotal + serviceTotal + productsTotal + o.bookingFee;
  await trx
    .insertInto('orders')
    .values({
      reservation_identifier: reservation,
      document_key: randomBytes(24).toString('base64url'),
      visitor: 'box-office',
      customer_id: customerId,
      account_id: o.accountId,
      state: 'paid',
      locale: 'he',
      tickets_total: ticketsTotal,
      service_charge_total: serviceTotal,
      products_total: productsTotal,
      booking_fee: o.bookingFee,
      total,
      number_of_payments: 1,
      created_at: o.createdAt,
    })
    .execute();
  await trx.insertInto('order_tickets').values(ticketRows).execute();
  if (productRows.length) await trx.insertInto('order_products').values(productRows).execute();
  if (p.is_reserved === 1) {
    await trx
      .insertInto('seat_holds')
      .values(
        seats.map((s) => ({
          presentation_id: p.id,
          section_id: s.section_id,
          x: s.x,
          y: s.y,
          visitor: 'box-office',
          state: 'sold' as const,
          expires_at: 8_640_000_000_000_000,
          created_at: o.createdAt,
          claimed_by: reservation,
        })),
      )
      .execute();
  }
  if (o.paidByCard) {
    const transaction = `sbx_seed_${randomBytes(8).toString('hex')}`;
    await trx
      .insertInto('order_payments')
      .values({
        id: `pay_seed_${randomBytes(8).toString('hex')}`,
        reservation_identifier: reservation,
        method: 'card',
        provider: 'sandbox',
        status: 'approved',
        amount: total,
        number_of_payments: 1,
        provider_ref: transaction,
        brand: 'visa',
        last4: '1111',
        approval_code: '482910',
        created_at: o.createdAt,
        updated_at: o.createdAt,
      })
      .execute();
  }
  return reservation;
}

/**
 * Demo customers with memberships, vouchers in every status, and upcoming, past, box-office and
 * video reservations (idempotent: a marker row records it). Runs after the catalogue.
 */
export async function seedDemoCustomers(db: Kysely<Database>, now: number): Promise<boolean> {
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'seed_customers')
    .executeTakeFirst();
  if (marker) return false;
  const hashes = await Promise.all(DEMO_CUSTOMERS.map((c) => hashPassword(c.password)));
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('meta').values({ key: 'seed_customers', value: '1' }).execute();
    await trx
      .insertInto('memberships')
      .values(
        MEMBERSHIPS.map((m) => ({
          id: m.id,
          name_json: JSON.stringify(m.name),
          class_name: m.className,
          type_id: m.typeId,
          allow_member_sale_tickets: m.allowMemberSale,
          is_loyalty_points_redemption: m.loyalty,
        })),
      )
      .execute();
    await trx
      .insertInto('system_voucher_classes')
      .values(
        VOUCHER_CLASSES.map((v) => ({
          id: v.id,
          name_json: JSON.stringify(v.name),
          benefit_json: JSON.stringify(v.benefit),
          is_stored_value: v.storedValue,
        })),
      )
      .execute();

    // A cinema show ten days ago and a video whose viewing window closed, for the past lists.
    const pastStart = now - 10 * DAY;
    const past = async (
      id: number,
      featureId: number,
      hallId: number,
      startsAt: number,
      levels: number[],
      sale: Omit<SaleSettings, 'priceListId' | 'seatingPolicyId' | 'saleEndsMinutesAfterStart'>,
      saleEnd: number,
    ) =>
      insertShows(
        trx,
        SYSTEM_ACTOR,
        [
          {
            show: { hallId, startsAt, endsAt: startsAt, businessDate: businessDate(startsAt) },
            featureId,
            hall: await hallPlanOf(trx, hallId),
            priceLevelIds: levels,
            saleEnd,
          },
        ],
        { ...sale, priceListId: STANDARD_PRICE_LIST, seatingPolicyId: 1, saleEndsMinutesAfterStart: 0 },
        now,
        id,
      );
    await past(
      PAST_CINEMA_SHOW,
      1,
      PLAN.cinema2,
      pastStart,
      [TG.cinemaRegular],
      { saleStart: pastStart - 7 * DAY, reserved: true, serviceCharge: 500, lockTimer: cinemaLockTimer },
      pastStart,
    );
    await past(
      PAST_VIDEO,
      11,
      PLAN.vod,
      now - 40 * DAY,
      [TG.vod],
      {
        saleStart: now - 40 * DAY,
        reserved: false,
        serviceCharge: 0,
        lockTimer: cinemaLockTimer,
        displayQr: false,
      },
      now - 10 * DAY,
    );

    const upcoming = async (seatplanId: number, skip: number) => {
      const row = await trx
        .selectFrom('presentations')
        .select('id')
        .where('seatplan_id', '=', seatplanId)
        .where('starts_at', '>', now + 12 * 3_600_000)
        .orderBy('starts_at')
        .offset(skip)
        .limit(1)
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const currentVideo = await upcomingVideo(trx, now);

    for (const [index, person] of DEMO_CUSTOMERS.entries()) {
      const accountId = `a_demo_${person.key}`;
      await trx
        .insertInto('customers')
        .values({
          id: accountId,
          first_name: person.firstName,
          last_name: person.lastName,
          email: person.email,
          email_key: person.email,
          mobile_number: person.mobile,
          mobile_key: person.mobile,
          ssn: person.ssn,
          address1: null,
          address2: null,
          city: person.city,
          postal_code: null,
          date_of_birth: null,
          location_id: VENUE.cinema,
          is_mailing_allowed: 1,
          is_sms_allowed: 1,
          is_account: 1,
          password_hash: hashes[index]!,
          license_plate: null,
          created_at: now - 400 * DAY,
        })
        .execute();
      const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      await trx
        .insertInto('members')
        .values([
          {
            member_number: `${7100 + index * 2}`,
            membership_id: 1,
            customer_id: accountId,
            membership_identifier: `FR-2026-${index + 1}`,
            additional_name: null,
            balance: 30000,
            used_balance: 5000,
            points_balance: 120,
            start_date: iso(now - 100 * DAY),
            end_date: iso(now + 265 * DAY),
          },
          {
            member_number: `${7101 + index * 2}`,
            membership_id: index === 0 ? 3 : 2,
            customer_id: accountId,
            membership_identifier: `HC-2025-${index + 1}`,
            additional_name: index === 0 ? null : 'Noa Cohen',
            // A ticket balance counts every ticket the member got; 6 of 10 were used.
            balance: index === 0 ? 0 : 10,
            used_balance: index === 0 ? 0 : 6,
            points_balance: index === 0 ? 340 : 0,
            start_date: iso(now - 500 * DAY),
            end_date: iso(now - 135 * DAY),
          },
        ])
        .execute();

      await insertOrder(trx, {
        accountId,
        person,
        presentationId: await upcoming(PLAN.musicHall, person.musicHallShow),
        seatCount: 2,
        products: [{ id: PRODUCT.programme, quantity: 1 }],
        paidByCard: true,
        bookingFee: 0,
        createdAt: now - 5 * DAY,
      });
      await insertOrder(trx, {
        accountId,
        person,
        presentationId: await upcoming(PLAN.cinema2, 2 + index),
        seatCount: 2,
        products: [{ id: PRODUCT.popcornL, quantity: 1 }],
        paidByCard: false,
        bookingFee: 1000,
        createdAt: now - 3 * DAY,
      });
      await insertOrder(trx, {
        accountId,
        person,
        presentationId: PAST_CINEMA_SHOW,
        seatCount: 2,
        products: [],
        paidByCard: true,
        bookingFee: 0,
        createdAt: now - 12 * DAY,
      });
      for (const [video, at] of [
        [PAST_VIDEO, now - 30 * DAY],
        [currentVideo, now - DAY / 2],
      ] as const) {
        if (video === null) continue;
        await insertOrder(trx, {
          accountId,
          person,
          presentationId: video,
          seatCount: 1,
          products: [],
          paidByCard: true,
          bookingFee: 0,
          createdAt: at,
        });
      }

      const voucher = (
        classId: number,
        over: Partial<Insertable<Database['system_vouchers']>> & { quantity: number; price: number },
      ) => ({
        reference: `SV-${code(8)}`,
        class_id: classId,
        customer_id: accountId,
        reservation_identifier: code(10),
        redeemed: 0,
        balance: over.quantity,
        created_at: now - 20 * DAY,
        start_date: now - 20 * DAY,
        end_date: now + 160 * DAY,
        state: 'active' as const,
        is_for_replacement: 0,
        sold_in_outlet: 1,
        transaction_id: `sbx_seed_${randomBytes(8).toString('hex')}`,
        cancelled_by: null,
        ...over,
      });
      await trx
        .insertInto('system_vouchers')
        .values([
          voucher(1, { quantity: 2, price: 8400 }),
          voucher(3, { quantity: 1, price: 3500, created_at: now - 2 * DAY, start_date: now - 2 * DAY }),
          voucher(1, { quantity: 5, price: 19000, redeemed: 2, balance: 3 }),
          voucher(2, { quantity: 20000, price: 20000, redeemed: 20000, balance: 0 }),
          voucher(1, {
            quantity: 1,
            price: 4200,
            created_at: now - 400 * DAY,
            start_date: now - 400 * DAY,
            end_date: now - 35 * DAY,
          }),
          voucher(3, { quantity: 1, price: 3500, state: 'cancelled', cancelled_by: 'box_office' }),
          voucher(3, { quantity: 1, price: 3500, redeemed: 1, balance: 0, state: 'scanned' }),
          voucher(1, {
            quantity: 1,
            price: 4200,
            is_for_replacement: 1,
            created_at: now - 6 * DAY,
            start_date: now - 6 * DAY,
            end_date: now + 24 * DAY,
          }),
          voucher(2, { quantity: 10000, price: 10000, sold_in_outlet: 0, transaction_id: null }),
        ])
        .execute();
    }
  });
  return true;
}

async function upcomingVideo(trx: Trx, now: number): Promise<number | null> {
  const row = await trx
    .selectFrom('presentations')
    .select('id')
    .where('venue_type_id', '=', 101)
    .where('sale_end', '>', now)
    .where('id', '<', PAST_CINEMA_SHOW)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
