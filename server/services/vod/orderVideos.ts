import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import { type OrderVideo, watchPath } from '../../../src/api/contract/vod.ts';
import { videoStatus } from '../../../src/domain/vod.ts';
import type { Database } from '../../db/types.ts';

/** An order's videos on its confirmation and e-document: the window, plays, and the viewing page's link. */
export async function orderVideos(
  db: Kysely<Database>,
  reservationIdentifier: string,
  documentKey: string,
  now: number,
): Promise<{ videos: OrderVideo[] }> {
  const rows = await db
    .selectFrom('video_rentals as r')
    .innerJoin('presentations as p', 'p.id', 'r.presentation_id')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .select(['r.presentation_id', 'r.available_from', 'r.available_until', 'r.plays_allowed', 'f.title_json'])
    .where('r.reservation_identifier', '=', reservationIdentifier)
    .orderBy('r.presentation_id')
    .execute();
  return {
    videos: rows.map((r) => ({
      presentationId: r.presentation_id,
      title: JSON.parse(r.title_json) as LocalizedText,
      availableFrom: new Date(Number(r.available_from)).toISOString(),
      availableUntil: new Date(Number(r.available_until)).toISOString(),
      status: videoStatus(now, Number(r.available_from), Number(r.available_until)),
      playsAllowed: r.plays_allowed,
      watchPath: watchPath(reservationIdentifier, r.presentation_id, documentKey),
    })),
  };
}
