import type { Insertable, Kysely } from 'kysely';
import type { LockTimer } from '../../../../src/api/contract/presentations.ts';
import type { PlannedShow } from '../../../../src/domain/schedule.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { nextId } from '../freshId.ts';
import { changeCatalogue } from '../generation.ts';

type Db = Kysely<Database>;

/** The order steps' seconds when a schedule names none: the venue's usual (spec section 3, lockTimer). */
export const DEFAULT_LOCK_TIMER: LockTimer = {
  chooseSeatsInSeconds: 480,
  chooseTicketsInSeconds: 240,
  customerInfoInSeconds: 480,
  chooseProductsInSeconds: 240,
};

/** A hall as a presentation is put in it: its venue and newest published plan with the plan's price levels. */
export interface HallPlan {
  hallId: number;
  venueId: number;
  venueTypeId: number;
  seatplanId: number;
  /** Every price level the plan gives a seat. */
  planLevels: number[];
}

/** A hall's newest published plan and its price levels; hall_not_found, hall_without_plan. */
export async function hallPlanOf(db: Db, hallId: number): Promise<HallPlan> {
  const hall = await db
    .selectFrom('halls as h')
    .innerJoin('venues as v', 'v.id', 'h.venue_id')
    .select(['h.id', 'h.venue_id', 'v.venue_type_id'])
    .where('h.id', '=', hallId)
    .executeTakeFirst();
  if (!hall) throw new AppError('hall_not_found', `hall ${hallId} does not exist`);
  const plan = await db
    .selectFrom('seatplans')
    .select('id')
    .where('hall_id', '=', hallId)
    .where('status', '=', 'published')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!plan) throw new AppError('hall_without_plan', `hall ${hallId} has no published seat plan`, { hallId });
  const levels = await db
    .selectFrom('plan_seats')
    .select('ticket_group_id')
    .distinct()
    .where('seatplan_id', '=', plan.id)
    .orderBy('ticket_group_id')
    .execute();
  return {
    hallId,
    venueId: hall.venue_id,
    venueTypeId: hall.venue_type_id,
    seatplanId: plan.id,
    planLevels: levels.map((l) => l.ticket_group_id),
  };
}

/** How every show of one call goes on sale. */
export interface SaleSettings {
  /** When online sale opens (epoch ms). */
  saleStart: number;
  saleEndsMinutesAfterStart: number;
  seatingPolicyId: number;
  reserved: boolean;
  serviceCharge: number;
  lockTimer: LockTimer;
  /** The price list the shows sell from (checked by the caller: assertListFits). */
  priceListId: number;
  /** The business (merchant) whose acquirer takes the money; one business per order. Default 1. */
  businessId?: number;
  /** "Choose seats for me" offered on the seat map. Default off. */
  bestAvailable?: boolean;
  /** The e-ticket shows its QR code (a show at home has none). Default on. */
  displayQr?: boolean;
  /** The waiver every order of the shows signs before payment. Default none. */
  waiverId?: number | null;
}

export interface NewShow {
  show: PlannedShow;
  featureId: number;
  hall: HallPlan;
  priceLevelIds: readonly number[];
  /** This show's own sale window (epoch ms), where it differs from the call's. */
  saleStart?: number;
  saleEnd?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes presentations in the caller's transaction, under ids after the highest, each with its price
 * levels and an audit entry. The caller holds the halls and has checked the shows against them.
 */
export async function insertShows(
  trx: Db,
  actor: Actor,
  shows: readonly NewShow[],
  sale: SaleSettings,
  now: number,
  /** The first id (the seed names its own); default: after the highest. */
  firstId?: number,
): Promise<number[]> {
  let id = firstId ?? (await nextId(trx, 'presentations'));
  const rows: Insertable<Database['presentations']>[] = [];
  const levels: { presentation_id: number; ticket_group_id: number }[] = [];
  for (const { show, featureId, hall, priceLevelIds, saleStart, saleEnd } of shows) {
    rows.push({
      id,
      feature_id: featureId,
      venue_id: hall.venueId,
      seatplan_id: hall.seatplanId,
      venue_type_id: hall.venueTypeId,
      seating_policy_id: sale.seatingPolicyId,
      is_reserved: sale.reserved ? 1 : 0,
      auth_profile_id: 1,
      business_id: sale.businessId ?? 1,
      starts_at: show.startsAt,
      business_date: show.businessDate,
      sale_start: saleStart ?? sale.saleStart,
      sale_end: saleEnd ?? show.startsAt + sale.saleEndsMinutesAfterStart * 60_000,
      lock_timer_json: JSON.stringify(sale.lockTimer),
      service_charge: sale.serviceCharge,
      price_list_id: sale.priceListId,
      is_display_qr: sale.displayQr === false ? 0 : 1,
      best_available: sale.bestAvailable ? 1 : 0,
      waiver_id: sale.waiverId ?? null,
      view_area_filename: null,
      image_map_html: null,
      new_booking_url: null,
    });
    for (const tg of priceLevelIds) levels.push({ presentation_id: id, ticket_group_id: tg });
    id++;
  }
  for (let i = 0; i < rows.length; i += 100)
    await trx
      .insertInto('presentations')
      .values(rows.slice(i, i + 100))
      .execute();
  for (let i = 0; i < levels.length; i += 500)
    await trx
      .insertInto('presentation_ticket_groups')
      .values(levels.slice(i, i + 500))
      .execute();
  for (const [i, r] of rows.entries()) {
    const { hall, priceLevelIds } = shows[i]!;
    await audit(
      trx,
      actor,
      {
        action: 'presentation.create',
        objectType: 'presentation',
        objectId: r.id!,
        after: {
          featureId: r.feature_id,
          hallId: hall.hallId,
          seatplanId: r.seatplan_id,
          startsAt: iso(r.starts_at),
          saleStart: iso(r.sale_start),
          saleEnd: iso(r.sale_end),
          priceLevelIds,
          priceListId: sale.priceListId,
        },
      },
      now,
    );
  }
  return rows.map((r) => r.id!);
}

/**
 * Runs a write of new presentations in a transaction, again when another writer took the same new ids at
 * the same moment (in other halls; a refusal of the box office is not retried).
 */
export async function writeShows<T>(db: Db, write: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await changeCatalogue(db, write);
    } catch (err) {
      if (err instanceof AppError || attempt >= 4) throw err;
    }
  }
}
