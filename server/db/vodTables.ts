import type { Generated } from 'kysely';

/** Video on demand (migration 012). Part of `Database` (types.ts). */
export interface VodTables {
  /** A video-on-demand presentation's film: its HLS package, plays per purchase and rental hours. */
  vod_films: {
    presentation_id: number;
    /** The folder of its HLS package under the media directory (VOD_MEDIA_DIR). */
    media: string;
    plays_allowed: number;
    rental_hours: number;
  };
  /** One per video ticket of a paid order: its viewing window, plays, and the play and stream under way. */
  video_rentals: {
    ticket_identifier: string;
    reservation_identifier: string;
    presentation_id: number;
    purchased_at: number;
    available_from: number;
    available_until: number;
    plays_allowed: number;
    plays_used: Generated<number>;
    last_played_at: number | null;
    /** The play under way, and when its viewer was last seen (the start, then every heartbeat). */
    play_id: string | null;
    play_seen_at: number | null;
    /** The one stream allowed (the latest start): a token of any other stream is refused. */
    stream_id: string | null;
  };
}
