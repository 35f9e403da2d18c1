import type { Kysely } from 'kysely';
import type { SeatplanVersion } from '../../../../src/api/contract/venuesAdmin.ts';
import type { PlanSeatsRepository } from '../../../db/repositories/planSeats.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { planPool } from './pool.ts';
import { planJsonOf, priceLevels, versionOf, versionRow } from './versions.ts';

type Db = Kysely<Database>;

/**
 * Publishes a draft: checked once more (the price levels may have changed since), its seats written to
 * plan_seats, then, in one short transaction, it becomes the hall's next version and immutable.
 *
 * The seats go in before the version flips, a chunk per statement, so a 100,000-seat plan never holds
 * the database in one long transaction; a draft's seats are read by nothing (no presentation names a
 * draft), and a publish that died half-way is simply run again (its seats are written afresh).
 * Presentations keep the version they went on sale with: publishing moves none of them.
 */
export async function publishDraft(
  db: Db,
  planSeats: PlanSeatsRepository,
  actor: Actor,
  id: number,
  now: number,
): Promise<SeatplanVersion> {
  const row = await versionRow(db, id);
  if (row.status !== 'draft')
    throw new AppError('seatplan_not_draft', `seat plan ${id} is already published`);
  const levels = await priceLevels(db);
  const planJson = await planJsonOf(db, id);
  const checked = await planPool.run(
    'checkStored',
    planJson,
    levels.map((l) => l.id),
  );
  if (checked.errors > 0) {
    const first = checked.problems.find((p) => p.severity === 'error');
    throw new AppError('seatplan_has_errors', `seat plan ${id} has ${checked.errors} errors`, {
      errors: checked.errors,
      first: first?.code ?? '',
    });
  }
  const seats = await planPool.run('seatRows', planJson);
  await planSeats.replaceSeats(id, seats);
  const hallId = row.hall_id ?? row.id;
  await db.transaction().execute(async (trx) => {
    const top = await trx
      .selectFrom('seatplans')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('hall_id', '=', hallId)
      .where('status', '=', 'published')
      .executeTakeFirst();
    const version = Number(top?.v ?? 0) + 1;
    const flipped = await trx
      .updateTable('seatplans')
      .set({
        status: 'published',
        version,
        published_at: now,
        error_count: 0,
        warning_count: checked.warnings,
      })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (Number(flipped.numUpdatedRows) !== 1)
      throw new AppError('seatplan_not_draft', `seat plan ${id} was published meanwhile`);
    await audit(
      trx,
      actor,
      {
        action: 'seatplan.publish',
        objectType: 'seatplan',
        objectId: id,
        before: { status: 'draft', version: row.version },
        after: { status: 'published', version, hallId, seats: seats.length / 5, warnings: checked.warnings },
      },
      now,
    );
  });
  return versionOf(db, id);
}
