import type { Insertable, Kysely } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import type { LockTimer } from '../../../../src/api/contract/presentations.ts';
import {
  type AdminPresentation,
  type ScheduleBody,
  ScheduleBodySchema,
  type SchedulePreview,
} from '../../../../src/api/contract/programmeAdmin.ts';
import {
  type Clash,
  expandSchedule,
  findClashes,
  MAX_SCHEDULE_SHOWS,
  type PlannedShow,
} from '../../../../src/domain/schedule.ts';
import { holdHalls } from '../../../db/repositories/hallLocks.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { nextId } from '../freshId.ts';
import { featureRow } from './features.ts';
import { listAdminPresentations, showsInHalls } from './presentationsAdmin.ts';

type Db = Kysely<Database>;
type Body = ReturnType<typeof ScheduleBodySchema.parse>;

/** The order steps' seconds when a schedule names none: the venue's usual (spec section 3, lockTimer). */
export const DEFAULT_LOCK_TIMER: LockTimer = {
  chooseSeatsInSeconds: 480,
  chooseTicketsInSeconds: 240,
  customerInfoInSeconds: 480,
  chooseProductsInSeconds: 240,
};

interface HallPlan {
  hallId: number;
  venueId: number;
  venueTypeId: number;
  seatplanId: number;
  /** The price levels on sale in this hall: those asked for that its plan has, or all of its plan's. */
  priceLevelIds: number[];
}

/** Each hall's newest published plan and the price levels it sells; refuses a hall without one. */
async function hallPlans(db: Db, body: Body): Promise<HallPlan[]> {
  const out: HallPlan[] = [];
  for (const hallId of [...new Set(body.hallIds)]) {
    const hall = await db
      .selectFrom('halls as h')
      .innerJoin('venues as v', 'v.id', 'h.venue_id')
      .select(['h.id', 'h.venue_id', 'v.venue_type_id'])
      .where('h.id', '=', hallId)
      .executeTakeFirst();
    if (!hall) throw new AppError('hall_not_found', `hall ${hallId} does not exist`);
    const plan = await db
      .selectFrom('seatplans')
      .select('id')
      .where('hall_id', '=', hallId)
      .where('status', '=', 'published')
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!plan)
      throw new AppError('hall_without_plan', `hall ${hallId} has no published seat plan`, { hallId });
    const levels = await db
      .selectFrom('plan_seats')
      .select('ticket_group_id')
      .distinct()
      .where('seatplan_id', '=', plan.id)
      .orderBy('ticket_group_id')
      .execute();
    const inPlan = levels.map((l) => l.ticket_group_id);
    out.push({
      hallId,
      venueId: hall.venue_id,
      venueTypeId: hall.venue_type_id,
      seatplanId: plan.id,
      priceLevelIds: body.priceLevelIds ? inPlan.filter((id) => body.priceLevelIds!.includes(id)) : inPlan,
    });
  }
  for (const id of body.priceLevelIds ?? [])
    if (!out.some((h) => h.priceLevelIds.includes(id)))
      throw new AppError('price_level_not_in_plan', `no hall's plan has price level ${id}`, {
        priceLevelId: id,
      });
  return out;
}

interface Laid {
  body: Body;
  title: LocalizedText;
  shows: PlannedShow[];
  clashes: Clash[];
  existing: Map<number, LocalizedText>;
}

