import { type Kysely, sql } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import { type AdminWaitingRoom, MAX_ROOM_SHOWS } from '../../../src/api/contract/waitingRoom.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';

/**
 * Which presentations one waiting room stands in front of (issue 40): one show, or a whole on-sale, such
 * as a season's first day, whose visitors share one queue and one admission pass however many of its
 * shows they buy.
 */

/**
 * The presentations staff may put behind the room of `presentationId` besides it: those going on sale at
 * the same instant (not begun, not called off), and those behind its room already (listed first); each
 * with the room it is behind. One statement: the dialog asks again every two seconds while open.
 */
export async function showsTogether(
  db: Kysely<Database>,
  presentation: { id: number; sale_start: number },
  roomId: string | null,
  now: number,
): Promise<AdminWaitingRoom['together']> {
  let q = db
    .selectFrom('presentations as p')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .innerJoin('seatplans as sp', 'sp.id', 'p.seatplan_id')
    .leftJoin('waiting_room_presentations as l', 'l.presentation_id', 'p.id')
    .select(['p.id', 'p.starts_at', 'f.title_json', 'sp.hall_name_json', 'l.room_id'])
    .where('p.id', '!=', presentation.id)
    .where((eb) => {
      const sameSale = eb.and([
        eb('p.sale_start', '=', presentation.sale_start),
        eb('p.starts_at', '>', now),
        eb('p.called_off_at', 'is', null),
      ]);
      return roomId === null ? sameSale : eb.or([sameSale, eb('l.room_id', '=', roomId)]);
    });
  if (roomId !== null) q = q.orderBy(sql`CASE WHEN l.room_id = ${roomId} THEN 0 ELSE 1 END`);
  const rows = await q.orderBy('p.starts_at').orderBy('p.id').limit(MAX_ROOM_SHOWS).execute();
  return rows.map((r) => ({
    id: r.id,
    title: JSON.parse(r.title_json) as LocalizedText,
    hallName: JSON.parse(r.hall_name_json) as LocalizedText,
    startsAt: new Date(Number(r.starts_at)).toISOString(),
    roomId: r.room_id ?? null,
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
  }
  // Off whichever room they were behind: the shows moving here, and this room's shows no longer wanted.
  const unlinked = links.filter((l) => l.room_id !== roomId || !wanted.includes(l.presentation_id));
  if (unlinked.length > 0)
    await trx
      .deleteFrom('waiting_room_presentations')
      .where(
        'presentation_id',
        'in',
        unlinked.map((l) => l.presentation_id),
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
