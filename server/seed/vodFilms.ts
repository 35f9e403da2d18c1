import type { Kysely } from 'kysely';
import { VOD_VENUE_TYPES } from '../../src/api/contract/common.ts';
import type { Database } from '../db/types.ts';
import { createRentals } from '../services/vod/rentals.ts';

/** The demo film's HLS package (scripts/make-demo-film.sh) under VOD_MEDIA_DIR. */
export const DEMO_FILM = 'demo-film';
export const DEMO_FILM_PLAYS = 3;
export const DEMO_FILM_RENTAL_HOURS = 48;

/**
 * Every video-on-demand presentation streams the demo film (3 plays, 48 hours), and every paid video
 * order becomes a rental from the day it was bought (the demo customers' past and current videos).
 * Idempotent: only what is missing is added.
 */
export async function seedVodFilms(db: Kysely<Database>): Promise<boolean> {
  const missing = await db
    .selectFrom('presentations as p')
    .leftJoin('vod_films as f', 'f.presentation_id', 'p.id')
    .select('p.id')
    .where('p.venue_type_id', 'in', [...VOD_VENUE_TYPES])
    .where('f.presentation_id', 'is', null)
    .execute();
  if (missing.length > 0)
    await db
      .insertInto('vod_films')
      .values(
        missing.map((p) => ({
          presentation_id: p.id,
          media: DEMO_FILM,
          plays_allowed: DEMO_FILM_PLAYS,
          rental_hours: DEMO_FILM_RENTAL_HOURS,
        })),
      )
      .execute();
  const orders = await db
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .leftJoin('video_rentals as r', 'r.ticket_identifier', 't.ticket_identifier')
    .select(['o.reservation_identifier', 'o.created_at'])
    .distinct()
    .where('t.kind', '=', 'video')
    .where('t.state', '=', 'valid')
    .where('o.state', '=', 'paid')
    .where('r.ticket_identifier', 'is', null)
    .execute();
  for (const o of orders) await createRentals(db, o.reservation_identifier, Number(o.created_at));
  return missing.length > 0 || orders.length > 0;
}
