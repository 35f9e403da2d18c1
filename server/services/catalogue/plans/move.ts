import type { Kysely } from 'kysely';
import { seatKey } from '../../../../src/domain/seatKey.ts';
import type { SaleLocks } from '../../../db/repositories/saleLocks.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { planPool } from './pool.ts';
import { planJsonOf, type VersionRow, versionRow } from './versions.ts';
import { changeCatalogue } from '../generation.ts';

type Db = Kysely<Database>;

/** The most seats a refusal names. */
const LISTED_SEATS = 20;

/** Refuses a version that is not a published version of the presentation's hall (seatplan_not_of_hall). */
function assertOfHall(current: VersionRow, target: VersionRow): void {
  if (target.status !== 'published' || (target.hall_id ?? target.id) !== (current.hall_id ?? current.id))
    throw new AppError('seatplan_not_of_hall', `seat plan ${target.id} is not a published plan of this hall`);
}

/**
 * The checks of a move from `current` to `target` (a version row and its plan JSON), in the move's
 * transaction after the presentation's sales are held: the target is a published version of the same
 * hall, and every seat sold or held (live) for the presentation is in it unchanged (seatplan_seats_in_use
 * names them). Answers the keys of those seats. The back office's change of a show (presentationEdit.ts)
 * moves through it too.
 */
export async function assertVersionFits(
  trx: Db,
  presentationId: number,
  current: VersionRow,
  target: VersionRow,
  targetJson: string,
  now: number,
): Promise<string[]> {
  assertOfHall(current, target);
  const taken = await trx
    .selectFrom('seat_holds')
    .select(['section_id', 'x', 'y'])
    .where('presentation_id', '=', presentationId)
    .where((eb) => eb.or([eb('state', '=', 'sold'), eb('expires_at', '>', now)]))
    .execute();
  const keys = taken.map((h) => seatKey(h.section_id, h.x, h.y));
  if (keys.length === 0) return keys;
  const [before, after] = await Promise.all([
    planPool.run('seatIdentities', await planJsonOf(trx, current.id), keys),
    planPool.run('seatIdentities', targetJson, keys),
  ]);
  const moved = keys.filter((k) => before[k] !== after[k] || after[k] === null);
  if (moved.length > 0)
    throw new AppError(
      'seatplan_seats_in_use',
      `${moved.length} sold or held seats are not in this version`,
      {
        count: moved.length,
        seats: moved.slice(0, LISTED_SEATS).join(', '),
      },
    );
  return keys;
}

/**
 * Moves a presentation to another published version of its hall's plan, only if every seat sold or held
 * for it exists unchanged in that version (same key, section, row, number, price level and allocation);
 * otherwise seatplan_seats_in_use names them and nothing changes. Purchases of the presentation wait
 * meanwhile (saleLocks), so no seat is sold on the old version after the check; a seat held after it
 * under the old version cannot be bought once the presentation has moved (the purchase reads the plan
 * again). Publishing never moves a presentation: this call does, one presentation at a time.
 */
export async function movePresentationToVersion(
  db: Db,
  saleLocks: SaleLocks,
  actor: Actor,
  presentationId: number,
  seatplanId: number,
  now: number,
): Promise<{ presentationId: number; seatplanId: number; version: number }> {
  const target = await versionRow(db, seatplanId);
  const targetJson = await planJsonOf(db, seatplanId);
  return changeCatalogue(db, async (trx) => {
    await saleLocks.holdSales(trx, presentationId);
    const p = await trx
      .selectFrom('presentations')
      .select(['id', 'seatplan_id', 'venue_id'])
      .where('id', '=', presentationId)
      .forUpdate()
      .executeTakeFirst();
    if (!p) throw new AppError('event_not_found', `presentation ${presentationId} does not exist`);
    const current = await versionRow(trx, p.seatplan_id);
    if (p.seatplan_id === seatplanId) {
      assertOfHall(current, target);
      return { presentationId, seatplanId, version: target.version };
    }
    const keys = await assertVersionFits(trx, presentationId, current, target, targetJson, now);
    await trx
      .updateTable('presentations')
      .set({ seatplan_id: seatplanId })
      .where('id', '=', presentationId)
      .execute();
    await audit(
      trx,
      actor,
      {
        action: 'presentation.seatplan',
        objectType: 'presentation',
        objectId: presentationId,
        before: { seatplanId: p.seatplan_id, version: current.version },
        after: { seatplanId, version: target.version, seatsKept: keys.length },
      },
      now,
    );
    return { presentationId, seatplanId, version: target.version };
  });
}
