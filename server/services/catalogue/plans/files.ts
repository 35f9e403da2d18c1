import type { Kysely } from 'kysely';
import { MAX_DIFF_LISTED, type PlanDiffAnswer } from '../../../../src/api/contract/venuesAdmin.ts';
import type { PlanFormat } from '../../../../src/domain/seatplans/index.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { planPool } from './pool.ts';
import { hallLabel, planJsonOf, priceLevels, publishedOf, versionRow } from './versions.ts';

type Db = Kysely<Database>;

const EXTENSIONS: Record<PlanFormat, { ext: string; type: string }> = {
  seatplanV2: { ext: 'seatplan.json', type: 'application/json; charset=utf-8' },
  pretix: { ext: 'pretix.json', type: 'application/json; charset=utf-8' },
  csv: { ext: 'csv', type: 'text/csv; charset=utf-8' },
};

/** A version as a file in the shop's format, pretix's or CSV, with a file name for downloads. */
export async function exportVersion(
  db: Db,
  id: number,
  format: PlanFormat,
): Promise<{ text: string; filename: string; contentType: string }> {
  const row = await versionRow(db, id);
  const [planJson, levels] = await Promise.all([planJsonOf(db, id), priceLevels(db)]);
  const text = await planPool.run('exportStored', planJson, format, levels);
  const slug =
    hallLabel(row.hall_name_json)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'hall';
  const { ext, type } = EXTENSIONS[format];
  return {
    text,
    filename: `${slug}-v${row.version}${row.status === 'draft' ? '-draft' : ''}.${ext}`,
    contentType: type,
  };
}

/**
 * What a version changes against another version of the same hall (by default the hall's newest
 * published one, or the one before when this one is it).
 */
export async function diffVersion(db: Db, id: number, against?: number): Promise<PlanDiffAnswer> {
  const row = await versionRow(db, id);
  const hallId = row.hall_id ?? row.id;
  let fromId: number | undefined = against;
  if (fromId !== undefined) {
    const other = await versionRow(db, fromId);
    if ((other.hall_id ?? other.id) !== hallId)
      throw new AppError('seatplan_not_of_hall', `seat plan ${fromId} is of another hall`);
  } else {
    const published = await publishedOf(db, hallId);
    if (published && published.id !== id) fromId = published.id;
    else {
      const older = await db
        .selectFrom('seatplans')
        .select('id')
        .where('hall_id', '=', hallId)
        .where('status', '=', 'published')
        .where('version', '<', row.version)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      fromId = older?.id;
    }
  }
  if (fromId === undefined)
    return {
      from: null,
      added: [],
      removed: [],
      moved: [],
      changed: [],
      totals: { added: 0, removed: 0, moved: 0, changed: 0 },
    };
  const [fromJson, toJson] = await Promise.all([planJsonOf(db, fromId), planJsonOf(db, id)]);
  const diff = await planPool.run('diffStored', fromJson, toJson);
  return {
    from: fromId,
    added: diff.added.slice(0, MAX_DIFF_LISTED),
    removed: diff.removed.slice(0, MAX_DIFF_LISTED),
    moved: diff.moved.slice(0, MAX_DIFF_LISTED),
    changed: diff.changed.slice(0, MAX_DIFF_LISTED),
    totals: {
      added: diff.added.length,
      removed: diff.removed.length,
      moved: diff.moved.length,
      changed: diff.changed.length,
    },
  };
}
