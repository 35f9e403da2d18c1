import type { Insertable, Transaction } from 'kysely';
import { businessDate } from '../../src/domain/venue.ts';
import { SYSTEM_ACTOR } from '../services/audit/log.ts';
import { STANDARD_PRICE_LIST } from '../services/catalogue/prices/priceLists.ts';
import { hallPlanOf, insertShows } from '../services/catalogue/programme/showWriter.ts';
import type { Database } from '../db/types.ts';
import { addDays, wallDateAt, wallTime } from './calendar.ts';
import { eventLockTimer, PLAN, PRODUCT, TG } from './catalogue.ts';
import {
  MEMBERSHIP,
  SEASON,
  SEASON_OPTIONAL_CHOICES,
  SEASON_PRESENTATIONS,
  SEASON_REQUIRED,
  SERIES_PRESENTATIONS,
} from './membershipIds.ts';
import { prng } from './prng.ts';
import { t } from './voucherIds.ts';

type Trx = Transaction<Database>;
const DAY = 86_400_000;
const json = JSON.stringify;

/** The 2026/27 season: its ten concerts, the series memberships' concerts, the enrolment memberships. */
export async function seedSeason(trx: Trx, now: number) {
  const today = wallDateAt(now);
  // The season's concerts: weekly from two weeks on, at the Philharmonic, a third of the seats of the
  // gala (the sixth) and one optional concert already sold (the enrolment proposes another seat there).
  const starts = SEASON_PRESENTATIONS.map((_, i) => wallTime(addDays(today, 16 + 7 * i), 20, 0));
  const hall = await hallPlanOf(trx, PLAN.philharmonic);
  await insertShows(
    trx,
    SYSTEM_ACTOR,
    starts.map((startsAt, i) => ({
      show: { hallId: PLAN.philharmonic, startsAt, endsAt: startsAt, businessDate: businessDate(startsAt) },
      featureId: i % 2 === 0 ? 6 : 7,
      hall,
      priceLevelIds: [TG.orchestraA, TG.orchestraB, TG.orchestraC],
    })),
    {
      saleStart: now - 30 * DAY,
      saleEndsMinutesAfterStart: 0,
      seatingPolicyId: 3,
      reserved: true,
      serviceCharge: 1000,
      lockTimer: eventLockTimer,
      priceListId: STANDARD_PRICE_LIST,
      businessId: 2,
      bestAvailable: true,
    },
    now,
    SEASON_PRESENTATIONS[0],
  );
  const shows = SEASON_PRESENTATIONS.map((id) => ({ id }));
  await trx
    .insertInto('presentation_products')
    .values(shows.map((s) => ({ presentation_id: s.id, product_id: PRODUCT.programme, sort: 0 })))
    .execute();
  const seats = await trx
    .selectFrom('plan_seats')
    .select(['section_id', 'x', 'y', 'allocation_id'])
    .where('seatplan_id', '=', PLAN.philharmonic)
    .orderBy('section_id')
    .orderBy('y')
    .orderBy('x')
    .execute();
  const sold: Insertable<Database['seat_holds']>[] = [];
  for (const id of [8006, 8008]) {
    const rand = prng(id);
    for (const s of seats)
      if (s.allocation_id === 1 && rand() < 0.33)
        sold.push({
          presentation_id: id,
          section_id: s.section_id,
          x: s.x,
          y: s.y,
          visitor: 'box-office',
          state: 'sold',
          expires_at: 0,
          created_at: now,
        });
  }
  for (let i = 0; i < sold.length; i += 500)
    await trx
      .insertInto('seat_holds')
      .values(sold.slice(i, i + 500))
      .execute();

  await trx
    .insertInto('membership_presentations')
    .values(
      Object.entries(SERIES_PRESENTATIONS).flatMap(([m, ps]) =>
        ps.map((p) => ({ membership_id: Number(m), presentation_id: p })),
      ),
    )
    .execute();

  await trx
    .insertInto('seasons')
    .values([
      {
        id: SEASON.previous,
        name_json: json(
          t('עונת 2025/26', 'Season 2025/26', 'Сезон 2025/26', 'موسم 2025/26', 'Sezon 2025/26'),
        ),
        previous_season_id: null,
      },
      {
        id: SEASON.current,
        name_json: json(
          t('עונת 2026/27', 'Season 2026/27', 'Сезон 2026/27', 'موسم 2026/27', 'Sezon 2026/27'),
        ),
        previous_season_id: SEASON.previous,
      },
    ])
    .execute();
  await trx
    .insertInto('enrolment_memberships')
    .values([
      {
        membership_id: MEMBERSHIP.season,
        season_id: SEASON.current,
        is_skip_member_seat: 0,
        is_pricing_per_ticket: 1,
        default_ticket_group_id: TG.orchestraB,
        price: 0,
        optional_choices: SEASON_OPTIONAL_CHOICES,
      },
      {
        membership_id: MEMBERSHIP.seasonFlex,
        season_id: SEASON.current,
        is_skip_member_seat: 1,
        is_pricing_per_ticket: 0,
        default_ticket_group_id: null,
        price: 160000,
        optional_choices: SEASON_OPTIONAL_CHOICES,
      },
    ])
    .execute();
  await trx
    .insertInto('enrolment_presentations')
    .values(
      [MEMBERSHIP.season, MEMBERSHIP.seasonFlex].flatMap((m) =>
        SEASON_PRESENTATIONS.map((p, i) => ({
          membership_id: m,
          presentation_id: p,
          is_required: i < SEASON_REQUIRED ? 1 : 0,
          membership_payable_amount: m === MEMBERSHIP.seasonFlex ? 20000 : null,
          sort: i,
        })),
      ),
    )
    .execute();
  // Tariffs: the regular and senior tickets of each price level, at the subscription's price.
  const tariff: [number, number, number][] = [
    [TG.orchestraA, 22000, 17600],
    [TG.orchestraB, 15000, 12000],
    [TG.orchestraC, 9500, 7600],
  ];
  await trx
    .insertInto('enrolment_tickets')
    .values(
      [MEMBERSHIP.season, MEMBERSHIP.seasonFlex].flatMap((m) =>
        tariff.flatMap(([tg, regular, senior]) => [
          { membership_id: m, ticket_group_id: tg, ticket_id: tg * 100 + 1, price: regular },
          { membership_id: m, ticket_group_id: tg, ticket_id: tg * 100 + 3, price: senior },
        ]),
      ),
    )
    .execute();
  // The gala (the sixth concert) costs more on a per-ticket subscription.
  await trx
    .insertInto('enrolment_presentation_details')
    .values(
      tariff.map(([tg, regular]) => ({
        membership_id: MEMBERSHIP.season,
        presentation_id: 8006,
        ticket_group_id: tg,
        ticket_id: tg * 100 + 1,
        is_price_override: 1,
        price: regular + 5000,
        membership_payable_amount: null,
      })),
    )
    .execute();
}
