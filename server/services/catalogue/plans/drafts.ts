import type { Kysely } from 'kysely';
import type { Seatplan } from '../../../../src/api/contract/seatplan.ts';
import type {
  PlanCheckAnswer,
  PlanEditsBody,
  PlanFile,
  SeatplanDetail,
  SeatplanVersion,
} from '../../../../src/api/contract/venuesAdmin.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { planPool } from './pool.ts';
import {
  hallLabel,
  hallRow,
  nextSeatplanId,
  planJsonOf,
  priceLevels,
  publishedOf,
  versionOf,
  versionRow,
} from './versions.ts';
import type { Checked } from './work.ts';

type Db = Kysely<Database>;

/**
 * A plan file as an import call sends it: the body's JSON text ({ format, content, name? }), read and
 * validated on the worker thread (a 100,000-seat file is tens of megabytes of JSON), or, from the seed
 * and tests, the file itself.
 */
export type PlanFileInput = { body: string } | PlanFile;

const bodyOf = (input: PlanFileInput) => ('body' in input ? input.body : JSON.stringify(input));

/** What an import of the file into the hall would give, nothing saved: problems and figures. */
export async function checkPlanFile(db: Db, hallId: number, input: PlanFileInput): Promise<PlanCheckAnswer> {
  const checked = await readFile(db, hallId, input, 0);
  return { problems: checked.problems, problemCount: checked.problemCount, figures: checked.figures };
}

async function readFile(
  db: Db,
  hallId: number,
  input: PlanFileInput,
  seatplanId: number,
): Promise<Checked & { format: string }> {
  const hall = await hallRow(db, hallId);
  const [levels, base] = await Promise.all([priceLevels(db), publishedOf(db, hallId)]);
  const outcome = await planPool.run('importFile', {
    body: bodyOf(input),
    venueId: hall.venue_id,
    seatplanId,
    name: hallLabel(hall.name_json),
    priceLevels: levels,
    baseJson: base ? await planJsonOf(db, base.id) : null,
  });
  if (!outcome.ok) throw new AppError('formValidation', outcome.issues);
  return outcome;
}

