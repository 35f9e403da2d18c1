import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { Dialect } from './index.ts';
import { m001_CatalogueAndSeats } from './migrations/001_catalogue_and_seats.ts';
import { m002_OrdersAndPayments } from './migrations/002_orders_and_payments.ts';
import { m003_CustomerAccounts } from './migrations/003_customer_accounts.ts';
import { checkoutMigration } from './migrations/004_checkout.ts';
import { ticketAddonsMigration } from './migrations/005_ticket_addons.ts';
import { orderDetailsMigration } from './migrations/006_order_details.ts';
import { m007_PaypalShipping } from './migrations/007_paypal_shipping.ts';
import { seatChangeFeedMigration } from './migrations/008_seat_change_feed.ts';
import { m009_HoldAddresses } from './migrations/009_hold_addresses.ts';
import { m010_VouchersAndDonations } from './migrations/010_vouchers_and_donations.ts';
import { m011_MembershipsAndEnrolment } from './migrations/011_memberships_and_enrolment.ts';
import { m012_VideoOnDemand } from './migrations/012_video_on_demand.ts';
import { m013_OrderMessages } from './migrations/013_order_messages.ts';
import { m014_Staff } from './migrations/014_staff.ts';
import { m015_ReportsAndWaivers } from './migrations/015_reports_and_waivers.ts';
import { m016_Partners } from './migrations/016_partners.ts';
import { m017_SeniorCitizens } from './migrations/017_senior_citizens.ts';
import { m018_OnlineSales } from './migrations/018_online_sales.ts';
import { m019_HoldReleases } from './migrations/019_hold_releases.ts';
import { m020_BackOffice } from './migrations/020_back_office.ts';
import { presentationChangesMigration } from './migrations/021_presentation_changes.ts';
import { m022_PresentationCapacity } from './migrations/022_presentation_capacity.ts';
import { m023_DonationFundScope } from './migrations/023_donation_fund_scope.ts';
import { m024_OrderGifts } from './migrations/024_order_gifts.ts';
import { m025_SectionNames } from './migrations/025_section_names.ts';
import { m026_CounterAndRefunds } from './migrations/026_counter_and_refunds.ts';
import { orderSearchMigration } from './migrations/027_order_search.ts';
import { m028_Door } from './migrations/028_door.ts';
import { m029_DoorPasses } from './migrations/029_door_passes.ts';
import { m030_ProviderEvents } from './migrations/030_provider_events.ts';
import { m031_WaitingRooms } from './migrations/031_waiting_rooms.ts';
import { guardCountsMigration } from './migrations/032_guard_counts.ts';

/**
 * One set of migrations for SQLite and PostgreSQL: only types both understand (integer, bigint, text),
 * flags as 0/1 integers, instants as epoch milliseconds in bigint columns. The few steps the two
 * databases do differently (changing a CHECK constraint) live in `migrations/schemaChange.ts`.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_catalogue_and_seats': m001_CatalogueAndSeats,
    '002_orders_and_payments': m002_OrdersAndPayments,
    '003_customer_accounts': m003_CustomerAccounts,
    '004_checkout': checkoutMigration(dialect),
    '005_ticket_addons': ticketAddonsMigration(dialect),
    '006_order_details': orderDetailsMigration(dialect),
    '007_paypal_shipping': m007_PaypalShipping,
    '008_seat_change_feed': seatChangeFeedMigration(dialect),
    '009_hold_addresses': m009_HoldAddresses,
    '010_vouchers_and_donations': m010_VouchersAndDonations,
    '011_memberships_and_enrolment': m011_MembershipsAndEnrolment,
    '012_video_on_demand': m012_VideoOnDemand,
    '013_order_messages': m013_OrderMessages,
    '014_staff': m014_Staff,
    '015_reports_and_waivers': m015_ReportsAndWaivers,
    '016_partners': m016_Partners,
    '017_senior_citizens': m017_SeniorCitizens,
    '018_online_sales': m018_OnlineSales,
    '019_hold_releases': m019_HoldReleases,
    '020_back_office': m020_BackOffice,
    '021_presentation_changes': presentationChangesMigration(dialect),
    '022_presentation_capacity': m022_PresentationCapacity,
    '023_donation_fund_scope': m023_DonationFundScope,
    '024_order_gifts': m024_OrderGifts,
    '025_section_names': m025_SectionNames,
    '026_counter_and_refunds': m026_CounterAndRefunds,
    '027_order_search': orderSearchMigration(dialect),
    '028_door': m028_Door,
    '029_door_passes': m029_DoorPasses,
    '030_provider_events': m030_ProviderEvents,
    '031_waiting_rooms': m031_WaitingRooms,
    '032_guard_counts': guardCountsMigration(dialect),
  };
}

/**
 * Runs the pending migrations. With a PostgreSQL schema the migration tables live in that schema: Kysely
 * otherwise looks them up across all schemas and may find another schema's (parallel test runs).
 */
export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect, schema?: string): Promise<void> {
  const all = migrations(dialect);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(all) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/**
 * The migrations this code knows that the database has not run (for /readyz: a process started against
 * a database another, newer or older, process migrated answers "not ready" instead of failing calls).
 */
export async function pendingMigrations(
  db: Kysely<unknown>,
  dialect: Dialect,
  schema?: string,
): Promise<string[]> {
  const all = migrations(dialect);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(all) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const infos = await migrator.getMigrations();
  return infos.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
