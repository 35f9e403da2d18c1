import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { rentalWindow } from '../../../src/domain/vod.ts';

/** Plays per purchase and rental hours of films sold before their film row existed. */
const DEFAULT_PLAYS = 3;
const DEFAULT_RENTAL_HOURS = 48;

/**
 * Video on demand (issue 17): a video presentation's film (its HLS package, the plays a purchase
 * allows, its rental hours) and a rental per video ticket of a paid order (its viewing window, the
 * plays used, the play and the one stream under way). Video tickets already paid become rentals.
 */
export const m012_VideoOnDemand: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('vod_films')
      .addColumn('presentation_id', 'integer', (c) => c.primaryKey())
      .addColumn('media', 'text', (c) => c.notNull())
      .addColumn('plays_allowed', 'integer', (c) => c.notNull())
      .addColumn('rental_hours', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('video_rentals')
      .addColumn('ticket_identifier', 'text', (c) => c.primaryKey())
      .addColumn('reservation_identifier', 'text', (c) => c.notNull())
      .addColumn('presentation_id', 'integer', (c) => c.notNull())
      .addColumn('purchased_at', 'bigint', (c) => c.notNull())
      .addColumn('available_from', 'bigint', (c) => c.notNull())
      .addColumn('available_until', 'bigint', (c) => c.notNull())
      .addColumn('plays_allowed', 'integer', (c) => c.notNull())
      .addColumn('plays_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_played_at', 'bigint')
      .addColumn('play_id', 'text')
      .addColumn('play_seen_at', 'bigint')
      .addColumn('stream_id', 'text')
      .execute();
    await db.schema
      .createIndex('video_rentals_order')
      .on('video_rentals')
      .columns(['reservation_identifier', 'presentation_id'])
      .execute();

    const typed = db as unknown as Kysely<{
      order_tickets: { ticket_identifier: string; reservation_identifier: string; presentation_id: number };
      orders: { reservation_identifier: string; created_at: number; state: string };
      presentations: { id: number; starts_at: number };
      video_rentals: Record<string, unknown>;
    }>;
    const paid = await typed
      .selectFrom('order_tickets as t')
      .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
      .innerJoin('presentations as p', 'p.id', 't.presentation_id')
      .select([
        't.ticket_identifier',
        't.reservation_identifier',
        't.presentation_id',
        'o.created_at',
        'p.starts_at',
      ])
      .where('t.kind' as never, '=', 'video' as never)
      .where('t.state' as never, '=', 'valid' as never)
      .where('o.state', '=', 'paid')
      .execute();
    for (const r of paid) {
      const purchasedAt = Number(r.created_at);
      const w = rentalWindow({
        releasedAt: Number(r.starts_at),
        purchasedAt,
        rentalHours: DEFAULT_RENTAL_HOURS,
      });
      await typed
        .insertInto('video_rentals')
        .values({
          ticket_identifier: r.ticket_identifier,
          reservation_identifier: r.reservation_identifier,
          presentation_id: r.presentation_id,
          purchased_at: purchasedAt,
          available_from: w.availableFrom,
          available_until: w.availableUntil,
          plays_allowed: DEFAULT_PLAYS,
        })
        .execute();
    }
  },
};
