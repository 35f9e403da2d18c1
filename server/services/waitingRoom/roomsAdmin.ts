import type { Kysely } from 'kysely';
import type { AdminWaitingRoom, WaitingRoomSettings } from '../../../src/api/contract/waitingRoom.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type Actor, audit } from '../audit/log.ts';
import type { RoomRow } from './rooms.ts';
import { setRoomShows, showsTogether } from './roomShows.ts';

const DEFAULTS = { admitPerMinute: 300, targetMs: null, autoBuyers: 500, passMinutes: 20 } as const;

function settingsOf(r: RoomRow): WaitingRoomSettings {
  return {
    mode: r.mode,
    opensAt: new Date(r.opens_at).toISOString(),
    admitPerMinute: r.admit_per_minute,
    targetMs: r.target_ms,
    autoBuyers: r.auto_buyers,
    passMinutes: r.pass_minutes,
  };
}

async function presentationOf(db: Kysely<Database>, id: number) {
  const p = await db
    .selectFrom('presentations')
    .select(['id', 'sale_start'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!p) throw new AppError('event_not_found', 'no such presentation');
  return p;
}

async function roomRowOf(db: Kysely<Database>, presentationId: number) {
  return db
    .selectFrom('waiting_room_presentations as l')
    .innerJoin('waiting_rooms as r', 'r.id', 'l.room_id')
    .selectAll('r')
    .where('l.presentation_id', '=', presentationId)
    .executeTakeFirst();
}

/** The presentation's waiting room as staff see it: its settings and how it stands now. */
export async function waitingRoomOf(
  db: Kysely<Database>,
  presentationId: number,
  now: number,
): Promise<AdminWaitingRoom> {
  const p = await presentationOf(db, presentationId);
  const defaults: WaitingRoomSettings = {
    mode: 'on',
    opensAt: new Date(p.sale_start).toISOString(),
    ...DEFAULTS,
  };
  const r = await roomRowOf(db, presentationId);
  const together = await showsTogether(db, p, r?.id ?? null, now);
  if (!r) return { room: null, defaults, together };
  const [links, undrawn] = await Promise.all([
    db
      .selectFrom('waiting_room_presentations')
      .select('presentation_id')
      .where('room_id', '=', r.id)
      .execute(),
    r.drawn === 1
      ? Promise.resolve(0)
      : db
          .selectFrom('queue_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('room_id', '=', r.id)
          .executeTakeFirst()
          .then((row) => Number(row?.n ?? 0)),
  ]);
  const waiting = r.next_position - r.admitted_through + undrawn;
  const active = r.mode !== 'off' && r.active === 1;
  return {
    room: {
      ...settingsOf(r),
      id: r.id,
      presentationIds: links.map((l) => l.presentation_id).sort((a, b) => a - b),
      live: {
        active,
        drawn: r.drawn === 1,
        waiting,
        admitted: r.admitted_through,
        ratePerMinute: r.rate_per_minute,
        measuredPerMinute: r.measured_per_minute,
        clearsInSeconds:
          waiting === 0
            ? 0
            : active && r.measured_per_minute > 0
              ? Math.ceil((waiting * 60) / r.measured_per_minute)
              : null,
        buyers: r.buyers,
        latencyMs: r.latency_ms,
      },
    },
    defaults,
    together,
  };
}

/**
 * Puts a waiting room in front of the presentation, or changes or switches off the one it has. `on`
 * takes effect at once (no round to wait for); the admission rate starts again from what staff set.
 * The room keeps its places when switched off and on again.
 */
export async function saveWaitingRoom(
  db: Kysely<Database>,
  presentationId: number,
  s: WaitingRoomSettings,
  actor: Actor,
  now: number,
): Promise<void> {
  await presentationOf(db, presentationId);
  if (s.mode === 'auto' && s.autoBuyers === null)
    throw new AppError(
      'formValidation',
      'an automatic waiting room needs the number of buyers it comes on at',
    );
  await db.transaction().execute(async (trx) => {
    const before = await roomRowOf(trx, presentationId);
    const values = {
      mode: s.mode,
      opens_at: Date.parse(s.opensAt),
      admit_per_minute: s.admitPerMinute,
      target_ms: s.targetMs,
      auto_buyers: s.autoBuyers,
      pass_minutes: s.passMinutes,
      rate_per_minute: s.admitPerMinute,
      updated_at: now,
      ...(s.mode === 'on' ? { active: 1 } : s.mode === 'off' ? { active: 0 } : {}),
    };
    let roomId = before?.id;
    if (before) await trx.updateTable('waiting_rooms').set(values).where('id', '=', before.id).execute();
    else {
      // Named after its first show; that name may be taken by a room the show has since left.
      const taken = await trx
        .selectFrom('waiting_rooms')
        .select('id')
        .where('id', '=', `p${presentationId}`)
        .executeTakeFirst();
      const id = taken ? `p${presentationId}-${now.toString(36)}` : `p${presentationId}`;
      roomId = id;
      await trx
        .insertInto('waiting_rooms')
        .values({ id, name: `presentation ${presentationId}`, active: s.mode === 'on' ? 1 : 0, ...values })
        .execute();
      await trx
        .insertInto('waiting_room_presentations')
        .values({ presentation_id: presentationId, room_id: id })
        .execute();
    }
    const shows = s.alsoFor ? await setRoomShows(trx, roomId!, presentationId, s.alsoFor) : undefined;
    await audit(
      trx,
      actor,
      {
        action: before ? 'waiting_room.update' : 'waiting_room.create',
        objectType: 'presentation',
        objectId: presentationId,
        before: before ? settingsOf(before) : undefined,
        after: shows ? { ...s, presentationIds: shows } : s,
      },
      now,
    );
  });
}
