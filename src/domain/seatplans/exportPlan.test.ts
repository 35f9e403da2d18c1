import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { exportPlan } from './exportPlan.ts';
import { planArb, TEST_LEVELS } from './testPlans.ts';

/**
 * pretix's published seating plan schema (seating-plan.schema.json) as strict zod: no property it does
 * not define, integers where it asks for them.
 */
const int = z.number().int();
const position = z.strictObject({ x: z.number(), y: z.number() });
const PretixStrict = z.strictObject({
  name: z.string(),
  size: z.strictObject({ width: int, height: int }),
  categories: z.array(z.strictObject({ name: z.string(), color: z.string().optional() })),
  zones: z.array(
    z.strictObject({
      name: z.string().optional(),
      zone_id: z.string().optional(),
      uuid: z.string().optional(),
      position,
      rows: z.array(
        z.strictObject({
          row_number: z.string(),
          row_label: z.string().nullable().optional(),
          seat_label: z.string().nullable().optional(),
          uuid: z.string().optional(),
          row_number_position: z.enum(['start', 'end', 'both']).nullable().optional(),
          position: position.optional(),
          seats: z.array(
            z.strictObject({
              seat_guid: z.string(),
              seat_number: z.string(),
              uuid: z.string().optional(),
              start_direction: z.string().nullable().optional(),
              radius: int.optional(),
              position,
              category: z.string(),
            }),
          ),
        }),
      ),
      areas: z
        .array(
          z.strictObject({
            color: z.string().optional(),
            border_color: z.string().optional(),
            rotation: z.number().optional(),
            position: position.optional(),
            uuid: z.string().optional(),
            shape: z.enum(['polygon', 'rectangle', 'ellipse', 'circle', 'text']).optional(),
            rectangle: z.strictObject({ width: int, height: int }).optional(),
            text: z
              .strictObject({
                text: z.string(),
                color: z.string().optional(),
                size: int.optional(),
                position,
              })
              .optional(),
          }),
        )
        .optional(),
    }),
  ),
});

function boxPlan(): Seatplan {
  const seat = { si: 4, gi: 4, vi: 1, sp: 1, ai: 1 };
  return {
    venueId: 1,
    seatplanId: 1,
    name: 'Box office',
    width: 200.5,
    height: 100,
    stage: { kind: 'screen', x: 10, y: 5, width: 80.4, height: 6 },
    S: [
      {
        id: 4,
        name: 'Loge, left',
        names: { he: 'לוגה' },
        G: [
          {
            id: 4,
            rotation: 90,
            tx: 50,
            ty: 20,
            R: [
              {
                r: 'A "1"',
                S: [
                  { ...seat, x: 0, y: 0, r: 'A "1"', n: '1', tg: 1, handicap: true, premium: true },
                  { ...seat, x: 10, y: 0, r: 'A "1"', n: '2', tg: 7, ai: 2, companion: true, sofa: 's;1' },
                  { ...seat, x: 20, y: 3, r: 'A "1"', n: '3', tg: 42, limitedView: true },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

describe('exportPlan', () => {
  it('writes the shop format as indented JSON', () => {
    const plan = boxPlan();
    expect(exportPlan(plan, 'seatplanV2', TEST_LEVELS)).toBe(JSON.stringify(plan, null, 2));
  });

  it('writes CSV: world coordinates, level names (ids where a level has none), flags, locales', () => {
    expect(exportPlan(boxPlan(), 'csv', TEST_LEVELS).split('\r\n')).toEqual([
      'section,row,seat,x,y,price_level,wheelchair,companion,limited_view,premium,sofa,allocation,section_he',
      '"Loge, left","A ""1""",1,50,20,"Standard, front",1,,,1,,online,לוגה',
      '"Loge, left","A ""1""",2,50,30,7,,1,,,s;1,house,לוגה',
      '"Loge, left","A ""1""",3,47,40,42,,,1,,,online,לוגה',
      '',
    ]);
  });

  it('writes pretix JSON that keeps to pretix’s schema, without seat flags', () => {
    const out = JSON.parse(exportPlan(boxPlan(), 'pretix', TEST_LEVELS)) as unknown;
    expect(PretixStrict.safeParse(out).error).toBeUndefined();
    expect(out).toEqual({
      name: 'Box office',
      size: { width: 201, height: 100 },
      categories: [
        { name: 'Standard, front', color: expect.any(String) },
        { name: '7', color: expect.any(String) },
        { name: '42', color: expect.any(String) },
      ],
      zones: [
        {
          name: 'Loge, left',
          zone_id: '4',
          position: { x: 0, y: 0 },
          rows: [
            {
              row_number: 'A "1"',
              seats: [
                {
                  seat_guid: '4_0_0',
                  seat_number: '1',
                  position: { x: 50, y: 20 },
                  category: 'Standard, front',
                },
                { seat_guid: '4_10_0', seat_number: '2', position: { x: 50, y: 30 }, category: '7' },
                { seat_guid: '4_20_3', seat_number: '3', position: { x: 47, y: 40 }, category: '42' },
              ],
            },
          ],
          areas: [
            {
              shape: 'rectangle',
              position: { x: 10, y: 5 },
              rectangle: { width: 80, height: 6 },
              color: expect.any(String),
              border_color: expect.any(String),
              text: { text: 'Screen', position: { x: 40, y: 3 }, color: expect.any(String) },
            },
          ],
        },
      ],
    });
  });

  it('writes pretix JSON that keeps to pretix’s schema for any plan', () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const out = JSON.parse(exportPlan(plan, 'pretix', TEST_LEVELS)) as unknown;
        expect(PretixStrict.safeParse(out).error).toBeUndefined();
      }),
      { numRuns: 50 },
    );
  });
});
