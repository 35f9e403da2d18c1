import { describe, expect, it } from 'vitest';
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { importPlan } from './importPlan.ts';
import { stageKindOf } from './importPretix.ts';
import { testContext } from './testPlans.ts';

type Json = Record<string, unknown>;

/** A file shaped like pretix's sample plans: uuids, null labels, radius, a text-only area. */
function pretixPlan(overrides: Json = {}): Json {
  const seat = (guid: string, number: string, x: number, category = 'Standard, front') => ({
    seat_guid: guid,
    seat_number: number,
    uuid: `uuid-${guid}`,
    position: { x, y: 0 },
    category,
    radius: 10,
    start_direction: null,
  });
  return {
    name: 'Grosser Saal',
    categories: [{ name: 'Standard, front', color: 'red' }, { name: 'Love seat' }],
    size: { width: 300, height: 200 },
    zones: [
      {
        name: 'Main Area',
        zone_id: 'main',
        uuid: 'zone-1',
        position: { x: 50, y: 100 },
        rows: [
          {
            row_number: '0',
            row_label: 'A',
            seat_label: null,
            row_number_position: 'both',
            position: { x: 0, y: 0 },
            seats: [seat('0-0', '1', 0), seat('0-1', '2', 33.4), seat('0-2', '3', 66, 'love SEAT')],
          },
          { row_number: '1', row_label: null, position: { x: 10, y: 30 }, seats: [seat('1-0', '1', 0)] },
        ],
        areas: [
          {
            shape: 'text',
            position: { x: 0, y: -20 },
            text: { text: 'Exit', position: { x: 0, y: 0 }, color: '#000', size: 12 },
          },
          {
            shape: 'rectangle',
            position: { x: 10, y: -90 },
            rotation: 0,
            rectangle: { width: 120, height: 40 },
            color: '#ccc',
            border_color: '#333',
            text: { text: 'BÜHNE', position: { x: 60, y: 20 } },
          },
        ],
      },
      {
        zone_id: 'gallery',
        position: { x: 0, y: 0 },
        rows: [{ row_number: 1, seats: [seat('g', '1', 500)] }],
      },
      { position: { x: 0, y: 0 }, rows: [{ row_number: '1', seats: [seat('z', '1', 600)] }] },
    ],
    ...overrides,
  };
}

const importPretix = (file: Json | string, extra: Parameters<typeof testContext>[0] = {}) =>
  importPlan(
    { format: 'pretix', text: typeof file === 'string' ? file : JSON.stringify(file) },
    testContext(extra),
  );

