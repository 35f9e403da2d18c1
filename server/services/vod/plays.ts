import type { Kysely } from 'kysely';
import type { VodHeartbeatAnswer, VodPlayAnswer } from '../../../src/api/contract/vod.ts';
import { decidePlay } from '../../../src/domain/vod.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { TtlCache } from '../../ttlCache.ts';
import { loadRental, ownedRental, playsOf, viewingOf } from './access.ts';
import { newPlayId, newStreamId, signStreamToken, verifyStreamToken } from './tokens.ts';

type Db = Kysely<Database>;

export interface VodDeps {
  db: Db;
  now: () => number;
  /** The stream-token key (tokens.ts `streamKey`). */
  key: Buffer;
  tokenSeconds: number;
  graceSeconds: number;
}

/** How often the player checks in (and renews its token): well inside the token's life. */
export const heartbeatSeconds = (tokenSeconds: number) =>
  Math.max(1, Math.min(5, Math.floor(tokenSeconds / 4)));
/** A browser that plays HLS itself cannot renew its token: it lasts the film, up to this long. */
const NATIVE_TOKEN_MAX_SECONDS = 6 * 3600;

/**
 * Starts playback of a purchase for its owner: counts a play (atomically: concurrent starts never use
 * more plays than are left), or goes on with the play under way when its viewer comes back within the
 * grace period. Either way a new stream is opened and any other device's stream stops.
 */
export async function startPlay(
  d: VodDeps,
  who: { resId: string; vodId: number; key?: string | undefined; customerId: string | null },
  body: { playId?: string | undefined; native: boolean },
): Promise<VodPlayAnswer> {
  const row = await ownedRental(d.db, who);
  const now = d.now();
  const decision = decidePlay(playsOf(row), now, d.graceSeconds * 1000, body.playId);
  if (decision.kind === 'refuse') throw new AppError(decision.code, 'this video cannot be played now');
  const stream = newStreamId();
  let playId = body.playId ?? '';
  let counted = false;
  if (decision.kind === 'resume') {
    const res = await d.db
      .updateTable('video_rentals')
      .set({ stream_id: stream, play_seen_at: now })
      .where('ticket_identifier', '=', row.ticket_identifier)
      .where('play_id', '=', playId)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0)
      throw new AppError('vod_stream_taken_over', 'another play began meanwhile');
  } else {
    playId = newPlayId();
    const res = await d.db
      .updateTable('video_rentals')
      .set((eb) => ({
        plays_used: eb('plays_used', '+', 1),
        play_id: playId,
        play_seen_at: now,
        last_played_at: now,
        stream_id: stream,
      }))
      .where('ticket_identifier', '=', row.ticket_identifier)
      .where((eb) => eb('plays_used', '<', eb.ref('plays_allowed')))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new AppError('vod_no_plays_left', 'every play has been used');
    counted = true;
  }
  rowsOf(d.db).forget(row.ticket_identifier);
  const until = Number(row.available_until);
  const seconds = body.native
    ? Math.min(NATIVE_TOKEN_MAX_SECONDS, Math.max(d.tokenSeconds, Math.ceil((until - now) / 1000)))
    : d.tokenSeconds;
  const exp = Math.floor(now / 1000) + seconds;
  const token = signStreamToken(d.key, { ticket: row.ticket_identifier, stream, exp });
  const after = await loadRental(d.db, { ticket: row.ticket_identifier });
  return {
    playId,
    counted,
    token,
    src: `/api/vod/stream/${token}/master.m3u8`,
    expiresAt: new Date(exp * 1000).toISOString(),
    heartbeatSeconds: heartbeatSeconds(d.tokenSeconds),
    viewing: viewingOf(after ?? row, now),
  };
}

/**
 * A viewer fetches a segment every few seconds: which stream a purchase plays is kept a second per
 * process. Only a match is served from memory: a token whose stream differs from the one remembered
 * reads afresh (a new stream is never refused for a stale memory), and a start in this process forgets
 * it at once. A device taken over through another process stops within that second, and at its next
 * heartbeat, which always reads afresh.
 */
const STREAM_CHECK_MS = 1000;
const streamRows = new WeakMap<object, TtlCache<string, StreamRow | undefined>>();
type StreamRow = { stream_id: string | null; available_until: number; media: string };

function rowsOf(db: Db): TtlCache<string, StreamRow | undefined> {
  let rows = streamRows.get(db);
  if (!rows) streamRows.set(db, (rows = new TtlCache(STREAM_CHECK_MS, Date.now, 10_000)));
  return rows;
}

async function streamRow(db: Db, ticket: string, stream: string, fresh: boolean) {
  const read = () =>
    db
      .selectFrom('video_rentals as r')
      .innerJoin('vod_films as f', 'f.presentation_id', 'r.presentation_id')
      .select(['r.stream_id', 'r.available_until', 'f.media'])
      .where('r.ticket_identifier', '=', ticket)
      .executeTakeFirst();
  const rows = rowsOf(db);
  if (fresh) rows.forget(ticket);
  const row = await rows.get(ticket, read);
  if (row?.stream_id === stream || fresh) return row;
  rows.forget(ticket);
  return rows.get(ticket, read);
}

/**
 * The stream a token opens, for each playlist and segment: the token must be intact and unexpired
 * (vod_token_invalid, 403) and its stream still the purchase's one (vod_stream_taken_over, 409).
 */
export async function streamOf(d: VodDeps, token: string, fresh = false) {
  const v = verifyStreamToken(d.key, token, d.now());
  if (!v.ok) throw new AppError('vod_token_invalid', `the stream token is ${v.reason}`);
  const row = await streamRow(d.db, v.claims.ticket, v.claims.stream, fresh);
  if (!row) throw new AppError('vod_token_invalid', 'the stream token names no purchase');
  if (row.stream_id !== v.claims.stream)
    throw new AppError('vod_stream_taken_over', 'the film is playing on another device');
  return { claims: v.claims, media: row.media, availableUntil: Number(row.available_until) };
}

/**
 * The player still plays: its viewer is seen (the grace period counts from here) and its token renewed.
 * A play begun inside the window may finish; no renewal past the window's end plus the grace period.
 */
export async function heartbeat(d: VodDeps, token: string): Promise<VodHeartbeatAnswer> {
  const { claims, availableUntil } = await streamOf(d, token, true);
  const now = d.now();
  if (now > availableUntil + d.graceSeconds * 1000)
    throw new AppError('vod_expired', 'the viewing window has closed');
  await d.db
    .updateTable('video_rentals')
    .set({ play_seen_at: now })
    .where('ticket_identifier', '=', claims.ticket)
    .where('stream_id', '=', claims.stream)
    .execute();
  const exp = Math.floor(now / 1000) + d.tokenSeconds;
  return {
    token: signStreamToken(d.key, { ticket: claims.ticket, stream: claims.stream, exp }),
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}
