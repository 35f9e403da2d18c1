/**
 * Features' posters (issue 34): the demo's drawn ones (`/posters/feature-{id}.svg`, made by
 * scripts/make-posters.ts and shipped with the shop) and those a venue uploads, kept by the box office in
 * the sizes the shop shows (2:3): the board's card at twice its 120×180 pixels, a large one, and a JPEG
 * for link previews (which take no WebP everywhere). An upload's files are named by its key, which
 * changes with every upload, so they are cached for a year.
 */
export const POSTER_SIZES = {
  board: { width: 240, height: 360, format: 'webp', contentType: 'image/webp' },
  large: { width: 480, height: 720, format: 'webp', contentType: 'image/webp' },
  preview: { width: 600, height: 900, format: 'jpeg', contentType: 'image/jpeg' },
} as const;
export type PosterSize = keyof typeof POSTER_SIZES;

const EXTENSION = { webp: 'webp', jpeg: 'jpg' } as const;

/** Where an uploaded poster's file of one size is served. */
export function uploadedPosterPath(featureId: number, key: string, size: PosterSize): string {
  return `/posters/${featureId}/${key}-${size}.${EXTENSION[POSTER_SIZES[size].format]}`;
}

/** A feature's poster on the board: its upload when it has one, else the demo's drawing. */
export function posterPath(featureId: number, uploadedKey?: string | null): string {
  return uploadedKey
    ? uploadedPosterPath(featureId, uploadedKey, 'board')
    : `/posters/feature-${featureId}.svg`;
}

/** `{key}-{size}.{ext}` as the poster route reads it; null when it names no size. */
export function parsePosterFile(file: string): { key: string; size: PosterSize } | null {
  const m = /^([0-9a-f]{16})-(board|large|preview)\.(webp|jpg)$/.exec(file);
  if (!m) return null;
  const size = m[2] as PosterSize;
  return EXTENSION[POSTER_SIZES[size].format] === m[3] ? { key: m[1]!, size } : null;
}

/** Another size of the uploaded poster at `path` (as `uploadedPosterPath` names it). */
export function posterInSize(path: string, size: PosterSize): string {
  return path.replace(
    /-(board|large|preview)\.(webp|jpg)$/,
    `-${size}.${EXTENSION[POSTER_SIZES[size].format]}`,
  );
}
