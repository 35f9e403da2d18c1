import { expose, wrap } from 'comlink';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cinemaHallPlan } from '../../server/seed/seatplans.ts';
import { applySeatChanges, type SeatChanges } from './changes.ts';
import { SeatplanEngine } from './engine.ts';
import { SEAT_STATE, seatKeyOf } from './model.ts';
import { parsePlan } from './parse.ts';
import { applyStatus, buildKeyIndex } from './status.ts';

const plan = cinemaHallPlan(
  { venueId: 1, seatplanId: 1, name: 'h' },
  { rows: 8, seatsPerRow: 10, levels: { regular: 1 }, variant: 'standard' },
);
const data = parsePlan(plan).data!;
const index = buildKeyIndex(data);
const keys = Array.from({ length: data.count }, (_, i) => seatKeyOf(data, i));
const mapOf = (free: Iterable<number>) => Object.fromEntries([...free].map((i) => [keys[i]!, '1,1']));
const { taken: TAKEN, available: FREE, selected: MINE } = SEAT_STATE;

/** What the stream sends between two status maps: the keys that became free, and those that went. */
function diff(before: Record<string, string>, after: Record<string, string>): SeatChanges {
  const free: Record<string, string> = {};
  for (const k in after) if (before[k] !== after[k]) free[k] = after[k]!;
  return { free, taken: Object.keys(before).filter((k) => !(k in after)) };
}

/** A state with the customer's own seats selected, as the engine keeps it. */
function withSelected(state: Uint8Array, seats: Iterable<number>): Uint8Array {
  const out = state.slice();
  for (const i of seats) out[i] = MINE;
  return out;
}

describe('applySeatChanges', () => {
  const start = applyStatus(data, index, mapOf([0, 1, 2, 3, 4]), null).state;

  it('frees and takes the seats named, and reports only the seats that changed', () => {
    const r = applySeatChanges(
      data,
      index,
      { free: { [keys[9]!]: '1,1' }, taken: [keys[1]!, keys[7]!] },
      start,
    );
    expect(r.state[9]).toBe(FREE);
    expect(r.state[1]).toBe(TAKEN);
    expect(r.state[0]).toBe(FREE);
    // Seat 7 was taken already: not a change.
    expect(Array.from(r.changed)).toEqual([1, 9]);
    expect(r.takenRatio).toBe(Math.round(((data.count - 5) / data.count) * 1000) / 1000);
    // The previous state is left alone: the engine swaps in the new one.
    expect(start[1]).toBe(FREE);
  });

  it("keeps the customer's own seat selected when it shows as taken, and frees it when its hold lapsed", () => {
    const mine = withSelected(start, [2, 20]);
    const taken = applySeatChanges(data, index, { free: {}, taken: [keys[2]!] }, mine);
    expect(taken.state[2]).toBe(MINE);
    expect(taken.changed.length).toBe(0);
    const lapsed = applySeatChanges(data, index, { free: { [keys[20]!]: '1,1' }, taken: [] }, mine);
    expect(lapsed.state[20]).toBe(FREE);
    expect(Array.from(lapsed.changed)).toEqual([20]);
  });

  it('counts keys that match no seat and lets a key named twice end free', () => {
    const r = applySeatChanges(
      data,
      index,
      { free: { '99_1_1': '1,1', [keys[30]!]: '1,1' }, taken: ['bad', keys[30]!] },
      start,
    );
    expect(r.unknownKeys).toBe(2);
    expect(r.state[30]).toBe(FREE);
  });

  it('answers an empty diff with no change', () => {
    const r = applySeatChanges(data, index, { free: {}, taken: [] }, start);
    expect(r.changed.length).toBe(0);
    expect(Array.from(r.state)).toEqual(Array.from(start));
  });

  it('refuses a state of another plan', () => {
    expect(() => applySeatChanges(data, index, { free: {}, taken: [] }, new Uint8Array(3))).toThrow();
  });

  it('gives what the whole next map gives: M1 then changes(M1 → M2) equals M2, whatever the selection', () => {
    const seat = fc.nat(data.count - 1);
    const seats = fc.uniqueArray(seat, { maxLength: 40 });
    fc.assert(
      fc.property(
        seats,
        seats,
        seats,
        seats,
        fc.constantFrom('1,1', '2,1'),
        (held, m1, m2, chosen, value) => {
          // Seats the customer held before M1 (some lapse in M1 or M2), then seats chosen after M1: the
          // box office never lists the customer's own hold as free, so M2 leaves those out.
          const first = applyStatus(data, index, mapOf(m1), withSelected(new Uint8Array(data.count), held));
          const current = withSelected(first.state, chosen);
          const before = mapOf(m1);
          const after = Object.fromEntries(
            m2.filter((i) => !chosen.includes(i)).map((i) => [keys[i]!, i % 2 ? value : '1,1']),
          );
          const viaChanges = applySeatChanges(data, index, diff(before, after), current);
          const viaMap = applyStatus(data, index, after, current);
          expect(Array.from(viaChanges.state)).toEqual(Array.from(viaMap.state));
          expect(Array.from(viaChanges.changed)).toEqual(Array.from(viaMap.changed));
          expect(viaChanges.takenRatio).toBe(viaMap.takenRatio);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the engine applies pushed changes', () => {
  it('answers the diff through its comlink API, as applyStatus does', async () => {
    const { port1, port2 } = new MessageChannel();
    expose(new SeatplanEngine(), port1);
    const api = wrap<SeatplanEngine>(port2);
    try {
      const loaded = await api.load({ plan, status: mapOf([0, 1, 2]) }, { maxSeats: 4, seatingPolicyId: 1 });
      expect(loaded.available).toBe(3);
      await api.applySelection([1], true);
      const r = await api.applyChanges({ free: { [keys[5]!]: '1,1' }, taken: [keys[0]!, keys[1]!] });
      expect(Array.from(r.changed)).toEqual([0, 5]);
      expect(Array.from(r.states)).toEqual([TAKEN, FREE]);
      expect(r.available).toBe(2);
      expect(r.unknownKeys).toBe(0);
      expect(await api.selected()).toEqual([1]);
    } finally {
      port1.close();
      port2.close();
    }
  });
});
