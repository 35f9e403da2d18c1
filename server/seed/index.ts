import type { Insertable, Kysely, Transaction } from 'kysely';
import { SeatplanSchema } from '../../src/api/contract/seatplan.ts';
import { businessDate } from '../../src/domain/venue.ts';
import type { Database } from '../db/types.ts';
import { seedDemoAddons } from './addons.ts';
import { seedDemoCustomers } from './customers.ts';
import { seedDemoGiftCards } from './giftCards.ts';
import { seedVouchersForSale } from './vouchersForSale.ts';
import { seedDonationScopes } from './donationScopes.ts';
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
import { features, products, seatplans, ticketGroups, venues } from './catalogue.ts';
import { demoProgramme } from './programme.ts';
import { STANDARD_PRICE_LIST } from '../services/catalogue/prices/priceLists.ts';
import { insertTicketType } from '../services/catalogue/prices/ticketTypes.ts';
import { insertProduct } from '../services/catalogue/products/productsAdmin.ts';
import { hallPlanOf, insertShows, type HallPlan } from '../services/catalogue/programme/showWriter.ts';

const SEED_VERSION = '1';

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
    const funds = await seedDonationScopes(db);
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
        funds ||
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
  const shows = demoProgramme(now);
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
    // The standard price list's ticket types, under the ids the demo's other parts name.
    for (const g of ticketGroups)
      for (const [i, t] of g.tickets.entries())
        await insertTicketType(
          trx,
          SYSTEM_ACTOR,
          g.id * 100 + i + 1,
          STANDARD_PRICE_LIST,
          {
            ticketGroupId: g.id,
            name: t.name,
            code: t.code,
            price: t.price,
            oldPrice: t.oldPrice ?? null,
            serviceCharge: 0,
            minQuantity: t.minQuantity ?? null,
            maxQuantity: t.maxQuantity ?? null,
            multiplyFactor: t.multiplyFactor ?? 1,
            requiredTicketId: t.requiresFirst ? g.id * 100 + 1 : null,
            requiredMinimum: 1,
            quota: t.quota ?? null,
            audience: { kind: 'everyone' },
            minAge: null,
            maxAge: null,
          },
          now,
        );

    // The fortnight's programme, scheduled as the back office does: runs of shows sold alike at once.
    const halls = new Map<number, HallPlan>();
    for (const hallId of new Set(shows.map((s) => s.hallId)))
      halls.set(hallId, await hallPlanOf(trx, hallId));
    const duration = new Map(features.map((f) => [f.id, f.durationMinutes]));
    const made: { id: number; seatplanId: number; show: (typeof shows)[number] }[] = [];
    for (let i = 0; i < shows.length;) {
      let j = i + 1;
      while (j < shows.length && shows[j]!.sale === shows[i]!.sale) j++;
      const run = shows.slice(i, j);
      const ids = await insertShows(
        trx,
        SYSTEM_ACTOR,
        run.map((s) => ({
          show: {
            hallId: s.hallId,
            startsAt: s.startsAt,
            endsAt: s.startsAt + (duration.get(s.featureId) ?? 0) * 60_000,
            businessDate: businessDate(s.startsAt),
          },
          featureId: s.featureId,
          hall: halls.get(s.hallId)!,
          priceLevelIds: s.priceLevelIds,
          saleStart: s.saleStart,
          saleEnd: s.saleEnd,
        })),
        run[0]!.sale,
        now,
      );
      run.forEach((show, k) =>
        made.push({ id: ids[k]!, seatplanId: halls.get(show.hallId)!.seatplanId, show }),
      );
      i = j;
    }
    for (const p of products)
      await insertProduct(
        trx,
        SYSTEM_ACTOR,
        p.id,
        {
          name: p.name,
          price: p.price,
          deliveryRequired: p.isDeliveryRequired ?? false,
          venueIds: [],
          presentationIds: made.filter((m) => m.show.products.includes(p.id)).map((m) => m.id),
        },
        now,
      );

    // Seats already sold at the box office, so maps look like a real week.
    const sold: Insertable<Database['seat_holds']>[] = [];
    for (const { id, seatplanId, show } of made) {
      if (show.soldShare === 0) continue;
      const rand = prng(id);
      for (const seat of seatsByPlan.get(seatplanId) ?? []) {
        if (seat.online && rand() < show.soldShare) {
          sold.push({
            presentation_id: id,
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
  await seedDonationScopes(db);
  await seedMemberships(db, now);
  await seedVodFilms(db);
  if (demoStaff) await seedStaff(db, now);
  await seedJumpPark(db, now);
  await seedSeniorTickets(db);
  await seedPartners(db);
  if (opts.demoSales !== false) await seedDemoSales(db, now); // paid orders for the staff reports
  return { seeded: true, presentations: shows.length, seats: seatCount };
}
