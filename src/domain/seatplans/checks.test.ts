import { describe, expect, it } from 'vitest';
import type { PlanSeat, PlanSection, Seatplan } from '../../api/contract/seatplan.ts';
import {
  arenaPlan,
  cinemaHallPlan,
  concertHallPlan,
  orchestraHallPlan,
} from '../../../server/seed/seatplans.ts';
import { checkPlan } from './checks.ts';
import { canPublish } from './problems.ts';

const LEVELS = new Set([1, 2]);

/**
 * One section per entry, 500 units apart unless `tx` says otherwise; row r at y = 12 r, its seats 10 units
 * apart along x, one letter each: 'o' a seat, 'h' wheelchair, 'c' companion, 'p' a sofa seat (one sofa
 * per row), 'H' a house seat.
 */
function plan(
  sections: { id?: number; name?: string; rotation?: number; tx?: number; rows: string[] }[],
): Seatplan {
  const S: PlanSection[] = sections.map((s, si) => {
    const id = s.id ?? si + 1;
    return {
      id,
      name: s.name ?? `S${id}`,
      G: [
        {
          id,
          ...(s.rotation !== undefined && { rotation: s.rotation }),
          tx: s.tx ?? 500 * si,
          R: s.rows.map((flags, ri) => ({
            r: String(ri + 1),
            S: [...flags].map((f, k) => {
              const seat: PlanSeat = {
                x: k * 10,
                y: ri * 12,
                r: String(ri + 1),
                n: String(k + 1),
                si: id,
                gi: id,
                vi: 1,
                sp: 1,
                tg: 1,
                ai: 1,
              };
              if (f === 'h') seat.handicap = true;
              if (f === 'c') seat.companion = true;
              if (f === 'p') seat.sofa = `sofa-${id}-${ri}`;
              if (f === 'H') seat.ai = 2;
              return seat;
            }),
          })),
        },
      ],
    };
  });
  return { venueId: 1, seatplanId: 1, name: 'Test', width: 1000, height: 1000, S };
}

const seat0 = (p: Seatplan, si: number, ri: number, k: number) => p.S[si]!.G[0]!.R[ri]!.S[k]!;
const codes = (p: Seatplan) => checkPlan(p, LEVELS).map((x) => x.code);