/** The schedule laid out as shows and checked against what the halls already have. */
async function layOut(db: Db, input: ScheduleBody): Promise<Laid & { halls: HallPlan[] }> {
  const body = ScheduleBodySchema.parse(input);
  const feature = await featureRow(db, body.featureId);
  const halls = await hallPlans(db, body);
  const shows = expandSchedule(body, feature.duration_minutes);
  if (shows.length > MAX_SCHEDULE_SHOWS)
    throw new AppError('schedule_too_large', `a schedule makes at most ${MAX_SCHEDULE_SHOWS} shows`, {
      max: MAX_SCHEDULE_SHOWS,
    });
  const from = Math.min(...shows.map((s) => s.startsAt));
  const to = Math.max(...shows.map((s) => s.endsAt)) + body.cleaningGapMinutes * 60_000;
  const there = shows.length ? await showsInHalls(db, body.hallIds, from, to) : [];
  return {
    body,
    halls,
    title: JSON.parse(feature.title_json) as LocalizedText,
    shows,
    clashes: findClashes(shows, there, body.cleaningGapMinutes),
    existing: new Map(there.map((e) => [e.presentationId!, e.title])),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What a schedule would create, each show with what it runs into; nothing is saved. */
export async function previewSchedule(db: Db, input: ScheduleBody): Promise<SchedulePreview> {
  const laid = await layOut(db, input);
  const clashOf = new Map(laid.clashes.map((c) => [c.index, c.with]));
  return {
    shows: laid.shows.map((s, i) => {
      const w = clashOf.get(i);
      return {
        hallId: s.hallId,
        startsAt: iso(s.startsAt),
        endsAt: iso(s.endsAt),
        businessDate: s.businessDate,
        clash: w
          ? {
              presentationId: w.presentationId ?? null,
              index: w.index ?? null,
              title:
                w.presentationId !== undefined ? (laid.existing.get(w.presentationId) ?? {}) : laid.title,
              startsAt: iso(w.startsAt),
              endsAt: iso(w.endsAt),
            }
          : null,
      };
    }),
    clashes: laid.clashes.length,
  };
}

function clashError(laid: Laid): AppError {
  const first = laid.clashes[0]!;
  const show = laid.shows[first.index]!;
  return new AppError(
    'schedule_clash',
    `the show at ${iso(show.startsAt)} in hall ${show.hallId} starts before the one at ${iso(first.with.startsAt)} has ended and the hall been cleaned`,
    {
      clashes: laid.clashes.length,
      hallId: show.hallId,
      startsAt: iso(show.startsAt),
      withPresentationId: first.with.presentationId ?? 0,
      withStartsAt: iso(first.with.startsAt),
    },
  );
}

/**
 * Creates a schedule's presentations, all or none: each on its hall's newest published plan, on sale from
 * `saleStartsAt` (default now) until the set time after it starts. Refused with schedule_clash (naming the
 * first show and what it runs into) when any show clashes; the halls are held while the check and the
 * writes run, so two schedules written at once cannot both pass. Each presentation is audited.
 */
export async function createSchedule(
  db: Db,
  actor: Actor,
  input: ScheduleBody,
  now: number,
): Promise<AdminPresentation[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      const ids = await db.transaction().execute(async (trx) => {
        await holdHalls(trx, input.hallIds);
        const laid = await layOut(trx, input);
        if (laid.clashes.length > 0) throw clashError(laid);
        return insertShows(trx, actor, laid, now);
      });
      return listAdminPresentations(db, { ids }, now);
    } catch (err) {
      // Another writer took the same new ids at the same moment (other halls): again with fresh ones.
      if (err instanceof AppError || attempt >= 4) throw err;
    }
  }
}

async function insertShows(
  trx: Db,
  actor: Actor,
  laid: Laid & { halls: HallPlan[] },
  now: number,
): Promise<number[]> {
  const { body } = laid;
  const hallOf = new Map(laid.halls.map((h) => [h.hallId, h]));
  const saleStart = body.saleStartsAt ? Date.parse(body.saleStartsAt) : now;
  let id = await nextId(trx, 'presentations');
  const rows: Insertable<Database['presentations']>[] = [];
  const levels: { presentation_id: number; ticket_group_id: number }[] = [];
  for (const show of laid.shows) {
    const hall = hallOf.get(show.hallId)!;
    rows.push({
      id,
      feature_id: body.featureId,
      venue_id: hall.venueId,
      seatplan_id: hall.seatplanId,
      venue_type_id: hall.venueTypeId,
      seating_policy_id: body.seatingPolicyId,
      is_reserved: body.reserved ? 1 : 0,
      auth_profile_id: 1,
      business_id: 1,
      starts_at: show.startsAt,
      business_date: show.businessDate,
      sale_start: saleStart,
      sale_end: show.startsAt + body.saleEndsMinutesAfterStart * 60_000,
      lock_timer_json: JSON.stringify(body.lockTimer ?? DEFAULT_LOCK_TIMER),
      service_charge: body.serviceCharge,
      is_display_qr: 1,
      view_area_filename: null,
      image_map_html: null,
      new_booking_url: null,
    });
    for (const tg of hall.priceLevelIds) levels.push({ presentation_id: id, ticket_group_id: tg });
    id++;
  }
  for (let i = 0; i < rows.length; i += 100)
    await trx
      .insertInto('presentations')
      .values(rows.slice(i, i + 100))
      .execute();
  for (let i = 0; i < levels.length; i += 500)
    await trx
      .insertInto('presentation_ticket_groups')
      .values(levels.slice(i, i + 500))
      .execute();
  for (const [i, r] of rows.entries()) {
    const hall = hallOf.get(laid.shows[i]!.hallId)!;
    await audit(
      trx,
      actor,
      {
        action: 'presentation.create',
        objectType: 'presentation',
        objectId: r.id!,
        after: {
          featureId: r.feature_id,
          hallId: hall.hallId,
          seatplanId: r.seatplan_id,
          startsAt: iso(r.starts_at),
          saleStart: iso(r.sale_start),
          saleEnd: iso(r.sale_end),
          priceLevelIds: hall.priceLevelIds,
        },
      },
      now,
    );
  }
  return rows.map((r) => r.id!);
}
