import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import {
  MAX_SCHEDULE_FILE_LINES,
  type ScheduleImportAnswer,
  type ScheduleImportBody,
  ScheduleImportBodySchema,
} from '../../../../src/api/contract/programmeAdmin.ts';
import { type PlannedShow, showInstant } from '../../../../src/domain/schedule.ts';
import { readScheduleCsv, type ScheduleLine } from '../../../../src/domain/scheduleCsv.ts';
import { businessDate } from '../../../../src/domain/venue.ts';
import { holdHalls } from '../../../db/repositories/hallLocks.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import type { Actor } from '../../audit/log.ts';
import { priceLevels } from '../plans/versions.ts';
import { clashesInHalls, clashView } from './presentationsAdmin.ts';
import { priceListLevels } from '../prices/priceLists.ts';
import { saleSettings } from './schedules.ts';
import { type HallPlan, hallPlanOf, insertShows, type NewShow, writeShows } from './showWriter.ts';

type Db = Kysely<Database>;
type Answer = ScheduleImportAnswer['lines'][number];

const key = (text: string) => text.trim().toLocaleLowerCase();

/** Names (any language) and ids, as a file may give them, to what they name. */
function lookup<T>(entries: readonly { id: number; names: readonly string[]; value: T }[]) {
  const byKey = new Map<string, T>();
  for (const e of entries) {
    byKey.set(String(e.id), e.value);
    for (const n of e.names) if (!byKey.has(key(n))) byKey.set(key(n), e.value);
  }
  return (text: string) => byKey.get(key(text));
}

const namesOf = (json: string) =>
  Object.values(JSON.parse(json) as LocalizedText).filter((n): n is string => Boolean(n));

interface Resolved {
  line: ScheduleLine;
  item: NewShow;
  title: LocalizedText;
}

/** Each readable line resolved to a show, or refused with the code that says why. */
async function resolveLines(
  db: Db,
  lines: readonly ScheduleLine[],
  listLevels: ReadonlySet<number>,
  now: number,
) {
  const [features, halls, levels] = await Promise.all([
    db.selectFrom('features').select(['id', 'title_json', 'duration_minutes']).execute(),
    db.selectFrom('halls').select(['id', 'name_json']).execute(),
    priceLevels(db),
  ]);
  const feature = lookup(features.map((f) => ({ id: f.id, names: namesOf(f.title_json), value: f })));
  const hallId = lookup(halls.map((h) => ({ id: h.id, names: namesOf(h.name_json), value: h.id })));
  const level = lookup(levels.map((l) => ({ id: l.id, names: l.names, value: l.id })));
  const plans = new Map<number, HallPlan | AppError>();
  const resolved: Resolved[] = [];
  const refused: Answer[] = [];
  const refuse = (line: ScheduleLine, code: string, message: string) =>
    refused.push(answer(line.line, 'refused', { code, message }));
  for (const line of lines) {
    const f = feature(line.feature);
    if (!f) {
      refuse(line, 'feature_not_found', `no feature is called “${line.feature}”`);
      continue;
    }
    const h = hallId(line.hall);
    if (h === undefined) {
      refuse(line, 'hall_not_found', `no hall is called “${line.hall}”`);
      continue;
    }
    if (!plans.has(h)) plans.set(h, await hallPlanOf(db, h).catch((err: unknown) => toAppError(err)));
    const hall = plans.get(h)!;
    if (hall instanceof AppError) {
      refuse(line, hall.code, hall.message);
      continue;
    }
    const wanted = line.priceLevels.map((p) => ({ text: p, id: level(p) }));
    const unknown = wanted.find((w) => w.id === undefined || !hall.planLevels.includes(w.id));
    if (unknown) {
      refuse(line, 'price_level_not_in_plan', `the hall's plan has no price level “${unknown.text}”`);
      continue;
    }
    const startsAt = showInstant(line.date, line.time);
    if (startsAt <= now) {
      refuse(line, 'schedule_in_past', `the show at ${iso(startsAt)} would have started already`);
      continue;
    }
    const show: PlannedShow = {
      hallId: h,
      startsAt,
      endsAt: startsAt + f.duration_minutes * 60_000,
      businessDate: businessDate(startsAt),
    };
    const priceLevelIds = wanted.length ? wanted.map((w) => w.id!) : hall.planLevels;
    const missing = priceLevelIds.find((id) => !listLevels.has(id));
    if (missing !== undefined) {
      refuse(line, 'price_level_not_in_list', `the price list has no ticket for price level ${missing}`);
      continue;
    }
    resolved.push({
      line,
      item: { show, featureId: f.id, hall, priceLevelIds },
      title: JSON.parse(f.title_json) as LocalizedText,
    });
  }
  return { resolved, refused };
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  throw err;
}

