import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../errors.ts';

/** What a film's HLS package holds: playlists, MPEG-TS segments and WebVTT subtitles. */
const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m2ts: 'video/mp2t',
  vtt: 'text/vtt; charset=utf-8',
};
const FOLDER = /^[a-z0-9_-]{1,40}$/;
/** Files kept in memory, up to this many bytes in all: a film's package is read from disk once. */
const CACHE_BYTES = 256 * 1024 * 1024;
const cache = new Map<string, Buffer>();
let cachedBytes = 0;

async function read(path: string): Promise<Buffer> {
  const hit = cache.get(path);
  if (hit) return hit;
  const body = await readFile(path);
  if (cachedBytes + body.length <= CACHE_BYTES) {
    cache.set(path, body);
    cachedBytes += body.length;
  }
  return body;
}
const FILE = /^[a-z0-9_-]{1,40}\.(m3u8|m2ts|vtt)$/;

/**
 * A file of a film's package, by its path inside the package (`master.m3u8`, `480p/seg0.ts`,
 * `subs/he.vtt`): only such names, at most one folder deep, so no path leaves the package.
 */
export async function mediaFile(
  mediaDir: string,
  media: string,
  path: string,
): Promise<{ body: Buffer; type: string; isPlaylist: boolean }> {
  const parts = path.split('/');
  const file = parts.at(-1) ?? '';
  const folders = parts.slice(0, -1);
  if (!FOLDER.test(media) || folders.length > 1 || !folders.every((f) => FOLDER.test(f)) || !FILE.test(file))
    throw new AppError('vod_media_not_found', 'no such file in the film');
  const ext = file.slice(file.lastIndexOf('.') + 1);
  try {
    const body = await read(join(mediaDir, media, ...folders, file));
    return { body, type: TYPES[ext]!, isPlaylist: ext === 'm3u8' };
  } catch {
    throw new AppError('vod_media_not_found', 'no such file in the film');
  }
}
