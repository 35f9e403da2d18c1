import type { Kysely, Selectable } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import {
  type AdminFeature,
  type FeatureCreate,
  FeatureCreateSchema,
  type FeatureUpdate,
  FeatureUpdateSchema,
} from '../../../../src/api/contract/programmeAdmin.ts';
import { FeatureCategorySchema } from '../../../../src/api/contract/presentations.ts';
import { uploadedPosterPath } from '../../../../src/domain/posters.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { withFreshId } from '../freshId.ts';
import { changeCatalogue } from '../generation.ts';

type Db = Kysely<Database>;
type FeatureRow = Selectable<Database['features']>;
type Category = AdminFeature['category'];

/** The catalogue's category id of a category (the spec's featureCategoryId): movie 1 … video 6. */
export const categoryIdOf = (category: Category) => FeatureCategorySchema.options.indexOf(category) + 1;

function fields(r: FeatureRow) {
  return {
    id: r.id,
    title: JSON.parse(r.title_json) as LocalizedText,
    category: r.category as Category,
    durationMinutes: r.duration_minutes,
    language: r.language,
    dubbing: r.dubbing,
    subtitles: r.subtitles,
    description: r.description_json ? (JSON.parse(r.description_json) as LocalizedText) : null,
    is3d: r.is_3d === 1,
    ageRating: r.age_rating,
  };
}

/** Every feature with how many presentations it has (managers, admins). */
export async function listFeatures(db: Db, onlyId?: number): Promise<AdminFeature[]> {
  let q = db.selectFrom('features').selectAll().orderBy('id');
  if (onlyId !== undefined) q = q.where('id', '=', onlyId);
  const rows = await q.execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('presentations')
    .select(['feature_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      'feature_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('feature_id')
    .execute();
  const count = new Map(counts.map((c) => [c.feature_id, Number(c.n)]));
  return rows.map((r) => ({
    ...fields(r),
    presentations: count.get(r.id) ?? 0,
    poster: r.poster_key ? uploadedPosterPath(r.id, r.poster_key, 'large') : null,
  }));
}

export async function featureRow(db: Db, id: number): Promise<FeatureRow> {
  const row = await db.selectFrom('features').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('feature_not_found', `feature ${id} does not exist`);
  return row;
}

/** A feature written in the caller's transaction, with its audit entry (the back office and the seed). */
export async function insertFeature(
  trx: Db,
  actor: Actor,
  id: number,
  input: FeatureCreate,
  now: number,
): Promise<void> {
  const f = FeatureCreateSchema.parse(input);
  const row: FeatureRow = {
    id,
    title_json: JSON.stringify(f.title),
    category: f.category,
    category_id: categoryIdOf(f.category),
    language: f.language,
    dubbing: f.dubbing,
    subtitles: f.subtitles,
    duration_minutes: f.durationMinutes,
    poster_key: null,
    description_json: f.description ? JSON.stringify(f.description) : null,
    is_3d: f.is3d ? 1 : 0,
    age_rating: f.ageRating,
  };
  await trx.insertInto('features').values(row).execute();
  await audit(
    trx,
    actor,
    { action: 'feature.create', objectType: 'feature', objectId: id, after: fields(row) },
    now,
  );
}

export async function createFeature(
  db: Db,
  actor: Actor,
  input: FeatureCreate,
  now: number,
): Promise<AdminFeature> {
  const id = await withFreshId(db, 'features', (id) =>
    changeCatalogue(db, async (trx) => {
      await insertFeature(trx, actor, id, input, now);
      return id;
    }),
  );
  const [feature] = await listFeatures(db, id);
  return feature!;
}

/** Changes a feature: its presentations on sale show the change at once (the board reads the feature). */
export async function updateFeature(
  db: Db,
  actor: Actor,
  id: number,
  input: FeatureUpdate,
  now: number,
): Promise<AdminFeature> {
  const change = FeatureUpdateSchema.parse(input);
  await changeCatalogue(db, async (trx) => {
    const before = await featureRow(trx, id);
    const set: Partial<FeatureRow> = {};
    if (change.title) set.title_json = JSON.stringify(change.title);
    if (change.category) {
      set.category = change.category;
      set.category_id = categoryIdOf(change.category);
    }
    if (change.durationMinutes !== undefined) set.duration_minutes = change.durationMinutes;
    if (change.language !== undefined) set.language = change.language;
    if (change.dubbing !== undefined) set.dubbing = change.dubbing;
    if (change.subtitles !== undefined) set.subtitles = change.subtitles;
    if (change.description !== undefined)
      set.description_json = change.description ? JSON.stringify(change.description) : null;
    if (change.is3d !== undefined) set.is_3d = change.is3d ? 1 : 0;
    if (change.ageRating !== undefined) set.age_rating = change.ageRating;
    await trx.updateTable('features').set(set).where('id', '=', id).execute();
    const after = await featureRow(trx, id);
    await audit(
      trx,
      actor,
      {
        action: 'feature.update',
        objectType: 'feature',
        objectId: id,
        before: fields(before),
        after: fields(after),
      },
      now,
    );
  });
  const [feature] = await listFeatures(db, id);
  return feature!;
}
