import type { Kysely } from 'kysely';
import type { Locale, LocalizedText } from '../../../src/api/contract/common.ts';
import type { SignedWaiver, StaffWaiversAnswer, WaiverText } from '../../../src/api/contract/waiver.ts';
import type { WaiverSearchRepository } from '../../db/repositories/waiverSearch.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { ownOrder } from '../customers/area/orders.ts';
import { sameText } from '../customers/secrets.ts';

type Db = Kysely<Database>;

const text = (json: string) => JSON.parse(json) as LocalizedText;

/** GET /presentations/{id}/waiver: the waiver a presentation's orders sign (waiver_not_found: none). */
export async function waiverOfPresentation(db: Db, presentationId: number): Promise<WaiverText> {
  const row = await db
    .selectFrom('presentations as p')
    .innerJoin('waivers as w', 'w.id', 'p.waiver_id')
    .select(['w.id', 'w.version', 'w.title_json', 'w.text_json', 'w.adult_min_age'])
    .where('p.id', '=', presentationId)
    .executeTakeFirst();
  if (!row) throw new AppError('waiver_not_found', 'this presentation needs no waiver');
  return {
    id: row.id,
    version: row.version,
    title: text(row.title_json),
    text: text(row.text_json),
    adultMinAge: row.adult_min_age,
  };
}

/** Who asks for a signed waiver: the link's key, the logged-in customer, or a logged-in staff user. */
export interface WaiverReader {
  key?: string | undefined;
  customerId: string | null;
  isStaff: boolean;
}

/**
 * A signed waiver, for whoever may read it: staff, whoever holds the order's document key (the
 * e-ticket's link), or the logged-in customer whose order it is (the personal area's rule). Anyone else
 * gets waiver_not_yours; a logged-out visitor without the key, not_logged_in.
 */
export async function signedWaiver(db: Db, rid: string, who: WaiverReader): Promise<SignedWaiver> {
  const row = await db
    .selectFrom('order_waivers as w')
    .innerJoin('orders as o', 'o.reservation_identifier', 'w.reservation_identifier')
    .innerJoin('presentations as p', 'p.id', 'w.presentation_id')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .innerJoin('venues as v', 'v.id', 'p.venue_id')
    .selectAll('w')
    .select(['o.document_key', 'p.starts_at', 'f.title_json', 'v.name_json as venue_json'])
    .where('w.reservation_identifier', '=', rid)
    .executeTakeFirst();
  if (!row) throw new AppError('waiver_not_found', 'no signed waiver for this order');
  if (!who.isStaff) {
    if (who.key !== undefined) {
      if (!sameText(who.key, row.document_key))
        throw new AppError('waiver_not_yours', 'the link key does not match');
    } else {
      if (!who.customerId) throw new AppError('not_logged_in', 'log in, or open the e-ticket’s link');
      await ownOrder(db, false, who.customerId, rid).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'not_your_item')
          throw new AppError('waiver_not_yours', 'this waiver was signed for someone else’s order');
        throw err;
      });
    }
  }
  return {
    reservationIdentifier: rid,
    presentation: {
      id: row.presentation_id,
      title: text(row.title_json),
      venueName: text(row.venue_json),
      dateTime: new Date(Number(row.starts_at)).toISOString(),
    },
    waiverId: row.waiver_id,
    version: row.waiver_version,
    locale: row.locale as Locale,
    title: row.title,
    text: row.text,
    adult: { name: row.adult_name, idNumber: row.adult_id_number, dateOfBirth: row.adult_date_of_birth },
    jumpers: JSON.parse(row.jumpers_json) as SignedWaiver['jumpers'],
    signature: row.signature_png,
    signedAt: new Date(Number(row.signed_at)).toISOString(),
    signedFrom: row.signed_from,
  };
}

export const STAFF_WAIVERS_PAGE = 20;

function jumpersOf(json: string): { jumpers: number; jumperNames: string[] } {
  const jumpers = JSON.parse(json) as { name: string }[];
  return { jumpers: jumpers.length, jumperNames: jumpers.map((j) => j.name) };
}

/**
 * The staff area's list: newest signed first, optionally by reservation number, or part of the signing
 * adult's or of any jumper's name.
 */
export async function staffWaivers(
  db: Db,
  search: WaiverSearchRepository,
  q: string | undefined,
  page: number,
): Promise<StaffWaiversAnswer> {
  let query = db
    .selectFrom('order_waivers as w')
    .innerJoin('orders as o', 'o.reservation_identifier', 'w.reservation_identifier')
    .innerJoin('presentations as p', 'p.id', 'w.presentation_id')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .where('o.state', 'in', ['paid', 'held']);
  if (q) {
    // LIKE's wildcards are dropped from what was typed (no escape clause both dialects agree on).
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, '')}%`;
    query = query.where((eb) =>
      eb.or([
        eb('w.reservation_identifier', '=', q.toUpperCase()),
        eb('w.reservation_identifier', '=', q),
        eb(eb.fn('lower', ['w.adult_name']), 'like', like),
        search.jumperNameLike(like),
      ]),
    );
  }
  const [{ total }] = (await query.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [
    { total: number },
  ];
  const rows = await query
    .select([
      'w.reservation_identifier',
      'w.adult_name',
      'w.jumpers_json',
      'w.signed_at',
      'p.starts_at',
      'f.title_json',
    ])
    .orderBy('w.signed_at', 'desc')
    .orderBy('w.reservation_identifier')
    .limit(STAFF_WAIVERS_PAGE)
    .offset((page - 1) * STAFF_WAIVERS_PAGE)
    .execute();
  return {
    waivers: rows.map((r) => ({
      reservationIdentifier: r.reservation_identifier,
      adultName: r.adult_name,
      ...jumpersOf(r.jumpers_json),
      title: text(r.title_json),
      dateTime: new Date(Number(r.starts_at)).toISOString(),
      signedAt: new Date(Number(r.signed_at)).toISOString(),
    })),
    total: Number(total),
    pageSize: STAFF_WAIVERS_PAGE,
  };
}
