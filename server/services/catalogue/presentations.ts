import { type Kysely, type Selectable, sql } from 'kysely';
import { type LocalizedText, VOD_VENUE_TYPES } from '../../../src/api/contract/common.ts';
import type {
  LockTimer,
  Presentation,
  PresentationSummary,
  Product,
  SaleStatus,
} from '../../../src/api/contract/presentations.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { TtlCache } from '../../ttlCache.ts';
import { seatsLeft, type SeatsLeft } from './availability.ts';
import { catalogueGeneration } from './generation.ts';
import { offeredProducts } from './products/offered.ts';
import { uploadedPosterPath } from '../../../src/domain/posters.ts';
import { type AllInPrice, lowestAllIn } from '../../../src/domain/order/fees.ts';
import { venueAddressField } from './venueAddress.ts';
import { ticketAudiences } from './audiences.ts';

export type PresentationRow = Selectable<Database['presentations']> & {
  title_json: string;
  category: string;
  category_id: number;
  language: string | null;
  dubbing: string | null;
  subtitles: string | null;
  duration_minutes: number;
  /** The feature's uploaded poster (migration 021); null: none. */
  poster_key: string | null;
  /** The feature's description, 3D flag and age rating (migration 021). */
  description_json: string | null;
  is_3d: number;
  age_rating: string | null;
  venue_name_json: string;
  /** The venue's street address (migration 020); null: none given. */
  venue_address_json: string | null;
  hall_name_json: string;
  /** The venue's flag (issue 20): 0 when booking through the site is off. */
  online_sales_enabled: number;
};

export const SERVICE_CHARGE_LABEL: LocalizedText = {
  he: 'דמי טיפול',
  en: 'handling fee',
  ru: 'сервисный сбор',
  ar: 'رسوم المعالجة',
  pl: 'opłata manipulacyjna',
};

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('presentations as p')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .innerJoin('venues as v', 'v.id', 'p.venue_id')
    .innerJoin('seatplans as sp', 'sp.id', 'p.seatplan_id')
    .selectAll('p')
    .select([
      'f.title_json',
      'f.category',
      'f.category_id',
      'f.language',
      'f.dubbing',
      'f.subtitles',
      'f.duration_minutes',
      'f.poster_key',
      'f.description_json',
      'f.is_3d',
      'f.age_rating',
      'v.name_json as venue_name_json',
      'v.address_json as venue_address_json',
      // Online when the venue sells online and so does the presentation (migration 021).
      sql<number>`v.online_sales_enabled * p.online_sale`.as('online_sales_enabled'),
      'sp.hall_name_json',
    ]);
}

export function saleStatus(row: { sale_start: number; sale_end: number }, now: number): SaleStatus {
  if (now < row.sale_start) return 'not_started';
  if (now >= row.sale_end) return 'ended';
  return 'open';
}

export function text(json: string): LocalizedText {
  return JSON.parse(json) as LocalizedText;
}

const NO_SEATS: SeatsLeft = { seatsLeft: null, availability: 'available' };

function toSummary(
  row: PresentationRow,
  now: number,
  from: AllInPrice | undefined,
  left: SeatsLeft = NO_SEATS,
): PresentationSummary {
  return {
    id: row.id,
    featureId: row.feature_id,
    title: text(row.title_json),
    featureCategoryId: row.category_id,
    category: row.category as PresentationSummary['category'],
    venueId: row.venue_id,
    venueName: text(row.venue_name_json),
    ...venueAddressField(row.venue_address_json),
    hallName: text(row.hall_name_json),
    seatplanId: row.seatplan_id,
    venueTypeId: row.venue_type_id,
    seatingPolicyId: row.seating_policy_id,
    isReserved: row.is_reserved === 1,
    isVod: VOD_VENUE_TYPES.has(row.venue_type_id),
    authProfileId: row.auth_profile_id,
    businessId: row.business_id,
    dateTime: new Date(row.starts_at).toISOString(),
    businessDate: row.business_date,
    saleStart: new Date(row.sale_start).toISOString(),
    saleEnd: new Date(row.sale_end).toISOString(),
    saleStatus: saleStatus(row, now),
    language: row.language,
    dubbing: row.dubbing,
    subtitles: row.subtitles,
    durationMinutes: row.duration_minutes,
    minPrice: from?.total ?? null,
    minServiceCharge: from?.serviceCharge ?? null,
    seatsLeft: left.seatsLeft,
    availability: left.availability,
    ...(row.online_sales_enabled === 0 ? { locationOffline: true } : {}),
    ...(row.is_3d === 1 ? { is3d: true as const } : {}),
    ...(row.age_rating ? { ageRating: row.age_rating } : {}),
    ...(row.poster_key ? { poster: uploadedPosterPath(row.feature_id, row.poster_key, 'board') } : {}),
  };
}

