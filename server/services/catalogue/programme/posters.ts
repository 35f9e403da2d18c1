import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import { POSTER_SIZES, type PosterSize } from '../../../../src/domain/posters.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { changeCatalogue } from '../generation.ts';
import { featureRow } from './features.ts';

type Db = Kysely<Database>;

/** The largest poster file taken (bytes), and the most pixels it may decode to (a decompression bomb). */
export const POSTER_MAX_BYTES = 8 * 1024 * 1024;
const POSTER_MAX_PIXELS = 40_000_000;
/** The smallest poster taken: the board's card at twice its size. */
const POSTER_MIN = POSTER_SIZES.board;

type ImageKind = 'jpeg' | 'png' | 'webp';

/** What the file is by its first bytes, whatever it is called: JPEG, PNG, WebP, or none of them. */
export function imageKindOf(b: Uint8Array): ImageKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((v, i) => b[i] === v)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

const unreadable = () =>
  new AppError('poster_unreadable', 'the image cannot be read (damaged, or too many pixels)');

/**
 * A poster for a feature (managers): checked by its content (JPEG, PNG or WebP, at most 8 MB, at least
 * 240×360 pixels, one that decodes), then drawn again in every size the shop serves, cropped to 2:3
 * around its middle (metadata such as the camera's location dropped). The files replace the feature's
 * last upload in one transaction; the board shows the new poster at once, under a new key.
 */
export async function savePoster(
  db: Db,
  actor: Actor,
  featureId: number,
  bytes: Buffer,
  now: number,
): Promise<string> {
  await featureRow(db, featureId);
  if (bytes.length > POSTER_MAX_BYTES)
    throw new AppError('poster_too_large', 'the poster file is too large', { maxBytes: POSTER_MAX_BYTES });
  const kind = imageKindOf(bytes);
  if (!kind) throw new AppError('poster_type_invalid', 'a poster is a JPEG, PNG or WebP image');
  const files = await drawSizes(bytes);
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  await changeCatalogue(db, async (trx) => {
    const before = await featureRow(trx, featureId);
    await trx.deleteFrom('feature_posters').where('feature_id', '=', featureId).execute();
    for (const [size, file] of files)
      await trx
        .insertInto('feature_posters')
        .values({
          feature_id: featureId,
          poster_key: key,
          size,
          content_type: POSTER_SIZES[size].contentType,
          bytes: file,
          created_at: now,
        })
        .execute();
    await trx.updateTable('features').set({ poster_key: key }).where('id', '=', featureId).execute();
    await audit(
      trx,
      actor,
      {
        action: 'feature.poster',
        objectType: 'feature',
        objectId: featureId,
        before: { poster: before.poster_key },
        after: { poster: key, type: kind, bytes: bytes.length },
      },
      now,
    );
  });
  return key;
}

async function drawSizes(bytes: Buffer): Promise<[PosterSize, Buffer][]> {
  const open = () => sharp(bytes, { limitInputPixels: POSTER_MAX_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch {
    throw unreadable();
  }
  // Orientations 5 to 8 turn the picture a quarter: its width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width < POSTER_MIN.width || height < POSTER_MIN.height)
    throw new AppError('poster_too_small', 'the poster is smaller than the board shows it', {
      minWidth: POSTER_MIN.width,
      minHeight: POSTER_MIN.height,
    });
  const out: [PosterSize, Buffer][] = [];
  try {
    for (const size of Object.keys(POSTER_SIZES) as PosterSize[]) {
      const spec = POSTER_SIZES[size];
      const image = open().rotate().resize(spec.width, spec.height, { fit: 'cover', position: 'centre' });
      const encoded = spec.format === 'webp' ? image.webp({ quality: 80 }) : image.jpeg({ quality: 82 });
      out.push([size, await encoded.toBuffer()]);
    }
  } catch {
    throw unreadable();
  }
  return out;
}

/** Takes a feature's uploaded poster away: the board shows the demo's drawing, or the plain card. */
export async function removePoster(db: Db, actor: Actor, featureId: number, now: number): Promise<void> {
  await changeCatalogue(db, async (trx) => {
    const before = await featureRow(trx, featureId);
    if (before.poster_key === null) return;
    await trx.deleteFrom('feature_posters').where('feature_id', '=', featureId).execute();
    await trx.updateTable('features').set({ poster_key: null }).where('id', '=', featureId).execute();
    await audit(
      trx,
      actor,
      {
        action: 'feature.poster',
        objectType: 'feature',
        objectId: featureId,
        before: { poster: before.poster_key },
        after: { poster: null },
      },
      now,
    );
  });
}

/** One size of an uploaded poster, as the poster route serves it; null: no such file (any more). */
export async function readPoster(db: Db, featureId: number, key: string, size: PosterSize) {
  const row = await db
    .selectFrom('feature_posters')
    .select(['content_type', 'bytes'])
    .where('feature_id', '=', featureId)
    .where('poster_key', '=', key)
    .where('size', '=', size)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes) } : null;
}
