import type { Kysely } from 'kysely';
import { MAX_ROOM_SHOWS } from '../../../src/api/contract/waitingRoom.ts';
import type { AdminWaitingRoom } from '../../../src/api/contract/waitingRoom.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { listAdminPresentations } from '../catalogue/programme/presentationsAdmin.ts';

/**
 * Which presentations one waiting room stands in front of (issue 40): one show, or a whole on-sale, such
 * as a season's first day, whose visitors share one queue and one admission pass however many of its
 * shows they buy.
 */

/**
 * The presentations staff may put behind the room of `presentationId` besides it: those going on sale at
 * the same instant (not begun, not called off), and those behind its room already; each with the room
 * it is behind.
 */
export async function showsTogether(
  db: Kysely<Database>,
  presentation: { id: number; sale_start: number },
  roomId: string | null,
  now: number,
): Promise<AdminWaitingRoom['together']> {
  const [sameSale, inRoom] = await Promise.all([
    db
      .selectFrom('presentations')
      .select('id')
      .where('sale_start', '=', presentation.sale_start)
      .where('id', '!=', presentation.id)
      .where('starts_at', '>', now)
      .where('called_off_at', 'is', null)
      .orderBy('starts_at')
      .limit(MAX_ROOM_SHOWS)
      .execute(),
    roomId === null
      ? Promise.resolve([])
      : db
          .selectFrom('waiting_room_presentations')
          .select('presentation_id as id')
          .where('room_id', '=', roomId)
          .where('presentation_id', '!=', presentation.id)
          .execute(),
  ]);
  const ids = [...new Set([...inRoom, ...sameSale].map((r) => r.id))];
  if (ids.length === 0) return [];
  const [shows, links] = await Promise.all([
    listAdminPresentations(db, { ids }, now),
    db
      .selectFrom('waiting_room_presentations')
      .select(['presentation_id', 'room_id'])
      .where('presentation_id', 'in', ids)
      .execute(),
  ]);
  const roomOf = new Map(links.map((l) => [l.presentation_id, l.room_id]));
  return shows.map((s) => ({
    id: s.id,
    title: s.title,
    hallName: s.hallName,
    startsAt: s.startsAt,
    roomId: roomOf.get(s.id) ?? null,
  }));
}

/**
 * Puts the room in front of `presentationId` and `alsoFor`, and no other: a show behind another room
 * that nobody has joined moves over (that room goes when it is left with no show); one behind a room
 * people are in is refused (409 waiting_room_elsewhere), as they would lose their places. In the
 * caller's transaction.
 */
export async function setRoomShows(
  trx: Kysely<Database>,
  roomId: string,
  presentationId: number,
  alsoFor: readonly number[],
): Promise<number[]> {
  const wanted = [...new Set([presentationId, ...alsoFor])];
  const found = await trx.selectFrom('presentations').select('id').where('id', 'in', wanted).execute();
  const missing = wanted.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined)
    throw new AppError('event_not_found', `presentation ${missing} does not exist`, {
      presentationId: missing,
    });
  const links = await trx
    .selectFrom('waiting_room_presentations')
    .select(['presentation_id', 'room_id'])
    .where((eb) => eb.or([eb('presentation_id', 'in', wanted), eb('room_id', '=', roomId)]))
    .execute();
  const elsewhere = links.filter((l) => l.room_id !== roomId);
  const others = [...new Set(elsewhere.map((l) => l.room_id))];
  if (others.length > 0) {
    const joined = await trx
      .selectFrom('queue_entries')
      .select('room_id')
      .where('room_id', 'in', others)
      .groupBy('room_id')
      .execute();
    const busy = elsewhere.find((l) => joined.some((j) => j.room_id === l.room_id));
    if (busy)
      throw new AppError(
        'waiting_room_elsewhere',
        `presentation ${busy.presentation_id} is behind waiting room ${busy.room_id}, which people have joined`,
        { presentationId: busy.presentation_id },
      );
    await trx
      .deleteFrom('waiting_room_presentations')
      .where(
        'presentation_id',
        'in',
        elsewhere.map((l) => l.presentation_id),
      )
      .execute();
  }
  const dropped = links.filter((l) => l.room_id === roomId && !wanted.includes(l.presentation_id));
  if (dropped.length > 0)
    await trx
      .deleteFrom('waiting_room_presentations')
      .where(
        'presentation_id',
        'in',
        dropped.map((l) => l.presentation_id),
      )
      .execute();
  const have = new Set(links.filter((l) => l.room_id === roomId).map((l) => l.presentation_id));
  const added = wanted.filter((id) => !have.has(id));
  if (added.length > 0)
    await trx
      .insertInto('waiting_room_presentations')
      .values(added.map((id) => ({ presentation_id: id, room_id: roomId })))
      .execute();
  // A room left with no show (its shows all moved here) is gone; nobody had joined it.
  if (others.length > 0)
    await trx
      .deleteFrom('waiting_rooms')
      .where('id', 'in', others)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('waiting_room_presentations as l')
              .select('l.room_id')
              .whereRef('l.room_id', '=', 'waiting_rooms.id'),
          ),
        ),
      )
      .execute();
  return wanted.sort((a, b) => a - b);
}
