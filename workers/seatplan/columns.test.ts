import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makePlan } from '../../bench/seatmap/plans.ts';
import {
  arenaPlan,
  cinemaHallPlan,
  generalAdmissionPlan,
  orchestraHallPlan,
} from '../../server/seed/seatplans.ts';
import { columnsOutline, decodeColumns, encodeColumns, isColumns } from './columns.ts';
import { parsePlan } from './parse.ts';

const ids = { venueId: 1, seatplanId: 2, name: 'test' };

/** The model as the tree gives it and as the columns give it must be the same, array for array. */
function expectSame(plan: unknown, locale?: string) {
  const { bytes } = encodeColumns(plan);
  const buffer = bytes.slice().buffer;
  expect(isColumns(buffer)).toBe(true);
  const fromColumns = decodeColumns(buffer, locale);
  const fromTree = parsePlan(plan, locale);
  expect(fromColumns.issues).toEqual(fromTree.issues);
  const { groups: _g, ...tree } = fromTree;
  expect(fromColumns.data).toEqual(tree.data);
  // The outline the first frame is drawn from, read from the head alone, is the decoded plan's.
  const d = fromColumns.data!;
  const outline = columnsOutline(buffer, locale)!;
  expect(outline).toMatchObject({ count: d.count, name: d.name, bounds: d.bounds, stage: d.stage });
  expect(outline.sections).toEqual(d.sections);
  expect([...outline.ticketGroup]).toEqual([...d.ticketGroup]);
  return bytes;
}

describe('the seat plan in columns', () => {
  it('decodes to exactly what the parser makes of the tree: positions, names, rows, sections, sofas', () => {
    for (const plan of [
      cinemaHallPlan(ids, { rows: 10, seatsPerRow: 14, levels: { regular: 1, sofa: 3 }, variant: 'sofas' }),
      orchestraHallPlan(ids, [1, 2, 3]),
      arenaPlan(ids, [1, 2, 3, 4, 5]),
      generalAdmissionPlan(ids, 1, 200),
      makePlan('concert', 5_000),
      makePlan('stadium', 5_000),
    ])
      expectSame(plan);
  });

  it('names sections in the shop language as the tree does', () => {
    const plan = orchestraHallPlan(ids, [1, 2, 3]);
    plan.S[0]!.names = { he: 'אולם', en: 'Hall' };
    expectSame(plan, 'he');
    expect(decodeColumns(encodeColumns(plan).bytes.slice().buffer, 'he').data!.sections[0]!.name).toBe(
      'אולם',
    );
  });

  it('keeps the problems of a plan with bad seats, and skips the seats as the parser does', () => {
    const plan = cinemaHallPlan(ids, {
      rows: 3,
      seatsPerRow: 6,
      levels: { regular: 1 },
      variant: 'standard',
    });
    (plan.S[0]!.G[0]!.R[1]!.S[2] as unknown as { x: number }).x = 1.5;
    const bytes = expectSame(plan);
    expect(decodeColumns(bytes.slice().buffer).issues[0]!.path).toBe('S[0].G[0].R[1].S[2]');
  });

  it('is far smaller than the JSON, and the same plan makes the same bytes', () => {
    const plan = makePlan('cinema', 20_000);
    const a = encodeColumns(plan).bytes;
    expect(a.length).toBeLessThan(JSON.stringify(plan).length / 8);
    expect(Buffer.from(encodeColumns(plan).bytes).equals(Buffer.from(a))).toBe(true);
  });

  it('places rotated groups at any angle as the parser does', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -360, max: 360, noNaN: true }),
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -5000, max: 5000 }),
        (rotation, tx, ty) => {
          const plan = cinemaHallPlan(ids, {
            rows: 3,
            seatsPerRow: 6,
            levels: { regular: 1 },
            variant: 'standard',
          });
          Object.assign(plan.S[0]!.G[0]!, { rotation, tx, ty });
          expectSame(plan);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses what is not a plan in columns, or is cut short, with an issue instead of a half plan', () => {
    const bytes = encodeColumns(makePlan('cinema', 1_000)).bytes;
    expect(decodeColumns(new TextEncoder().encode('{"S":[]}').buffer).data).toBeNull();
    const cut = decodeColumns(bytes.slice(0, bytes.length - 100).buffer);
    expect(cut.data).toBeNull();
    expect(cut.issues[0]!.message).toMatch(/outside/);
    const head = bytes.slice();
    head[12] = 0x7b; // a damaged head
    head[13] = 0x7b;
    expect(decodeColumns(head.buffer).data).toBeNull();
    expect(columnsOutline(head.buffer)).toBeNull();
    expect(columnsOutline(bytes.slice(0, bytes.length - 100).buffer)).toBeNull();
    expect(encodeColumns({ nothing: true }).result.data).toBeNull();
  });
});
