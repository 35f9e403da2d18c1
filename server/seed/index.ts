import type { Insertable, Kysely, Transaction } from 'kysely';
import { SeatplanSchema } from '../../src/api/contract/seatplan.ts';
import { businessDate } from '../../src/domain/venue.ts';
import type { Database } from '../db/types.ts';
import { seedDemoAddons } from './addons.ts';
import { addDays, wallDateAt, wallTime, type WallDate } from './calendar.ts';
import { seedDemoCustomers } from './customers.ts';
import { seedDemoGiftCards } from './giftCards.ts';
import { seedVouchersForSale } from './vouchersForSale.ts';
import { seedMemberships } from './memberships.ts';
import { seedVodFilms } from './vodFilms.ts';
import { seedStaff } from './staff.ts';
import { SYSTEM_ACTOR } from '../services/audit/log.ts';
import { insertFeature } from '../services/catalogue/programme/features.ts';
import { insertVenue } from '../services/catalogue/venuesAdmin.ts';
import { seedHallPlan } from './halls.ts';
import { seedDemoSales } from './demoSales.ts';
import { seedJumpPark } from './jumpPark.ts';
import { seedSeniorTickets } from './seniorTickets.ts';
import { seedPartners } from './partners.ts';
import { prng } from './prng.ts';
import {
  cinemaLockTimer,
  eventLockTimer,
  features,
  PLAN,
  PRODUCT,
  products,
  seatplans,
  TG,
  ticketGroups,
  VENUE,
  venues,
} from './catalogue.ts';

const SEED_VERSION = '1';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type PresentationRow = Insertable<Database['presentations']>;

interface Show {
  row: PresentationRow;
  ticketGroups: number[];
  products: number[];
  /** Share of seats already sold at the box office, for a lifelike map. */
  soldShare: number;
}

/**
 * Presentations over the next 14 days from `now`, in Asia/Jerusalem wall-clock time: cinema shows
 * every day in three halls (one after midnight), concerts, orchestra evenings (one not yet on sale),
 * two arena events, a standing-room show whose online sale has ended, and a video on demand.
 */
