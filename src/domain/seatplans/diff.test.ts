import { describe, expect, it } from 'vitest';
import type { PlanSeat, Seatplan } from '../../api/contract/seatplan.ts';
import { diffPlans } from './diff.ts';

const seat = (x: number, n: string, extra: Partial<PlanSeat> = {}): PlanSeat => ({
  x,
  y: 0,
  r: 'A',
  n,
  si: 1,
  gi: 1,
  vi: 1,
  sp: 1,
  tg: 1,
  ai: 1,
  ...extra,
});
const plan = (...seats: PlanSeat[]): Seatplan => ({
  venueId: 1,
  seatplanId: 1,
  name: 'p',
  width: 0,
  height: 0,
  S: [{ id: 1, name: 'Stalls', G: [{ id: 1, R: [{ r: 'A', S: seats }] }] }],
});

describe('diffPlans', () => {
  it('finds added, removed, moved and changed seats', () => {
    const from = plan(
      seat(0, '1'),
      seat(10, '2', { handicap: false }),
      seat(20, '3'),
      seat(30, '4', { sofa: 'x' }),
    );
    const to = plan(
      seat(0, '1'),
      seat(10, '2', { tg: 2, premium: true }),
      seat(25, '3'),
      seat(30, '4b', { r: 'B', ai: 2 }),
      seat(40, '5'),
    );
    const ref = (x: number, n: string, row = 'A') => ({ key: `1_${x}_0`, section: 'Stalls', row, seat: n });
    expect(diffPlans(from, to)).toEqual({
      added: [ref(40, '5')],
      removed: [],
      moved: [{ from: ref(20, '3'), to: ref(25, '3') }],
      changed: [
        { seat: ref(10, '2'), fields: ['tg', 'premium'] },
        { seat: ref(30, '4b', 'B'), fields: ['ai', 'sofa', 'row', 'seat'] },
      ],
    });
    expect(diffPlans(to, from).removed).toEqual([ref(40, '5')]);
  });

  it('finds nothing between a plan and itself', () => {
    const p = plan(seat(0, '1'), seat(10, '2'));
    expect(diffPlans(p, structuredClone(p))).toEqual({ added: [], removed: [], moved: [], changed: [] });
  });
});
