import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import {
  type AdminPresentation,
  type ScheduleBody,
  ScheduleBodySchema,
  type SchedulePreview,
} from '../../../../src/api/contract/programmeAdmin.ts';
import {
  type Clash,
  expandSchedule,
  MAX_SCHEDULE_SHOWS,
  type PlannedShow,
} from '../../../../src/domain/schedule.ts';
import { holdHalls } from '../../../db/repositories/hallLocks.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import type { Actor } from '../../audit/log.ts';
import { assertListFits } from '../prices/priceLists.ts';
import { featureRow } from './features.ts';
import { clashesInHalls, clashView, listAdminPresentations } from './presentationsAdmin.ts';
import {
  DEFAULT_LOCK_TIMER,
  type HallPlan,
  hallPlanOf,
  insertShows,
  type SaleSettings,
  writeShows,
} from './showWriter.ts';

type Db = Kysely<Database>;
type Body = ReturnType<typeof ScheduleBodySchema.parse>;

interface HallSale extends HallPlan {
  /** The price levels on sale in this hall: those asked for that its plan has, or all of its plan's. */
  priceLevelIds: number[];
}

/** Each hall's newest published plan and the price levels it sells; refuses a hall without one. */
async function hallPlans(db: Db, body: Body): Promise<HallSale[]> {
  const out: HallSale[] = [];
  for (const hallId of [...new Set(body.hallIds)]) {
    const hall = await hallPlanOf(db, hallId);
    const wanted = body.priceLevelIds;
    out.push({
      ...hall,
      priceLevelIds: wanted ? hall.planLevels.filter((id) => wanted.includes(id)) : hall.planLevels,
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
  /** Shows of the range that would have started already: left out. */
  past: number;
}

/** The schedule laid out as shows and checked against what the halls already have. */
async function layOut(db: Db, input: ScheduleBody, now: number): Promise<Laid & { halls: HallSale[] }> {
  const body = ScheduleBodySchema.parse(input);
  const feature = await featureRow(db, body.featureId);
  const halls = await hallPlans(db, body);
  await assertListFits(db, body.priceListId, [...new Set(halls.flatMap((h) => h.priceLevelIds))]);
  const all = expandSchedule(body, feature.duration_minutes);
  // A range that starts today leaves out today's times that have gone by.
  const shows = all.filter((s) => s.startsAt > now);
  if (all.length > MAX_SCHEDULE_SHOWS)
    throw new AppError('schedule_too_large', `a schedule makes at most ${MAX_SCHEDULE_SHOWS} shows`, {
      max: MAX_SCHEDULE_SHOWS,
    });
  const { clashes, titles } = await clashesInHalls(db, shows, body.cleaningGapMinutes);
  return {
    body,
    halls,
    title: JSON.parse(feature.title_json) as LocalizedText,
    shows,
    clashes,
    existing: titles,
    past: all.length - shows.length,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What a schedule would create, each show with what it runs into; nothing is saved. */
export async function previewSchedule(db: Db, input: ScheduleBody, now: number): Promise<SchedulePreview> {
  const laid = await layOut(db, input, now);
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
          ? clashView(
              w,
              w.presentationId !== undefined ? (laid.existing.get(w.presentationId) ?? {}) : laid.title,
            )
          : null,
      };
    }),
    clashes: laid.clashes.length,
    past: laid.past,
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
  const ids = await writeShows(db, async (trx) => {
    await holdHalls(trx, input.hallIds);
    const laid = await layOut(trx, input, now);
    if (laid.clashes.length > 0) throw clashError(laid);
    const { body } = laid;
    const hallOf = new Map(laid.halls.map((h) => [h.hallId, h]));
    const shows = laid.shows.map((show) => {
      const hall = hallOf.get(show.hallId)!;
      return { show, featureId: body.featureId, hall, priceLevelIds: hall.priceLevelIds };
    });
    return insertShows(trx, actor, shows, saleSettings(body, now), now);
  });
  return listAdminPresentations(db, { ids }, now);
}

/** How a schedule's shows go on sale (the defaults filled in by the contract). */
export function saleSettings(
  body: Pick<
    Body,
    | 'saleStartsAt'
    | 'saleEndsMinutesAfterStart'
    | 'seatingPolicyId'
    | 'reserved'
    | 'serviceCharge'
    | 'lockTimer'
    | 'priceListId'
  >,
  now: number,
): SaleSettings {
  return {
    saleStart: body.saleStartsAt ? Date.parse(body.saleStartsAt) : now,
    saleEndsMinutesAfterStart: body.saleEndsMinutesAfterStart,
    seatingPolicyId: body.seatingPolicyId,
    reserved: body.reserved,
    serviceCharge: body.serviceCharge,
    lockTimer: body.lockTimer ?? DEFAULT_LOCK_TIMER,
    priceListId: body.priceListId,
  };
}
