/**
 * Seat plans out to the formats venues use: the shop's own JSON, pretix's seating plan JSON and CSV.
 * Each export imports back (importPlan with the exported plan as `base`) to the same seats under the same
 * keys; pretix's format has no seat flags, so those are the one thing a pretix round trip loses.
 */
import { type Locale, supportedLocales } from '../../api/contract/constants.ts';
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { seatKey } from '../seatKey.ts';
import { ALLOCATION_HOUSE, ALLOCATION_ONLINE } from './allocations.ts';
import { writeCsv } from '../csv.ts';
import { groupFrame, round2, toWorld } from './geometry.ts';
import type { PlanFormat } from './importContext.ts';
import { CSV_FLAG_COLUMNS, CSV_REQUIRED_COLUMNS } from './importCsv.ts';
import { PriceLevelMatcher, type PriceLevelRef } from './priceLevels.ts';
import type { PretixExport } from './pretixSchema.ts';

/** Colours for pretix's categories, one per price level in order of first use. */
const CATEGORY_COLOURS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#8c564b',
  '#e377c2',
  '#17becf',
];

const STAGE_TEXT: Record<NonNullable<Seatplan['stage']>['kind'], string> = {
  stage: 'Stage',
  screen: 'Screen',
  field: 'Field',
};

/**
 * The plan as a file. Price levels are written by their first name (by id where a level has no name or
 * shares its first name with an earlier level), coordinates as world coordinates rounded to 2 decimals.
 */
export function exportPlan(
  plan: Seatplan,
  format: PlanFormat,
  priceLevels: readonly PriceLevelRef[],
): string {
  switch (format) {
    case 'seatplanV2':
      return JSON.stringify(plan, null, 2);
    case 'pretix':
      return JSON.stringify(toPretix(plan, new PriceLevelMatcher(priceLevels)), null, 2);
    case 'csv':
      return toCsv(plan, new PriceLevelMatcher(priceLevels));
  }
}

const flag = (v: boolean | undefined): string => (v ? '1' : '');
const number = (v: number): string => String(round2(v));

function toCsv(plan: Seatplan, levels: PriceLevelMatcher): string {
  const locales: Locale[] = supportedLocales.filter((l) => plan.S.some((s) => (s.names?.[l] ?? '') !== ''));
  const header: string[] = [
    ...CSV_REQUIRED_COLUMNS,
    ...CSV_FLAG_COLUMNS,
    'sofa',
    'allocation',
    ...locales.map((l) => `section_${l}`),
  ];
  const rows: string[][] = [header];
  for (const section of plan.S) {
    const names = locales.map((l) => section.names?.[l] ?? '');
    for (const group of section.G) {
      const frame = groupFrame(group);
      for (const row of group.R) {
        for (const seat of row.S) {
          const [wx, wy] = toWorld(frame, seat.x, seat.y);
          rows.push([
            section.name,
            seat.r,
            seat.n,
            number(wx),
            number(wy),
            levels.text(seat.tg),
            flag(seat.handicap),
            flag(seat.companion),
            flag(seat.limitedView),
            flag(seat.premium),
            seat.sofa ?? '',
            seat.ai === ALLOCATION_ONLINE
              ? 'online'
              : seat.ai === ALLOCATION_HOUSE
                ? 'house'
                : String(seat.ai),
            ...names,
          ]);
        }
      }
    }
  }
  return writeCsv(rows);
}

/**
 * pretix's JSON, with only the properties its schema defines (it allows no others). pretix knows no
 * wheelchair, companion, limited-view, premium, sofa or house seats: those flags are not exported. Every
 * zone sits at (0, 0) and every seat at its world position, so rotated sections need no transform.
 */
function toPretix(plan: Seatplan, levels: PriceLevelMatcher): PretixExport {
  const categories = new Map<string, { name: string; color: string }>();
  const category = (tg: number): string => {
    const name = levels.text(tg);
    if (!categories.has(name)) {
      const color = CATEGORY_COLOURS[categories.size % CATEGORY_COLOURS.length] ?? '#777777';
      categories.set(name, { name, color });
    }
    return name;
  };
  const zones: PretixExport['zones'] = plan.S.map((section) => ({
    name: section.name,
    zone_id: String(section.id),
    position: { x: 0, y: 0 },
    rows: section.G.flatMap((group) => {
      const frame = groupFrame(group);
      return group.R.map((row) => ({
        row_number: row.r,
        seats: row.S.map((seat) => {
          const [wx, wy] = toWorld(frame, seat.x, seat.y);
          return {
            seat_guid: seatKey(section.id, seat.x, seat.y),
            seat_number: seat.n,
            position: { x: round2(wx), y: round2(wy) },
            category: category(seat.tg),
          };
        }),
      }));
    }),
  }));
  const stage = plan.stage;
  const first = zones[0];
  if (stage && first) {
    const width = Math.round(stage.width);
    const height = Math.round(stage.height);
    first.areas = [
      {
        shape: 'rectangle',
        position: { x: round2(stage.x), y: round2(stage.y) },
        rectangle: { width, height },
        color: '#dddddd',
        border_color: '#999999',
        text: { text: STAGE_TEXT[stage.kind], position: { x: width / 2, y: height / 2 }, color: '#333333' },
      },
    ];
  }
  return {
    name: plan.name,
    size: { width: Math.ceil(plan.width), height: Math.ceil(plan.height) },
    categories: [...categories.values()],
    zones,
  };
}