export function schedule(now: number): Show[] {
  const today = wallDateAt(now);
  const shows: Show[] = [];
  let id = 1;
  const base = (
    over: Partial<PresentationRow> &
      Pick<PresentationRow, 'feature_id' | 'venue_id' | 'seatplan_id' | 'starts_at'>,
  ): PresentationRow => ({
    id: id++,
    venue_type_id: 1,
    seating_policy_id: 1,
    is_reserved: 1,
    auth_profile_id: 1,
    business_id: 1,
    business_date: businessDate(over.starts_at),
    sale_start: now - 7 * DAY,
    sale_end: over.starts_at + 15 * 60_000,
    lock_timer_json: JSON.stringify(cinemaLockTimer),
    service_charge: 500,
    is_display_qr: 1,
    view_area_filename: null,
    image_map_html: null,
    new_booking_url: null,
    best_available: 0,
    ...over,
  });
  const at = (day: WallDate, h: number, m: number) => wallTime(day, h, m);

  const cinemaTimes: [number, number][] = [
    [16, 45],
    [19, 30],
    [22, 0],
  ];
  const halls = [PLAN.cinema1, PLAN.cinema2, PLAN.cinema3];
  const movies = [1, 2, 3, 4];
  for (let d = 0; d < 14; d++) {
    const day = addDays(today, d);
    halls.forEach((plan, h) => {
      cinemaTimes.forEach(([hh, mm], t) => {
        const feature = movies[(d + h + t) % movies.length] ?? 1;
        const tgs =
          plan === PLAN.cinema1
            ? [TG.cinemaRegular, TG.cinemaSofa]
            : plan === PLAN.cinema3
              ? [TG.cinemaRegular, TG.cinemaPremium]
              : [TG.cinemaRegular];
        shows.push({
          row: base({
            feature_id: feature,
            venue_id: VENUE.cinema,
            seatplan_id: plan,
            starts_at: at(day, hh, mm),
          }),
          ticketGroups: tgs,
          // The 3D feature's glasses come with its tickets (seed/addons.ts), not as a product.
          products: [PRODUCT.popcornL, PRODUCT.popcornM, PRODUCT.drink, PRODUCT.water],
          soldShare: 0.15 + 0.1 * t,
        });
      });
    });
    // A late show after midnight on Thursdays and Fridays belongs to the evening's business date.
    const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
    if (weekday === 4 || weekday === 5) {
      shows.push({
        row: base({
          feature_id: 4,
          venue_id: VENUE.cinema,
          seatplan_id: PLAN.cinema2,
          starts_at: at(addDays(day, 1), 0, 15),
        }),
        ticketGroups: [TG.cinemaRegular],
        products: [PRODUCT.popcornL, PRODUCT.drink],
        soldShare: 0.1,
      });
    }
  }

  const hallTgs = [TG.hallA, TG.hallB, TG.hallC, TG.hallD];
  for (const d of [1, 4, 7, 10, 13]) {
    shows.push({
      row: base({
        feature_id: 5,
        venue_id: VENUE.musicHall,
        seatplan_id: PLAN.musicHall,
        venue_type_id: 2,
        seating_policy_id: 3,
        business_id: 2,
        starts_at: at(addDays(today, d), 20, 30),
        lock_timer_json: JSON.stringify(eventLockTimer),
        service_charge: 1200,
        best_available: 1,
      }),
      ticketGroups: hallTgs,
      products: [PRODUCT.programme, PRODUCT.water],
      soldShare: 0.35,
    });
  }

  const orchestraTgs = [TG.orchestraA, TG.orchestraB, TG.orchestraC];
  for (const [d, feature] of [
    [2, 6],
    [5, 7],
    [9, 6],
    [12, 7],
  ] as const) {
    const starts = at(addDays(today, d), 20, 0);
    shows.push({
      row: base({
        feature_id: feature,
        venue_id: VENUE.philharmonic,
        seatplan_id: PLAN.philharmonic,
        venue_type_id: 3,
        seating_policy_id: 3,
        business_id: 2,
        starts_at: starts,
        // The last concert of the fortnight opens for sale only five days from now.
        sale_start: d === 12 ? at(addDays(today, 5), 10, 0) : now - 30 * DAY,
        sale_end: starts,
        lock_timer_json: JSON.stringify(eventLockTimer),
        service_charge: 1000,
        best_available: 1,
      }),
      ticketGroups: orchestraTgs,
      products: [PRODUCT.programme, PRODUCT.programmeBook],
      soldShare: 0.5,
    });
  }

  const arenaTgs = [TG.arena1, TG.arena2, TG.arena3, TG.arena4, TG.arena5];
  for (const [d, feature, hh] of [
    [6, 8, 21],
    [13, 9, 20],
  ] as const) {
    const starts = at(addDays(today, d), hh, 0);
    shows.push({
      row: base({
        feature_id: feature,
        venue_id: VENUE.arena,
        seatplan_id: PLAN.arena,
        venue_type_id: 4,
        business_id: 2,
        starts_at: starts,
        sale_end: starts,
        lock_timer_json: JSON.stringify(eventLockTimer),
        service_charge: 1500,
        best_available: 1,
      }),
      ticketGroups: arenaTgs,
      products: [PRODUCT.parking, PRODUCT.water, PRODUCT.drink],
      soldShare: 0.4,
    });
  }

  for (const d of [3, 10]) {
    const starts = at(addDays(today, d), 22, 0);
    shows.push({
      row: base({
        feature_id: 10,
        venue_id: VENUE.club,
        seatplan_id: PLAN.club,
        venue_type_id: 5,
        is_reserved: 0,
        business_id: 2,
        starts_at: starts,
        // The first comedy night sells at the door only: its online sale has ended.
        sale_end: d === 3 ? now - HOUR : starts,
        lock_timer_json: JSON.stringify(eventLockTimer),
        service_charge: 800,
      }),
      ticketGroups: [TG.standing],
      products: [PRODUCT.drink],
      soldShare: 0.2,
    });
  }

  shows.push({
    row: base({
      feature_id: 11,
      venue_id: VENUE.vod,
      seatplan_id: PLAN.vod,
      venue_type_id: 101,
      is_reserved: 0,
      starts_at: now - DAY,
      sale_start: now - DAY,
      sale_end: now + 30 * DAY,
      service_charge: 0,
      is_display_qr: 0,
    }),
    ticketGroups: [TG.vod],
    products: [],
    soldShare: 0,
  });
  return shows;
}

/** Inserts in chunks that stay under both dialects' parameter limits. */
async function insertChunked<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
  chunk = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    // Kysely cannot relate a generic table name to its row type; the rows are typed by the caller.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
}

export interface SeedResult {
  seeded: boolean;
  presentations: number;
  seats: number;
}