/**
 * Each presentation's cheapest ticket all in (lowestAllIn: price plus its handling fee, the fee rule the
 * checkout charges by), so the board's "from" price is the price paid for one ticket.
 */
async function minPrices(db: Kysely<Database>, ids: number[]): Promise<Map<number, AllInPrice>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('presentation_ticket_groups as ptg')
    .innerJoin('tickets as t', 't.ticket_group_id', 'ptg.ticket_group_id')
    .innerJoin('presentations as pl', 'pl.id', 'ptg.presentation_id')
    .whereRef('t.price_list_id', '=', 'pl.price_list_id')
    .select([
      'ptg.presentation_id',
      't.price',
      't.service_charge as ticket_charge',
      'pl.service_charge as presentation_charge',
    ])
    .distinct()
    .where('ptg.presentation_id', 'in', ids)
    // A price only a code unlocks (a voucher's 0, a partner's discount) is not the board's "from" price.
    .where('t.is_hidden', '=', 0)
    .where('t.multiply_factor', '=', 1)
    .where('t.is_sub_ticket', '=', 0)
    .execute();
  const tickets = new Map<number, { price: number; serviceCharge: number }[]>();
  const charge = new Map<number, number>();
  for (const r of rows) {
    const list = tickets.get(r.presentation_id) ?? [];
    list.push({ price: Number(r.price), serviceCharge: Number(r.ticket_charge) });
    tickets.set(r.presentation_id, list);
    charge.set(r.presentation_id, Number(r.presentation_charge));
  }
  const out = new Map<number, AllInPrice>();
  for (const [id, list] of tickets) {
    const best = lowestAllIn(list, charge.get(id)!);
    if (best) out.set(id, best);
  }
  return out;
}

/**
 * Presentations a customer can still act on: those that have not started yet and video on demand
 * whose viewing sale is still open. With a date, only that business date (VOD while on sale).
 */
export async function listPresentations(
  db: Kysely<Database>,
  now: number,
  date?: string,
): Promise<PresentationSummary[]> {
  const vodTypes = [...VOD_VENUE_TYPES];
  let q = baseQuery(db)
    .where('p.called_off_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('p.starts_at', '>', now),
        eb.and([eb('p.venue_type_id', 'in', vodTypes), eb('p.sale_end', '>', now)]),
      ]),
    );
  if (date) {
    q = q.where((eb) => eb.or([eb('p.business_date', '=', date), eb('p.venue_type_id', 'in', vodTypes)]));
  }
  const rows = (await q.orderBy('p.starts_at').orderBy('p.id').execute()) as PresentationRow[];
  const [prices, left] = await Promise.all([
    minPrices(
      db,
      rows.map((r) => r.id),
    ),
    seatsLeft(db, rows, now),
  ]);
  return rows.map((r) => toSummary(r, now, prices.get(r.id), left.get(r.id)));
}

/**
 * A presentation as a list answers it (the board, a partner's mini-site): without the venue's street
 * address, which a presentation's own answer carries for its order page. No list shows it, and in five
 * languages it would add a third to the board's list, which a phone loads first.
 */
export function listed(p: PresentationSummary): PresentationSummary {
  const { venueAddress: _, ...summary } = p;
  return summary;
}

export async function findRow(db: Kysely<Database>, id: number): Promise<PresentationRow> {
  const row = (await baseQuery(db).where('p.id', '=', id).executeTakeFirst()) as PresentationRow | undefined;
  if (!row) throw new AppError('event_not_found', `presentation ${id} does not exist`);
  return row;
}

