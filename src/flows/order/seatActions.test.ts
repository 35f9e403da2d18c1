import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../api/client.ts';
import {
  autoSelectText,
  confirmationsOf,
  freePlaces,
  ruleText,
  settleUnsure,
  sortUnlocks,
  swapFromKey,
} from './seatActions.ts';

const seat = (key: string) => ({ key });
const ok = (): PromiseSettledResult<unknown> => ({ status: 'fulfilled', value: {} });
const no = (reason: unknown): PromiseSettledResult<unknown> => ({ status: 'rejected', reason });

describe('the texts of seat refusals', () => {
  it('says a seat rule in its own words, with its parameters', () => {
    expect(ruleText({ code: 'max_seats_error', params: { maxSeats: 10 } })).toEqual({
      key: 'seatmap.rules.max_seats_error',
      params: { maxSeats: 10 },
    });
  });

  it('turns the worker’s NOT_ENOUGH_SEATS into the catalogue code of the section or of the whole plan', () => {
    const r = { code: 'NOT_ENOUGH_SEATS', params: { available: 1 } };
    expect(autoSelectText(r, true).key).toBe('errors.section_not_enough_seats');
    expect(autoSelectText(r, false).key).toBe('errors.res_not_enough_seats');
    expect(autoSelectText({ code: 'single_seat_error', params: { row: '3', seat: '4' } }, true)).toEqual({
      key: 'seatmap.rules.single_seat_error',
      params: { row: '3', seat: '4' },
    });
    expect(autoSelectText({ code: 'NO_ACCESSIBLE_BLOCK' }, false, 3)).toEqual({
      key: 'order.noAccessibleBlock',
      params: { seats: 3 },
    });
  });
});

describe('sortUnlocks', () => {
  it('keeps a seat whose unlock failed on the way (network, 5xx) and leaves a refused one to the status map', () => {
    const seats = ['1_1_1', '1_2_1', '1_3_1', '1_4_1'].map(seat);
    const sorted = sortUnlocks(seats, [
      ok(),
      no(new ApiCallError('fetch_data_error', 503, 'Service Unavailable')),
      no(new ApiCallError('unlock_seat_error', 409, 'this seat is not held by you')),
      no(new TypeError('Failed to fetch')),
    ]);
    expect(sorted).toEqual({
      released: [seats[0]],
      unsure: [seats[2]],
      failed: [seats[1], seats[3]],
    });
  });

  it('puts every seat in exactly one list, in order', () => {
    const outcome = fc.constantFrom<() => PromiseSettledResult<unknown>>(
      ok,
      () => no(new ApiCallError('unlock_seat_error', 409, '')),
      () => no(new ApiCallError('fetch_data_error', 500, '')),
    );
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 12 }), (outcomes) => {
        const seats = outcomes.map((_, i) => seat(`1_${i}_1`));
        const { released, unsure, failed } = sortUnlocks(
          seats,
          outcomes.map((o) => o()),
        );
        const all = [...released, ...unsure, ...failed];
        expect(all).toHaveLength(seats.length);
        expect(new Set(all).size).toBe(seats.length);
        for (const list of [released, unsure, failed])
          expect(list).toEqual([...list].sort((a, b) => seats.indexOf(a) - seats.indexOf(b)));
      }),
    );
  });
});

describe('settleUnsure', () => {
  it('drops from the order the seats the status map no longer lists as held by the visitor', () => {
    const unsure = ['1_1_1', '1_2_1'].map(seat);
    expect(settleUnsure(unsure, ['1_2_1', '1_9_9'])).toEqual({ lost: [unsure[0]], kept: [unsure[1]] });
  });

  it('keeps every seat when the status map could not be read', () => {
    const unsure = ['1_1_1'].map(seat);
    expect(settleUnsure(unsure, null)).toEqual({ lost: [], kept: unsure });
  });
});

describe('freePlaces', () => {
  it('counts the free places of one area at one price level', () => {
    const seats = { '1_1_1': '41,1', '1_2_1': '41,1', '1_3_1': '42,1', '11_1_1': '41,1', '2_1_1': '41,1' };
    expect(freePlaces(seats, 1, 41)).toBe(2);
    expect(freePlaces(seats, 11, 41)).toBe(1);
    expect(freePlaces(seats, 3, 41)).toBe(0);
  });

  it('counts each free seat in exactly one area and level', () => {
    const entry = fc.tuple(
      fc.integer({ min: 1, max: 30 }),
      fc.integer({ min: 0, max: 99 }),
      fc.constantFrom(1, 2),
    );
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: ([s, x]) => `${s}_${x}` }), (entries) => {
        const seats = Object.fromEntries(entries.map(([s, x, tg]) => [`${s}_${x}_0`, `${tg},1`]));
        let total = 0;
        for (let s = 1; s <= 30; s++) for (const tg of [1, 2]) total += freePlaces(seats, s, tg);
        expect(total).toBe(entries.length);
      }),
    );
  });
});

describe('swapFromKey', () => {
  it('gives up the seat chosen last', () => {
    expect(swapFromKey(['1_1_1', '1_2_1'].map(seat))).toBe('1_2_1');
    expect(swapFromKey([])).toBeNull();
  });
});

describe('confirmationsOf', () => {
  it('asks once for each kind of seat that needs a yes', () => {
    const seat = (handicap: boolean, limitedView: boolean) => ({ handicap, limitedView });
    expect(confirmationsOf([seat(false, false), null])).toEqual([]);
    expect(confirmationsOf([seat(false, true), seat(true, false), seat(false, true)])).toEqual([
      'handicap',
      'limitedView',
    ]);
  });
});
