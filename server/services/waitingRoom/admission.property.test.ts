import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adaptedRate, admit } from './admission.ts';
import { standing } from './queue.ts';
import type { RoomState } from './rooms.ts';

describe('the admission rounds', () => {
  it('let places in in order, never past the last place given, and never faster than the rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.array(fc.record({ arrivals: fc.nat(300), elapsedMs: fc.integer({ min: 1, max: 5000 }) }), {
          maxLength: 60,
        }),
        (rate, rounds) => {
          let room = { admitted_through: 0, next_position: 0, carry_milli: 0, measured_per_minute: 0 };
          let time = 0;
          for (const r of rounds) {
            room.next_position += r.arrivals;
            time += r.elapsedMs;
            const next = admit(room, rate, r.elapsedMs);
            expect(next.admitted_through).toBeGreaterThanOrEqual(room.admitted_through);
            expect(next.admitted_through).toBeLessThanOrEqual(room.next_position);
            expect(next.carry_milli).toBeGreaterThanOrEqual(0);
            expect(next.carry_milli).toBeLessThan(1000);
            room = { ...room, ...next };
            // Over any run, at most what the rate allows (the carried fraction makes up the rounding).
            expect(room.admitted_through).toBeLessThanOrEqual(Math.floor((rate * time) / 60_000) + 1);
          }
        },
      ),
    );
  });

  it('admit everyone waiting when the rate allows it, and measure the rate honestly', () => {
    const room = { admitted_through: 10, next_position: 1010, carry_milli: 0, measured_per_minute: 0 };
    const next = admit(room, 600, 1000);
    expect(next.admitted_through).toBe(20);
    expect(next.measured_per_minute).toBe(600);
  });

  it('adapt the rate to the latency target within a tenth and ten times what staff set', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 200 }),
        (set, latencies) => {
          let rate = set;
          for (const latency of latencies) {
            rate = adaptedRate({ rate_per_minute: rate, admit_per_minute: set, target_ms: 500 }, latency);
            expect(rate).toBeGreaterThanOrEqual(Math.max(1, Math.floor(set / 10)));
            expect(rate).toBeLessThanOrEqual(set * 10);
          }
        },
      ),
    );
  });

  it('tell a place whether it is in, and how many are ahead', () => {
    const room = { drawn: 1, admitted_through: 40, measured_per_minute: 120, opens_at: 0 } as RoomState;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (position) => {
        const s = standing(room, position, 1000, 0.5);
        if (position <= 40) expect(s.state).toBe('admitted');
        else
          expect(s).toMatchObject({
            state: 'waiting',
            ahead: position - 41,
            estimateSeconds: Math.ceil(((position - 40) * 60) / 120),
          });
      }),
    );
  });
});
