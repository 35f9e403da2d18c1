/**
 * Seat plans from pretix's seating plan JSON (see pretixSchema.ts). Each zone becomes a section of one
 * group placed at the zone's position; a seat sits at its row's position plus its own; a seat's category
 * names its price level. An area labelled as a stage or screen (in any of the shop's languages, or German)
 * becomes the plan's stage.
 */
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { ALLOCATION_ONLINE } from './allocations.ts';
import type { DraftPlan, DraftSeat, DraftSection } from './assemble.ts';
import type { ImportContext } from './importContext.ts';
import { countNested, formatProblems, parseJson } from './json.ts';
import { PriceLevelMatcher } from './priceLevels.ts';
import { type PretixArea, PretixPlanSchema } from './pretixSchema.ts';
import { MAX_PLAN_SEATS, type PlanProblem, problem } from './problems.ts';

const SCREEN_WORDS = ['screen', 'leinwand', 'ekran', 'экран', 'מסך', 'شاشة'];
const STAGE_WORDS = ['stage', 'bühne', 'scena', 'сцена', 'במה', 'منصة'];
// Not asked of pretix files, but what this shop's export writes for an arena's field.
const FIELD_WORDS = ['field', 'pitch', 'spielfeld', 'boisko', 'поле', 'מגרש', 'ملعب'];

/** The stage kind an area's label names, if any (screen words first: "Screen stage" is a screen). */
export function stageKindOf(label: string): NonNullable<Seatplan['stage']>['kind'] | undefined {
  const text = label.toLowerCase();
  if (SCREEN_WORDS.some((w) => text.includes(w))) return 'screen';
  if (STAGE_WORDS.some((w) => text.includes(w))) return 'stage';
  if (FIELD_WORDS.some((w) => text.includes(w))) return 'field';
  return undefined;
}

export function readPretixPlan(
  text: string,
  ctx: ImportContext,
): { draft: DraftPlan | null; problems: PlanProblem[] } {
  const json = parseJson(text);
  if (!json.ok) return { draft: null, problems: [json.problem] };
  const count = countNested(json.value, ['zones', 'rows', 'seats']);
  if (count > MAX_PLAN_SEATS) {
    return { draft: null, problems: [problem('too_many_seats', { params: { max: MAX_PLAN_SEATS, count } })] };
  }
  const parsed = PretixPlanSchema.safeParse(json.value);
  if (!parsed.success) return { draft: null, problems: formatProblems(parsed.error) };
  const file = parsed.data;

  const problems: PlanProblem[] = [];
  const matcher = new PriceLevelMatcher(ctx.priceLevels);
  let stage: Seatplan['stage'];
  const sections: DraftSection[] = file.zones.map((zone, zi) => {
    const name = nonEmpty(zone.name) ?? nonEmpty(zone.zone_id) ?? `Zone ${zi + 1}`;
    const seats: DraftSeat[] = [];
    zone.rows.forEach((row, ri) => {
      const rowName = nonEmpty(row.row_label) ?? row.row_number;
      const rx = row.position?.x ?? 0;
      const ry = row.position?.y ?? 0;
      row.seats.forEach((s, i) => {
        const path = `zones[${zi}].rows[${ri}].seats[${i}]`;
        const ref = { section: name, row: rowName, seat: s.seat_number };
        if (!s.position) {
          problems.push(
            problem('seat_without_position', { path, seat: ref, params: { seatGuid: s.seat_guid } }),
          );
          return;
        }
        let tg = matcher.match(s.category);
        if (tg === undefined) {
          tg = 0;
          problems.push(
            problem('unknown_price_level', { path, seat: ref, params: { priceLevel: s.category } }),
          );
        }
        const x = rx + s.position.x;
        const y = ry + s.position.y;
        seats.push({ row: rowName, name: s.seat_number, x, y, tg, ai: ALLOCATION_ONLINE, path });
      });
    });
    stage ??= stageOf(zone.areas ?? [], zone.position);
    return { name, names: undefined, tx: zone.position.x, ty: zone.position.y, seats };
  });

  if (problems.some((p) => p.code === 'seat_without_position')) return { draft: null, problems };
  return {
    draft: {
      name: file.name,
      width: file.size?.width ?? 0,
      height: file.size?.height ?? 0,
      // pretix files say where the stage is; without one the base plan's is kept.
      stage: stage ?? ctx.base?.stage,
      sections,
    },
    problems,
  };
}

function nonEmpty(text: string | null | undefined): string | undefined {
  return text === null || text === undefined || text.trim() === '' ? undefined : text;
}

/** The first labelled rectangle that names a stage, screen or field, in world coordinates. */
function stageOf(areas: readonly PretixArea[], zone: { x: number; y: number }): Seatplan['stage'] {
  for (const area of areas) {
    const kind = area.text ? stageKindOf(area.text.text) : undefined;
    if (!kind || !area.rectangle) continue;
    // pretix rotates an area about its position; the shop's stage is an upright rectangle, so a rotated
    // stage keeps its size but loses the rotation.
    return {
      kind,
      x: zone.x + (area.position?.x ?? 0),
      y: zone.y + (area.position?.y ?? 0),
      width: area.rectangle.width,
      height: area.rectangle.height,
    };
  }
  return undefined;
}