/** The next version number of a hall (drafts show the number they would be published under). */
async function nextVersion(trx: Db, hallId: number): Promise<number> {
  const row = await trx
    .selectFrom('seatplans')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('hall_id', '=', hallId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return Number(row?.v ?? 0) + 1;
}

async function saveDraft(
  db: Db,
  actor: Actor,
  hallId: number,
  id: number,
  checked: Checked,
  source: { format: string; action: string; from?: number },
  now: number,
): Promise<SeatplanVersion> {
  const hall = await hallRow(db, hallId);
  if (!checked.planJson || !checked.figures) throw new Error('a draft needs a plan');
  const planJson = checked.planJson;
  const figures = checked.figures;
  await db.transaction().execute(async (trx) => {
    const version = await nextVersion(trx, hallId);
    await trx
      .insertInto('seatplans')
      .values({
        id,
        venue_id: hall.venue_id,
        hall_id: hallId,
        hall_name_json: hall.name_json,
        plan_json: planJson,
        seat_count: figures.seats,
        version,
        status: 'draft',
        created_at: now,
        published_at: null,
        source_format: source.format,
        error_count: checked.errors,
        warning_count: checked.warnings,
      })
      .execute();
    await audit(
      trx,
      actor,
      {
        action: source.action,
        objectType: 'seatplan',
        objectId: id,
        after: {
          hallId,
          version,
          seats: figures.seats,
          format: source.format,
          errors: checked.errors,
          warnings: checked.warnings,
          ...(source.from !== undefined ? { from: source.from } : {}),
        },
      },
      now,
    );
  });
  return versionOf(db, id);
}

/**
 * Brings a file in as a new draft of the hall's plan. A file that cannot become a plan is refused with
 * seatplan_invalid (the check call lists why); a plan with rule errors is kept as a draft to be fixed
 * on the map, and cannot be published until it is.
 */
export async function importDraft(
  db: Db,
  actor: Actor,
  hallId: number,
  input: PlanFileInput,
  now: number,
): Promise<PlanCheckAnswer & { version: SeatplanVersion }> {
  await hallRow(db, hallId);
  const id = await nextSeatplanId(db);
  const checked = await readFile(db, hallId, input, id);
  if (!checked.planJson) {
    const first = checked.problems.find((p) => p.severity === 'error');
    throw new AppError('seatplan_invalid', 'the file cannot become a seat plan', {
      errors: checked.errors,
      first: first?.code ?? 'file_unreadable',
      ...(first?.line !== undefined ? { line: first.line } : {}),
      ...(first?.path !== undefined ? { path: first.path } : {}),
    });
  }
  const version = await saveDraft(
    db,
    actor,
    hallId,
    id,
    checked,
    { format: checked.format, action: 'seatplan.import' },
    now,
  );
  return {
    version,
    problems: checked.problems,
    problemCount: checked.problemCount,
    figures: checked.figures,
  };
}

/** A new draft with the seats of another version of the hall (to change a published plan). */
export async function copyToDraft(
  db: Db,
  actor: Actor,
  fromId: number,
  now: number,
): Promise<SeatplanVersion> {
  const from = await versionRow(db, fromId);
  const hallId = from.hall_id ?? from.id;
  const id = await nextSeatplanId(db);
  const levels = await priceLevels(db);
  const checked = await planPool.run(
    'copyAs',
    await planJsonOf(db, fromId),
    id,
    levels.map((l) => l.id),
  );
  return saveDraft(
    db,
    actor,
    hallId,
    id,
    checked,
    { format: 'copy', action: 'seatplan.copy', from: fromId },
    now,
  );
}

function assertDraft(row: { status: string; id: number }): void {
  if (row.status !== 'draft')
    throw new AppError('seatplan_not_draft', `seat plan ${row.id} is published: make a new draft of it`);
}

/** A version with its plan, problems and figures. */
export async function seatplanDetail(db: Db, id: number): Promise<SeatplanDetail> {
  const [version, planJson, levels] = await Promise.all([
    versionOf(db, id),
    planJsonOf(db, id),
    priceLevels(db),
  ]);
  const checked = await planPool.run(
    'checkStored',
    planJson,
    levels.map((l) => l.id),
  );
  if (!checked.figures) throw new Error('a stored plan always has figures');
  return {
    version,
    plan: JSON.parse(planJson) as Seatplan,
    problems: checked.problems,
    problemCount: checked.problemCount,
    figures: checked.figures,
  };
}

/**
 * Edits a draft on the map (seat flags and price levels, section and row names), checked again. The
 * audit entry keeps the edits and, for the first seats they changed, each seat before and after.
 */
export async function editDraft(
  db: Db,
  actor: Actor,
  id: number,
  body: PlanEditsBody,
  now: number,
): Promise<SeatplanDetail & { changed: number }> {
  const row = await versionRow(db, id);
  assertDraft(row);
  const levels = await priceLevels(db);
  const before = await planJsonOf(db, id);
  const outcome = await planPool.run(
    'editStored',
    before,
    body.edits,
    levels.map((l) => l.id),
  );
  if (!outcome.ok)
    throw new AppError('seatplan_edit_invalid', `${outcome.code}: ${outcome.value}`, {
      reason: outcome.code,
      value: outcome.value,
    });
  const planJson = outcome.planJson;
  const figures = outcome.figures;
  if (!planJson || !figures) throw new Error('an edited plan always has a plan');
  const diff = outcome.changed > 0 ? await planPool.run('diffStored', before, planJson) : null;
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('seatplans')
      .set({
        plan_json: planJson,
        seat_count: figures.seats,
        error_count: outcome.errors,
        warning_count: outcome.warnings,
      })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) assertDraft({ status: 'published', id });
    await audit(
      trx,
      actor,
      {
        action: 'seatplan.edit',
        objectType: 'seatplan',
        objectId: id,
        before: { errors: row.error_count, warnings: row.warning_count },
        after: {
          edits: body.edits.map((e) =>
            e.op === 'setSeats' ? { ...e, keys: e.keys.slice(0, 50), seats: e.keys.length } : e,
          ),
          changed: outcome.changed,
          seats: diff ? diff.changed.slice(0, 50) : [],
          errors: outcome.errors,
          warnings: outcome.warnings,
        },
      },
      now,
    );
  });
  return {
    version: await versionOf(db, id),
    plan: JSON.parse(planJson) as Seatplan,
    problems: outcome.problems,
    problemCount: outcome.problemCount,
    figures,
    changed: outcome.changed,
  };
}

/** Throws a draft away (a published version stays forever). */
export async function deleteDraft(db: Db, actor: Actor, id: number, now: number): Promise<void> {
  const row = await versionRow(db, id);
  assertDraft(row);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('plan_seats').where('seatplan_id', '=', id).execute();
    const gone = await trx
      .deleteFrom('seatplans')
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) assertDraft({ status: 'published', id });
    await audit(
      trx,
      actor,
      {
        action: 'seatplan.delete',
        objectType: 'seatplan',
        objectId: id,
        before: { hallId: row.hall_id, version: row.version, seats: row.seat_count },
      },
      now,
    );
  });
}