function answer(line: number, status: Answer['status'], over: Partial<Answer> = {}): Answer {
  return {
    line,
    status,
    presentationId: null,
    featureId: null,
    hallId: null,
    startsAt: null,
    code: null,
    message: null,
    clash: null,
    ...over,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The resolved lines checked against the halls and each other: which fit, which clash (and with what). */
async function checkClashes(db: Db, resolved: readonly Resolved[], gapMinutes: number) {
  const { clashes: found, titles } = await clashesInHalls(
    db,
    resolved.map((r) => r.item.show),
    gapMinutes,
  );
  const clashes = new Map(found.map((c) => [c.index, c.with]));
  const fits: Resolved[] = [];
  const clashing: Answer[] = [];
  resolved.forEach((r, i) => {
    const w = clashes.get(i);
    if (!w) return fits.push(r);
    const other = w.presentationId !== undefined ? titles.get(w.presentationId) : resolved[w.index!]?.title;
    clashing.push(
      answer(r.line.line, 'refused', {
        featureId: r.item.featureId,
        hallId: r.item.show.hallId,
        startsAt: iso(r.item.show.startsAt),
        code: 'schedule_clash',
        message: `starts before the show at ${iso(w.startsAt)} has ended and the hall been cleaned`,
        clash: clashView(w, other ?? {}),
      }),
    );
  });
  return { fits, clashing };
}

/**
 * A schedule brought in from a spreadsheet: every line answered, created (or, in a dry run, ready) or
 * refused with its code (an unknown feature, hall or price level, a hall without a plan, a bad date or
 * time, a clash with the hall's shows or an earlier line). Lines that fit are created together while
 * the halls are held, checked again there; a file that cannot be read is refused whole, naming the line.
 */
export async function importSchedule(
  db: Db,
  actor: Actor,
  input: ScheduleImportBody,
  now: number,
): Promise<ScheduleImportAnswer> {
  const body = ScheduleImportBodySchema.parse(input);
  const file = readScheduleCsv(body.content, MAX_SCHEDULE_FILE_LINES);
  if (!file.ok)
    throw new AppError('schedule_file_invalid', `line ${file.line}: ${file.reason}`, {
      line: file.line,
      reason: file.reason,
    });
  const bad = file.bad.map((b) =>
    answer(b.line, 'refused', {
      code: 'schedule_line_invalid',
      message: `the ${b.reason} is missing or not valid`,
    }),
  );
  const run = async (trx: Db) => {
    const listLevels = await priceListLevels(trx, body.priceListId);
    const { resolved, refused } = await resolveLines(trx, file.lines, listLevels, now);
    if (!body.dryRun) await holdHalls(trx, [...new Set(resolved.map((r) => r.item.show.hallId))]);
    const { fits, clashing } = await checkClashes(trx, resolved, body.cleaningGapMinutes);
    const ids = body.dryRun
      ? []
      : await insertShows(
          trx,
          actor,
          fits.map((r) => r.item),
          saleSettings(body, now),
          now,
        );
    const made = fits.map((r, i) =>
      answer(r.line.line, body.dryRun ? 'ready' : 'created', {
        presentationId: ids[i] ?? null,
        featureId: r.item.featureId,
        hallId: r.item.show.hallId,
        startsAt: iso(r.item.show.startsAt),
      }),
    );
    return [...bad, ...refused, ...clashing, ...made].sort((a, b) => a.line - b.line);
  };
  const lines = body.dryRun ? await run(db) : await writeShows(db, run);
  const refusedCount = lines.filter((l) => l.status === 'refused').length;
  return { lines, created: lines.length - refusedCount, refused: refusedCount };
}
