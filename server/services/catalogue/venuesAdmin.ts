import type { Kysely, Selectable } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type {
  AdminHall,
  AdminVenue,
  HallCreate,
  VenueAddress,
  VenueCreate,
  VenueUpdate,
} from '../../../src/api/contract/venuesAdmin.ts';
import { VenueCreateSchema } from '../../../src/api/contract/venuesAdmin.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type Actor, audit } from '../audit/log.ts';
import { withFreshId } from './freshId.ts';
import { hallLabel, presentationCounts, toVersion, VERSION_COLUMNS } from './plans/versions.ts';
import { changeCatalogue } from './generation.ts';

type Db = Kysely<Database>;
type VenueRow = Selectable<Database['venues']>;

function venueFields(v: VenueRow) {
  return {
    id: v.id,
    name: JSON.parse(v.name_json) as LocalizedText,
    address: v.address_json ? (JSON.parse(v.address_json) as VenueAddress) : null,
    venueTypeId: v.venue_type_id,
    onlineSalesEnabled: v.online_sales_enabled !== 0,
  };
}

/** The venues with their halls and each hall's newest published version (managers, admins). */
export async function listAdminVenues(db: Db, onlyId?: number): Promise<AdminVenue[]> {
  let vq = db.selectFrom('venues').selectAll().orderBy('id');
  if (onlyId !== undefined) vq = vq.where('id', '=', onlyId);
  const venues = await vq.execute();
  if (venues.length === 0) return [];
  const ids = venues.map((v) => v.id);
  const [halls, versions] = await Promise.all([
    db.selectFrom('halls').selectAll().where('venue_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('seatplans').select(VERSION_COLUMNS).where('venue_id', 'in', ids).execute(),
  ]);
  const published = new Map<number, (typeof versions)[number]>();
  const drafts = new Map<number, number>();
  for (const v of versions) {
    const hallId = v.hall_id ?? v.id;
    if (v.status === 'draft') drafts.set(hallId, (drafts.get(hallId) ?? 0) + 1);
    else if ((published.get(hallId)?.version ?? 0) < v.version) published.set(hallId, v);
  }
  const counts = await presentationCounts(
    db,
    [...published.values()].map((v) => v.id),
  );
  const hallsOf = new Map<number, AdminHall[]>();
  for (const h of halls) {
    const p = published.get(h.id);
    const hall: AdminHall = {
      id: h.id,
      venueId: h.venue_id,
      name: JSON.parse(h.name_json) as LocalizedText,
      published: p ? toVersion(p, hallLabel(h.name_json), counts.get(p.id) ?? 0) : null,
      drafts: drafts.get(h.id) ?? 0,
    };
    hallsOf.set(h.venue_id, [...(hallsOf.get(h.venue_id) ?? []), hall]);
  }
  return venues.map((v) => ({ ...venueFields(v), halls: hallsOf.get(v.id) ?? [] }));
}

async function venueRow(db: Db, id: number): Promise<VenueRow> {
  const row = await db.selectFrom('venues').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('venue_not_found', `venue ${id} does not exist`);
  return row;
}

/** A venue written in the caller's transaction, with its audit entry (the back office and the seed). */
export async function insertVenue(
  trx: Db,
  actor: Actor,
  id: number,
  input: VenueCreate,
  now: number,
): Promise<void> {
  const v = VenueCreateSchema.parse(input);
  const row = {
    id,
    name_json: JSON.stringify(v.name),
    venue_type_id: v.venueTypeId,
    online_sales_enabled: v.onlineSalesEnabled ? 1 : 0,
    address_json: v.address ? JSON.stringify(v.address) : null,
  };
  await trx.insertInto('venues').values(row).execute();
  await audit(
    trx,
    actor,
    { action: 'venue.create', objectType: 'venue', objectId: id, after: venueFields(row) },
    now,
  );
}

export async function createVenue(
  db: Db,
  actor: Actor,
  input: VenueCreate,
  now: number,
): Promise<AdminVenue> {
  const id = await withFreshId(db, 'venues', (id) =>
    changeCatalogue(db, async (trx) => {
      await insertVenue(trx, actor, id, input, now);
      return id;
    }),
  );
  const [venue] = await listAdminVenues(db, id);
  return venue!;
}

/** Renames a venue, sets its address, turns booking through the site on or off (location offline). */
export async function updateVenue(
  db: Db,
  actor: Actor,
  id: number,
  change: VenueUpdate,
  now: number,
): Promise<AdminVenue> {
  await changeCatalogue(db, async (trx) => {
    const before = await venueRow(trx, id);
    const set: Partial<VenueRow> = {};
    if (change.name) set.name_json = JSON.stringify(change.name);
    if (change.address !== undefined)
      set.address_json = change.address ? JSON.stringify(change.address) : null;
    if (change.onlineSalesEnabled !== undefined) set.online_sales_enabled = change.onlineSalesEnabled ? 1 : 0;
    await trx.updateTable('venues').set(set).where('id', '=', id).execute();
    const after = await venueRow(trx, id);
    const action =
      Object.keys(set).length === 1 && set.online_sales_enabled !== undefined
        ? 'venue.online_sales'
        : 'venue.update';
    await audit(
      trx,
      actor,
      { action, objectType: 'venue', objectId: id, before: venueFields(before), after: venueFields(after) },
      now,
    );
  });
  const [venue] = await listAdminVenues(db, id);
  return venue!;
}

/** A hall written in the caller's transaction, with its audit entry (the back office and the seed). */
export async function insertHall(
  trx: Db,
  actor: Actor,
  id: number,
  venueId: number,
  input: HallCreate,
  now: number,
): Promise<void> {
  await trx
    .insertInto('halls')
    .values({ id, venue_id: venueId, name_json: JSON.stringify(input.name), created_at: now })
    .execute();
  await audit(
    trx,
    actor,
    { action: 'hall.create', objectType: 'hall', objectId: id, after: { venueId, name: input.name } },
    now,
  );
}

export async function createHall(
  db: Db,
  actor: Actor,
  venueId: number,
  input: HallCreate,
  now: number,
): Promise<AdminHall> {
  await venueRow(db, venueId);
  const id = await withFreshId(db, 'halls', (id) =>
    changeCatalogue(db, async (trx) => {
      await insertHall(trx, actor, id, venueId, input, now);
      return id;
    }),
  );
  return { id, venueId, name: input.name, published: null, drafts: 0 };
}

/** Renames a hall. Its published plans keep the name they were published with (they never change). */
export async function renameHall(
  db: Db,
  actor: Actor,
  id: number,
  input: HallCreate,
  now: number,
): Promise<AdminHall> {
  const venueId = await changeCatalogue(db, async (trx) => {
    const before = await trx.selectFrom('halls').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new AppError('hall_not_found', `hall ${id} does not exist`);
    await trx
      .updateTable('halls')
      .set({ name_json: JSON.stringify(input.name) })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('seatplans')
      .set({ hall_name_json: JSON.stringify(input.name) })
      .where('hall_id', '=', id)
      .where('status', '=', 'draft')
      .execute();
    await audit(
      trx,
      actor,
      {
        action: 'hall.update',
        objectType: 'hall',
        objectId: id,
        before: { name: JSON.parse(before.name_json) as unknown },
        after: { name: input.name },
      },
      now,
    );
    return before.venue_id;
  });
  const [venue] = await listAdminVenues(db, venueId);
  const hall = venue?.halls.find((h) => h.id === id);
  if (!hall) throw new AppError('hall_not_found', `hall ${id} does not exist`);
  return hall;
}