/**
 * Throws the sale-window code when ticketing for the presentation is not open at `now`, and
 * presentation_called_off for one the venue called off (its window was closed then too).
 */
export function assertOnSale(
  row: { sale_start: number; sale_end: number; called_off_at?: number | null },
  now: number,
): void {
  if (row.called_off_at !== undefined && row.called_off_at !== null)
    throw new AppError('presentation_called_off', 'the venue called this presentation off', {
      calledOffAt: new Date(Number(row.called_off_at)).toISOString(),
    });
  const status = saleStatus(row, now);
  if (status === 'not_started') {
    throw new AppError('sale_not_started', 'ticket sale has not begun yet', {
      saleStart: new Date(row.sale_start).toISOString(),
    });
  }
  if (status === 'ended') {
    throw new AppError('sale_ended', 'ticket sale has ended', {
      saleEnd: new Date(row.sale_end).toISOString(),
    });
  }
}

/**
 * Seat calls read the presentation on every lock and unlock, thousands a minute on an on-sale: its row
 * (which only a change of the catalogue changes) is kept a second per database handle and catalogue
 * generation; the sale window is checked against `now` on every call all the same.
 */
const sellableRows = new WeakMap<object, TtlCache<string, PresentationRow>>();

async function recentRow(db: Kysely<Database>, id: number): Promise<PresentationRow> {
  let rows = sellableRows.get(db);
  if (!rows) sellableRows.set(db, (rows = new TtlCache(1000, Date.now, 1000)));
  const generation = await catalogueGeneration(db);
  return rows.get(`${generation}:${id}`, () => findRow(db, id));
}

/** The presentation row for seat calls; throws event_not_found or the sale-window codes. */
export async function getSellablePresentation(db: Kysely<Database>, id: number, now: number) {
  const row = await recentRow(db, id);
  assertOnSale(row, now);
  return {
    id: row.id,
    venueId: row.venue_id,
    seatplanId: row.seatplan_id,
    venueTypeId: row.venue_type_id,
    businessId: row.business_id,
    isReserved: row.is_reserved === 1,
    isVod: VOD_VENUE_TYPES.has(row.venue_type_id),
    lockTimer: JSON.parse(row.lock_timer_json) as LockTimer,
    onlineSales: row.online_sales_enabled !== 0,
    /** General admission: the first this many online places of the plan sell (migration 022); null: all. */
    capacity: row.capacity ?? null,
  };
}

export async function getPresentation(db: Kysely<Database>, id: number, now: number): Promise<Presentation> {
  const row = await findRow(db, id);
  assertOnSale(row, now);
  const [prices, left, products, audiences, film] = await Promise.all([
    minPrices(db, [id]),
    seatsLeft(db, [row], now),
    listProducts(db, id),
    ticketAudiences(db, id),
    db
      .selectFrom('vod_films')
      .select(['plays_allowed', 'rental_hours'])
      .where('presentation_id', '=', id)
      .executeTakeFirst(),
  ]);
  return {
    ...toSummary(row, now, prices.get(id), left.get(id)),
    viewAreaFilename: row.view_area_filename,
    imageMapHtml: row.image_map_html,
    newBookingUrl: row.new_booking_url,
    isDisplayQr: row.is_display_qr === 1,
    isBestAvailableEnabled: row.best_available === 1,
    lockTimer: JSON.parse(row.lock_timer_json) as LockTimer,
    serviceCharge: { amount: row.service_charge, label: SERVICE_CHARGE_LABEL },
    products,
    vod: film ? { playsAllowed: film.plays_allowed, rentalHours: film.rental_hours } : null,
    waiverId: row.waiver_id,
    ...(row.description_json ? { description: text(row.description_json) } : {}),
    ticketAudiences: audiences,
  };
}

async function listProducts(db: Kysely<Database>, presentationId: number): Promise<Product[]> {
  const rows = await offeredProducts(db, [presentationId]);
  return rows.map((r) => ({
    id: r.id,
    name: text(r.name_json),
    price: r.price,
    isDeliveryRequired: r.is_delivery_required === 1,
  }));
}