/** Seeds the demo catalogue once (idempotent: a marker row records it), all in one transaction. */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  now: number,
  opts: { demoSales?: boolean; demoStaff?: boolean } = {},
): Promise<SeedResult> {
  // Demo staff logins have published passwords: never in production (its first admin: firstAdmin.ts).
  const demoStaff = opts.demoStaff !== false;
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'seed_version')
    .executeTakeFirst();
  if (marker) {
    const customers = await seedDemoCustomers(db, now);
    const giftCards = await seedDemoGiftCards(db, now);
    const addons = await seedDemoAddons(db);
    const vouchers = await seedVouchersForSale(db, now);
    const memberships = await seedMemberships(db, now);
    const films = await seedVodFilms(db);
    const staff = demoStaff && (await seedStaff(db, now));
    const park = await seedJumpPark(db, now);
    const seniors = await seedSeniorTickets(db);
    const partners = await seedPartners(db);
    return {
      seeded:
        customers ||
        giftCards ||
        addons ||
        vouchers ||
        memberships ||
        films ||
        staff ||
        park ||
        seniors ||
        partners,
      presentations: 0,
      seats: 0,
    };
  }

  const plans = seatplans.map((s) => ({ seed: s, plan: SeatplanSchema.parse(s.plan()) }));
  const shows = schedule(now);
  let seatCount = 0;

  await db.transaction().execute(async (trx) => {
    await trx.insertInto('meta').values({ key: 'seed_version', value: SEED_VERSION }).execute();
    await trx
      .insertInto('allocations')
      .values([
        { id: 1, name: 'Online sale', is_online: 1 },
        { id: 2, name: 'House seats', is_online: 0 },
      ])
      .execute();
    for (const v of venues)
      await insertVenue(
        trx,
        SYSTEM_ACTOR,
        v.id,
        { name: v.name, address: v.address ?? null, venueTypeId: v.venueTypeId },
        now,
      );
    // The price levels before the plans that name them.
    await trx
      .insertInto('ticket_groups')
      .values(ticketGroups.map((g) => ({ id: g.id, name_json: JSON.stringify(g.name) })))
      .execute();

    const seatsByPlan = new Map<number, { section_id: number; x: number; y: number; online: boolean }[]>();
    for (const { seed, plan } of plans) {
      const seats: { section_id: number; x: number; y: number; online: boolean }[] = [];
      for (const section of plan.S)
        for (const group of section.G)
          for (const row of group.R)
            for (const s of row.S) seats.push({ section_id: section.id, x: s.x, y: s.y, online: s.ai === 1 });
      seatCount += seats.length;
      seatsByPlan.set(seed.id, seats);
      await seedHallPlan(trx, { id: seed.id, venueId: seed.venueId, hallName: seed.hallName, plan }, now);
    }

    for (const f of features)
      await insertFeature(
        trx,
        SYSTEM_ACTOR,
        f.id,
        {
          title: f.title,
          category: f.category,
          durationMinutes: f.durationMinutes,
          language: f.language,
          dubbing: f.dubbing,
          subtitles: f.subtitles,
        },
        now,
      );
    await trx
      .insertInto('tickets')
      .values(
        ticketGroups.flatMap((g) =>
          g.tickets.map((t, i) => ({
            id: g.id * 100 + i + 1,
            ticket_group_id: g.id,
            name_json: JSON.stringify(t.name),
            code: t.code,
            price: t.price,
            old_price: t.oldPrice ?? null,
            service_charge: 0,
            price_policy_id: 1,
            multiply_factor: t.multiplyFactor ?? 1,
            is_sub_ticket: 0,
            ref1prompt: null,
            ref2prompt: null,
            min_quantity: t.minQuantity ?? null,
            max_quantity: t.maxQuantity ?? null,
            sort: i,
            required_ticket_id: t.requiresFirst ? g.id * 100 + 1 : null,
            required_minimum: t.requiresFirst ? 1 : null,
            quota: t.quota ?? null,
          })),
        ),
      )
      .execute();
    await trx
      .insertInto('products')
      .values(
        products.map((p) => ({
          id: p.id,
          name_json: JSON.stringify(p.name),
          price: p.price,
          is_delivery_required: p.isDeliveryRequired ? 1 : 0,
        })),
      )
      .execute();

    await insertChunked(
      trx,
      'presentations',
      shows.map((s) => s.row),
      100,
    );
    await insertChunked(
      trx,
      'presentation_ticket_groups',
      shows.flatMap((s) =>
        s.ticketGroups.map((tg) => ({ presentation_id: s.row.id as number, ticket_group_id: tg })),
      ),
    );
    await insertChunked(
      trx,
      'presentation_products',
      shows.flatMap((s) =>
        s.products.map((p, i) => ({ presentation_id: s.row.id as number, product_id: p, sort: i })),
      ),
    );

    // Seats already sold at the box office, so maps look like a real week.
    const sold: Insertable<Database['seat_holds']>[] = [];
    for (const show of shows) {
      if (show.soldShare === 0) continue;
      const rand = prng(show.row.id as number);
      for (const seat of seatsByPlan.get(show.row.seatplan_id) ?? []) {
        if (seat.online && rand() < show.soldShare) {
          sold.push({
            presentation_id: show.row.id as number,
            section_id: seat.section_id,
            x: seat.x,
            y: seat.y,
            visitor: 'box-office',
            state: 'sold',
            expires_at: 0,
            created_at: now,
          });
        }
      }
    }
    await insertChunked(trx, 'seat_holds', sold, 1000);
  });
  await seedDemoCustomers(db, now);
  await seedDemoGiftCards(db, now);
  await seedDemoAddons(db);
  await seedVouchersForSale(db, now);
  await seedMemberships(db, now);
  await seedVodFilms(db);
  if (demoStaff) await seedStaff(db, now);
  await seedJumpPark(db, now);
  await seedSeniorTickets(db);
  await seedPartners(db);
  if (opts.demoSales !== false) await seedDemoSales(db, now); // paid orders for the staff reports
  return { seeded: true, presentations: shows.length, seats: seatCount };
}