describe('checkPlan', () => {
  it('finds nothing wrong with the seed’s plans but their house seats', () => {
    const levels = [1, 2, 3, 4, 5];
    const ids = { venueId: 1, seatplanId: 1, name: 'x' };
    const set = new Set(levels);
    for (const p of [
      cinemaHallPlan(ids, {
        rows: 12,
        seatsPerRow: 16,
        levels: { regular: 1, premium: 2, sofa: 3 },
        variant: 'sofas',
      }),
      concertHallPlan(ids, levels),
      orchestraHallPlan(ids, levels),
      arenaPlan(ids, levels),
    ]) {
      expect(checkPlan(p, set).filter((x) => x.code !== 'house_seats')).toEqual([]);
    }
  });

  it('unknown_price_level: a tg that is none of the venue’s levels', () => {
    const p = plan([{ rows: ['oo'] }]);
    seat0(p, 0, 0, 1).tg = 9;
    expect(checkPlan(p, LEVELS)).toEqual([
      {
        severity: 'error',
        code: 'unknown_price_level',
        seat: { key: '1_10_0', section: 'S1', row: '1', seat: '2' },
        params: { priceLevel: '9' },
      },
    ]);
  });

  it('companion_without_wheelchair: neighbours by local x, not by list order', () => {
    expect(codes(plan([{ rows: ['hco', 'och', 'ocoh', 'coo'] }]))).toEqual([
      'companion_without_wheelchair',
      'companion_without_wheelchair',
    ]);
    const p = plan([{ rows: ['hco'] }]);
    // The wheelchair seat listed first but sitting at the far end of the row.
    seat0(p, 0, 0, 0).x = 30;
    expect(checkPlan(p, LEVELS).map((x) => x.seat?.key)).toEqual(['1_10_0']);
    const q = plan([{ rows: ['hoc'] }]);
    q.S[0]!.G[0]!.R[0]!.S.reverse();
    expect(codes(q)).toEqual(['companion_without_wheelchair']);
  });

  it('companion_without_wheelchair: a row that runs along y is ordered by y', () => {
    const p = plan([{ rows: ['hco'] }]);
    for (const s of p.S[0]!.G[0]!.R[0]!.S) [s.x, s.y] = [0, s.x];
    expect(codes(p)).toEqual([]);
  });

  it('sofa_single_seat and sofa_split_rows', () => {
    const p = plan([{ rows: ['pp', 'op'] }]);
    expect(checkPlan(p, LEVELS)).toEqual([
      {
        severity: 'error',
        code: 'sofa_single_seat',
        seat: { key: '1_10_12', section: 'S1', row: '2', seat: '2' },
        params: { sofa: 'sofa-1-1' },
      },
    ]);
    seat0(p, 0, 1, 1).sofa = 'sofa-1-0';
    expect(checkPlan(p, LEVELS)).toEqual([
      {
        severity: 'warning',
        code: 'sofa_split_rows',
        seat: { key: '1_0_0', section: 'S1', row: '1', seat: '1' },
        params: { sofa: 'sofa-1-0' },
      },
    ]);
  });

  it('seats_on_one_spot: seats of two sections closer than one unit, both named', () => {
    // Section 2's first seat lands on (10.5, 0), half a unit from section 1's second seat.
    const p = plan([{ rows: ['oo'] }, { rows: ['oo'], rotation: 90, tx: 10.5 }]);
    expect(checkPlan(p, LEVELS)).toEqual([
      {
        severity: 'error',
        code: 'seats_on_one_spot',
        seat: { key: '2_0_0', section: 'S2', row: '1', seat: '1' },
        params: { otherKey: '1_10_0', otherSection: 'S1', otherRow: '1', otherSeat: '2' },
      },
    ]);
    expect(codes(plan([{ rows: ['oo'] }, { rows: ['oo'], tx: 11 }]))).toEqual([]);
    expect(codes(plan([{ rows: ['oo'] }, { rows: ['oo'], tx: 10.999 }]))).toEqual(['seats_on_one_spot']);
    // Exactly on a cell border of the spot index, and far out where its cell numbers wrap around.
    expect(
      codes(
        plan([
          { rows: ['oo'], tx: 8 * 1000 - 0.5 },
          { rows: ['o'], tx: 8 * 1000 + 9.7 },
        ]),
      ),
    ).toEqual(['seats_on_one_spot']);
    expect(codes(plan([{ rows: ['o'] }, { rows: ['o'], tx: 8 * 32_768 }]))).toEqual([]);
  });

  it('duplicate_seat_name: two seats of one section and row with one name', () => {
    const p = plan([{ rows: ['ooo'] }]);
    seat0(p, 0, 0, 2).n = '1';
    expect(checkPlan(p, LEVELS)).toEqual([
      {
        severity: 'error',
        code: 'duplicate_seat_name',
        seat: { key: '1_20_0', section: 'S1', row: '1', seat: '1' },
        params: { otherKey: '1_0_0', otherSection: 'S1', otherRow: '1', otherSeat: '1' },
      },
    ]);
    // The same name in another row or section is fine.
    expect(codes(plan([{ rows: ['o', 'o'] }, { rows: ['o'] }]))).toEqual([]);
  });

  it('section_name_missing: only for sections named in some locale', () => {
    const p = plan([{ rows: ['o'] }, { rows: ['o'] }]);
    p.S[0]!.names = { he: 'אולם', en: 'Hall', ru: 'Зал', ar: '' };
    expect(checkPlan(p, LEVELS).map((x) => [x.code, x.severity, x.params])).toEqual([
      ['section_name_missing', 'warning', { locale: 'ar', sectionId: 1, section: 'S1' }],
      ['section_name_missing', 'warning', { locale: 'pl', sectionId: 1, section: 'S1' }],
    ]);
  });

  it('row_name_empty and seat_name_empty', () => {
    const p = plan([{ rows: ['oo'] }]);
    const row = p.S[0]!.G[0]!.R[0]!;
    row.r = ' ';
    for (const s of row.S) s.r = ' ';
    seat0(p, 0, 0, 1).n = '';
    expect(checkPlan(p, LEVELS).map((x) => [x.code, x.seat?.key])).toEqual([
      ['row_name_empty', '1_0_0'],
      ['seat_name_empty', '1_10_0'],
    ]);
  });

  it('house_seats: counted once per plan', () => {
    expect(checkPlan(plan([{ rows: ['HoH'] }, { rows: ['H'] }]), LEVELS)).toEqual([
      { severity: 'warning', code: 'house_seats', params: { count: 3 } },
    ]);
  });

  it('lists errors before warnings; warnings alone let a plan be published', () => {
    const p = plan([{ rows: ['Hc'] }]);
    const problems = checkPlan(p, LEVELS);
    expect(problems.map((x) => x.severity)).toEqual(['error', 'warning']);
    expect(canPublish(problems)).toBe(false);
    expect(canPublish(problems.slice(1))).toBe(true);
  });
});
