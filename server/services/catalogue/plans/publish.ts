import type { Kysely } from 'kysely';
import type { Seatplan } from '../../../../src/api/contract/seatplan.ts';
import type { SeatplanVersion } from '../../../../src/api/contract/venuesAdmin.ts';
import { checkPlan, type PlanFormat } from '../../../../src/domain/seatplans/index.ts';
import { type PlanSeatsRepository, planSeatsRepository } from '../../../db/repositories/planSeats.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { planPool } from './pool.ts';
import { hallRow, planJsonOf, priceLevels, versionOf, versionRow } from './versions.ts';
import { seatRows } from './work.ts';

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
    await auditPublish(
      trx,
      actor,
      id,
      { status: 'draft', version: row.version },
      {
        version,
        hallId,
        seats: seats.length / 5,
        warnings: checked.warnings,
      },
      now,
    );
  });
  return versionOf(db, id);
}

function auditPublish(
  trx: Db,
  actor: Actor,
  id: number,
  before: { status: 'draft'; version: number } | undefined,
  after: { version: number; hallId: number; seats: number; warnings: number },
  now: number,
) {
  return audit(
    trx,
    actor,
    {
      action: 'seatplan.publish',
      objectType: 'seatplan',
      objectId: id,
      ...(before ? { before } : {}),
      after: { status: 'published', ...after },
    },
    now,
  );
}

/**
 * A plan published at once, in the caller's transaction, as the hall's next version: the demo
 * catalogue's halls at seed time. Checked like any import (the plan's ids must be the version's and the
 * hall's venue), refused with its first error; its seats written to plan_seats; audited like a publish.
 * Small plans only: a venue's own file goes through a draft (drafts.ts), read on the worker thread.
 */
export async function publishPlanIn(
  trx: Db,
  actor: Actor,
  p: { id: number; hallId: number; plan: Seatplan; sourceFormat: PlanFormat },
  now: number,
): Promise<number> {
  const hall = await hallRow(trx, p.hallId);
  if (p.plan.seatplanId !== p.id || p.plan.venueId !== hall.venue_id)
    throw new AppError('formValidation', `seat plan ${p.id} names another plan or venue`);
  const levels = await priceLevels(trx);
  const problems = checkPlan(p.plan, new Set(levels.map((l) => l.id)));
  const errors = problems.filter((x) => x.severity === 'error');
  if (errors.length > 0)
    throw new AppError('seatplan_has_errors', `seat plan ${p.id} has ${errors.length} errors`, {
      errors: errors.length,
      first: errors[0]!.code,
    });
  const top = await trx
    .selectFrom('seatplans')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('hall_id', '=', p.hallId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  const version = Number(top?.v ?? 0) + 1;
  const planJson = JSON.stringify(p.plan);
  const seats = seatRows(planJson);
  const warnings = problems.length;
  await trx
    .insertInto('seatplans')
    .values({
      id: p.id,
      venue_id: hall.venue_id,
      hall_id: p.hallId,
      hall_name_json: hall.name_json,
      plan_json: planJson,
      seat_count: seats.length / 5,
      version,
      status: 'published',
      created_at: now,
      published_at: now,
      source_format: p.sourceFormat,
      error_count: 0,
      warning_count: warnings,
    })
    .execute();
  await planSeatsRepository(trx).replaceSeats(p.id, seats);
  await auditPublish(
    trx,
    actor,
    p.id,
    undefined,
    { version, hallId: p.hallId, seats: seats.length / 5, warnings },
    now,
  );
  return version;
}