describe('importPlan from pretix JSON', () => {
  it('makes a section of one group per zone, seats at the row position plus their own', () => {
    const { plan, problems } = importPretix(pretixPlan());
    expect(problems).toEqual([]);
    expect(plan!.name).toBe('Grosser Saal');
    expect(plan!.S.map((s) => [s.id, s.name, s.G[0]!.id, s.G[0]!.tx, s.G[0]!.ty])).toEqual([
      [1, 'Main Area', 1, 50, 100],
      [2, 'gallery', 2, undefined, undefined],
      [3, 'Zone 3', 3, undefined, undefined],
    ]);
    const [rowA, row1] = plan!.S[0]!.G[0]!.R;
    expect(rowA!.r).toBe('A');
    expect(rowA!.S.map((s) => [s.x, s.y, s.n, s.tg, s.ai])).toEqual([
      [0, 0, '1', 1, 1],
      [33, 0, '2', 1, 1],
      [66, 0, '3', 3, 1],
    ]);
    expect(row1).toMatchObject({ r: '1', S: [{ x: 10, y: 30, si: 1, gi: 1, vi: 5, sp: 9 }] });
    expect(plan!.S[1]!.G[0]!.R[0]!.r).toBe('1');
  });

  it('takes a labelled rectangle as the stage, at the zone position plus its own', () => {
    const { plan } = importPretix(pretixPlan());
    expect(plan!.stage).toEqual({ kind: 'stage', x: 60, y: 10, width: 120, height: 40 });
    expect([plan!.width, plan!.height]).toEqual([620, 200]);
  });

  it('knows stage and screen words in the shop’s languages', () => {
    expect(['Stage', 'Main stage', 'Bühne', 'scena', 'Сцена', 'במה', 'منصة'].map(stageKindOf)).toEqual(
      Array(7).fill('stage'),
    );
    expect(['SCREEN', 'Leinwand', 'ekran', 'экран', 'מסך', 'شاشة'].map(stageKindOf)).toEqual(
      Array(6).fill('screen'),
    );
    expect(stageKindOf('Bar')).toBeUndefined();
  });

  it('names the path of a seat whose category is no price level, and keeps it at tg 0', () => {
    const file = pretixPlan();
    const zones = file.zones as Json[];
    const rows = zones[0]!.rows as Json[];
    ((rows[1]!.seats as Json[])[0] as Json).category = 'Balcony';
    const { plan, problems } = importPretix(file);
    expect(problems).toEqual([
      {
        severity: 'error',
        code: 'unknown_price_level',
        path: 'zones[0].rows[1].seats[0]',
        seat: { key: '1_10_30', section: 'Main Area', row: '1', seat: '1' },
        params: { priceLevel: 'Balcony' },
      },
    ]);
    expect(plan!.S[0]!.G[0]!.R[1]!.S[0]!.tg).toBe(0);
  });

  it('turns away a seat without a position', () => {
    const file = pretixPlan();
    const seat = (((file.zones as Json[])[1]!.rows as Json[])[0]!.seats as Json[])[0] as Json;
    delete seat.position;
    expect(importPretix(file)).toEqual({
      plan: null,
      problems: [
        {
          severity: 'error',
          code: 'seat_without_position',
          path: 'zones[1].rows[0].seats[0]',
          seat: { section: 'gallery', row: '1', seat: '1' },
          params: { seatGuid: 'g' },
        },
      ],
    });
  });

  it('turns away text that is no JSON and JSON that is no pretix plan', () => {
    expect(importPretix('{"name": ')).toEqual({
      plan: null,
      problems: [{ severity: 'error', code: 'file_unreadable', params: { reason: 'not_json' } }],
    });
    const result = importPretix(pretixPlan({ zones: [{ position: { x: 0, y: 'top' }, rows: [] }] }));
    expect(result.plan).toBeNull();
    expect(result.problems).toEqual([
      {
        severity: 'error',
        code: 'format_invalid',
        path: 'zones[0].position.y',
        params: { detail: expect.any(String) },
      },
    ]);
  });

  it('turns away a plan without seats and one with too many', () => {
    expect(importPretix(pretixPlan({ zones: [] })).problems).toEqual([
      { severity: 'error', code: 'no_seats' },
    ]);
    const seats = Array.from({ length: 200_001 }, () => ({}));
    const huge = pretixPlan({ zones: [{ position: { x: 0, y: 0 }, rows: [{ row_number: '1', seats }] }] });
    expect(importPretix(huge).problems).toEqual([
      { severity: 'error', code: 'too_many_seats', params: { max: 200_000, count: 200_001 } },
    ]);
  });

  it('names both seats that round to one key', () => {
    const file = pretixPlan();
    const seats = ((file.zones as Json[])[0]!.rows as Json[])[0]!.seats as Json[] as { position: Json }[];
    seats[1]!.position = { x: 0.4, y: 0 };
    const result = importPretix(file);
    expect(result.plan).toBeNull();
    expect(result.problems).toEqual([
      {
        severity: 'error',
        code: 'duplicate_seat_key',
        path: 'zones[0].rows[0].seats[1]',
        seat: { key: '1_0_0', section: 'Main Area', row: 'A', seat: '2' },
        params: { otherPath: 'zones[0].rows[0].seats[0]', otherRow: 'A', otherSeat: '1' },
      },
    ]);
  });

  it('over a base plan, keeps a zone’s section and frame by its name', () => {
    const base: Seatplan = {
      venueId: 5,
      seatplanId: 9,
      name: 'Base',
      width: 0,
      height: 0,
      S: [{ id: 12, name: 'Gallery', G: [{ id: 3, rotation: 180, tx: 1000, ty: 0, R: [] }] }],
    };
    const { plan } = importPretix(pretixPlan(), { base });
    expect(plan!.S.map((s) => [s.id, s.name, s.G[0]!.id])).toEqual([
      [13, 'Main Area', 13],
      [12, 'gallery', 3],
      [14, 'Zone 3', 14],
    ]);
    // World (500, 0) in a frame turned by 180° about (1000, 0): local (500, 0).
    expect(plan!.S[1]!.G[0]!.R[0]!.S[0]).toMatchObject({ x: 500, y: 0, si: 12, gi: 3 });
  });
});
