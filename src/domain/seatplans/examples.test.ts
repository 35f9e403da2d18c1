import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ticketGroups, VENUE } from '../../../server/seed/catalogue.ts';
import { countPlanSeats } from './geometry.ts';
import { importPlan } from './importPlan.ts';
import type { ImportContext, PlanFormat } from './importContext.ts';
import { planFigures } from './figures.ts';

/** The demo catalogue's price levels, English name first (the example files name them in English). */
const DEMO_LEVELS = ticketGroups.map((g) => ({
  id: g.id,
  names: [g.name.en, g.name.he, g.name.ru, g.name.ar, g.name.pl].filter((n): n is string => n !== undefined),
}));
const ctx: ImportContext = {
  venueId: VENUE.cinema,
  seatplanId: 77,
  name: 'Example',
  priceLevels: DEMO_LEVELS,
};

const example = (file: string) =>
  readFileSync(new URL(`../../../docs/examples/${file}`, import.meta.url), 'utf8');
const importExample = (format: PlanFormat, file: string) => importPlan({ format, text: example(file) }, ctx);

describe('the example seat plans in docs/examples', () => {
  it('seatplan-pretix.json: two zones, a stage, 60 seats, no problem', () => {
    const { plan, problems } = importExample('pretix', 'seatplan-pretix.json');
    expect(problems).toEqual([]);
    expect(plan!.S.map((s) => s.name)).toEqual(['Stalls', 'Balcony']);
    expect(countPlanSeats(plan!)).toBe(60);
    expect(plan!.stage).toEqual({ kind: 'stage', x: 112, y: 40, width: 200, height: 50 });
    expect(planFigures(plan!).byPriceLevel).toEqual({ 1: 40, 2: 20 });
  });

  it('seatplan-v2.json: 30 seats in the shop format, no problem', () => {
    const { plan, problems } = importExample('seatplanV2', 'seatplan-v2.json');
    expect(problems).toEqual([]);
    expect(countPlanSeats(plan!)).toBe(30);
    expect(plan!.S[1]!.G[0]!.rotation).toBe(90);
  });

  it('seatplan.csv: 40 seats with names in five languages and one companion seat without a wheelchair seat', () => {
    const { plan, problems } = importExample('csv', 'seatplan.csv');
    expect(problems).toEqual([
      {
        severity: 'error',
        code: 'companion_without_wheelchair',
        line: 37,
        seat: { key: '2_126_160', section: 'Balcony', row: 'E', seat: '4' },
      },
    ]);
    expect(countPlanSeats(plan!)).toBe(40);
    expect(plan!.S.map((s) => s.names?.he)).toEqual(['אולם', 'יציע']);
    expect(planFigures(plan!).flagged).toEqual({
      handicap: 1,
      companion: 2,
      limitedView: 1,
      premium: 8,
      sofa: 2,
      house: 0,
    });
  });
});
