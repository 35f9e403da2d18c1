import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { PLAN, TG } from './catalogue.ts';
import { DEMO_CUSTOMERS } from './customers.ts';
import {
  DEMO_CLUB_MEMBER,
  DEMO_POINTS_MEMBER,
  MEMBER_TICKET,
  MEMBERSHIP,
  MEMBERSHIP_PRICE,
  SEASON,
} from './membershipIds.ts';
import { t } from './voucherIds.ts';

type Trx = Transaction<Database>;
const DAY = 86_400_000;
const json = JSON.stringify;

/** Member tickets in the ticket groups, and the demo customers' running members and last season's enrolment. */
export async function seedMemberTicketsAndMembers(trx: Trx, now: number) {
  // Member tickets: the Friends price (a member-sale ticket) at orchestra evenings, the club ticket at
  // the cinema (drawing on the balance), a ticket paid with Hadar Club points.
  const memberTicket = (
    tg: number,
    offset: number,
    name: ReturnType<typeof t>,
    amount: number,
    over: Partial<Insertable<Database['tickets']>>,
  ) => ({
    id: tg * 100 + offset,
    ticket_group_id: tg,
    name_json: json(name),
    code: `M${offset}`,
    price: amount,
    old_price: null,
    service_charge: 0,
    price_policy_id: 1,
    multiply_factor: 1,
    is_sub_ticket: 0,
    ref1prompt: null,
    ref2prompt: null,
    min_quantity: null,
    max_quantity: null,
    sort: 90 + offset,
    required_ticket_id: null,
    required_minimum: null,
    quota: null,
    is_hidden: 1,
    membership_id: null,
    is_member_sale: 0,
    loyalty_points_price: null,
    ...over,
  });
  const orchestraPrices: [number, number][] = [
    [TG.orchestraA, 28000],
    [TG.orchestraB, 19000],
    [TG.orchestraC, 12000],
  ];
  await trx
    .insertInto('tickets')
    .values([
      ...orchestraPrices.map(([tg, full]) =>
        memberTicket(
          tg,
          MEMBER_TICKET.friends,
          t('מחיר חברים', 'Friends price', 'Цена для членов', 'سعر الأعضاء', 'Cena członkowska'),
          Math.round(full * 0.8),
          { membership_id: MEMBERSHIP.friends, is_member_sale: 1, old_price: full },
        ),
      ),
      ...[TG.cinemaRegular, TG.cinemaPremium].flatMap((tg) => [
        memberTicket(
          tg,
          MEMBER_TICKET.club,
          t('כרטיס מועדון', 'Club ticket', 'Клубный билет', 'تذكرة النادي', 'Bilet klubowy'),
          0,
          { membership_id: MEMBERSHIP.cinemaClub },
        ),
        memberTicket(
          tg,
          MEMBER_TICKET.points,
          t('כרטיס בנקודות', 'Ticket for points', 'Билет за баллы', 'تذكرة بالنقاط', 'Bilet za punkty'),
          0,
          { membership_id: MEMBERSHIP.hadarPoints, loyalty_points_price: 500 },
        ),
      ]),
    ])
    .execute();

  // Avi's cinema pass has ended; he holds a running cinema club membership too (10 tickets, 2 used),
  // so member tickets can be tried at once.
  const avi = await trx
    .selectFrom('customers')
    .select('id')
    .where('email_key', '=', DEMO_CUSTOMERS[1].email)
    .executeTakeFirst();
  if (avi)
    await trx
      .insertInto('members')
      .values({
        member_number: DEMO_CLUB_MEMBER,
        membership_id: MEMBERSHIP.cinemaClub,
        customer_id: avi.id,
        membership_identifier: 'CC-2026-1',
        additional_name: null,
        balance: 10,
        used_balance: 2,
        points_balance: 0,
        start_date: new Date(now - 30 * DAY).toISOString().slice(0, 10),
        end_date: new Date(now + 150 * DAY).toISOString().slice(0, 10),
        reservation_identifier: null,
        price_id: MEMBERSHIP_PRICE.cinemaClub,
        state: 'active',
      })
      .execute();

  // Dana collects Hadar Club points: a running points membership with 1,200 points.
  const dana = await trx
    .selectFrom('customers')
    .select('id')
    .where('email_key', '=', DEMO_CUSTOMERS[0].email)
    .executeTakeFirst();
  if (dana)
    await trx
      .insertInto('members')
      .values({
        member_number: DEMO_POINTS_MEMBER,
        membership_id: MEMBERSHIP.hadarPoints,
        customer_id: dana.id,
        membership_identifier: 'HP-2026-1',
        additional_name: null,
        balance: 0,
        used_balance: 0,
        points_balance: 1200,
        start_date: new Date(now - 60 * DAY).toISOString().slice(0, 10),
        end_date: new Date(now + 300 * DAY).toISOString().slice(0, 10),
        reservation_identifier: null,
        price_id: null,
        state: 'active',
      })
      .execute();

  // The first demo customer was enrolled last season: this season offers the same seat first.
  const customer = await trx
    .selectFrom('customers')
    .select('id')
    .where('email_key', '=', DEMO_CUSTOMERS[0].email)
    .executeTakeFirst();
  const seats = await trx
    .selectFrom('plan_seats')
    .select(['section_id', 'x', 'y'])
    .where('seatplan_id', '=', PLAN.philharmonic)
    .where('allocation_id', '=', 1)
    .orderBy('section_id')
    .orderBy('y')
    .orderBy('x')
    .execute();
  const seat = seats[Math.floor(seats.length / 3)];
  if (customer && seat)
    await trx
      .insertInto('enrolments')
      .values({
        id: 'demo-enrolment-2025',
        reservation_identifier: null,
        membership_id: MEMBERSHIP.season,
        season_id: SEASON.previous,
        customer_id: customer.id,
        section_id: seat.section_id,
        x: seat.x,
        y: seat.y,
        ticket_group_id: TG.orchestraB,
        ticket_id: TG.orchestraB * 100 + 1,
        state: 'valid',
        created_at: now - 300 * DAY,
      })
      .execute();
}
