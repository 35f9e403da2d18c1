import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../../src/api/contract/presentations.ts';
import { createTestApp, dialects, TEST_NOW, type TestApp } from '../../testing/harness.ts';
import {
  type FreeSeat,
  findPresentation,
  freeSeats,
  lock,
  lockBody,
  unlock,
  MODEL_VISITORS,
  MOVIE_LOCK_TTL_MS,
} from '../../testing/fixtures.ts';

const VISITORS = MODEL_VISITORS;
const TTL = MOVIE_LOCK_TTL_MS;

type Op =
  | { kind: 'lock'; v: number; s: number }
  | { kind: 'unlock'; v: number; s: number }
  | { kind: 'wait'; ms: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('lock' as const), v: fc.nat(2), s: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('unlock' as const), v: fc.nat(2), s: fc.nat(3) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: TTL }) }),
  },
);

/**
 * Model-based check of the lock rules: after any sequence of locks, unlocks and waits by several
 * visitors, the server agrees with a simple model (one holder per seat, lapsing after the lock timer
 * counted from the first lock, only the holder unlocks), and the status map lists exactly the seats
 * nobody holds.
 */
describe.each(dialects)('seat locks against a model on %s', (dialect) => {
  let t: TestApp;
  let movie: PresentationSummary;
  let seats: FreeSeat[];
  let base = TEST_NOW;
  // The model outlives each run, as the database does: lapsed rows stay until someone takes the seat.
  const model = new Map<number, { v: number; until: number }>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A show a week away, so moving the clock never closes its sale.
    movie = await findPresentation(t.app, (p) => p.category === 'movie' && p.businessDate >= '2026-12-01');
    seats = (await freeSeats(t.app, movie)).slice(0, 4);
  });
  afterAll(async () => t?.close());

  it('never lets two visitors hold one seat and always agrees with the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        // Each run starts after every earlier lock has lapsed (time only goes forward: the box office frees
        // a lapsed hold in its status snapshot for good).
        base = Math.max(base, t.clock.now()) + 2 * TTL;
        t.clock.set(base);
        const live = (s: number) => {
          const h = model.get(s);
          return h && h.until > t.clock.now() ? h : undefined;
        };
        for (const op of ops) {
          if (op.kind === 'wait') {
            t.clock.advance(op.ms);
            continue;
          }
          const seat = seats[op.s]!;
          const uuid = VISITORS[op.v]!;
          const body = lockBody(movie, seat);
          const holder = live(op.s);
          if (op.kind === 'lock') {
            const res = await lock(t.app, uuid, body);
            const expectOk = !holder || holder.v === op.v;
            expect(res.statusCode).toBe(expectOk ? 200 : 409);
            // Locking a seat one holds again never extends it: only a fresh lock starts the timer.
            if (expectOk && !holder) model.set(op.s, { v: op.v, until: t.clock.now() + TTL });
            if (expectOk) expect(Date.parse(res.json().expiresAt)).toBe(model.get(op.s)!.until);
          } else {
            const res = await unlock(t.app, uuid, body);
            // An owner may also release its own lapsed lock while nobody else took the seat.
            const owned = model.get(op.s)?.v === op.v;
            expect(res.statusCode).toBe(owned ? 200 : 409);
            if (owned) model.delete(op.s);
          }
        }
        const free = new Set((await freeSeats(t.app, movie)).map((s) => s.key));
        seats.forEach((s, i) => expect(free.has(s.key)).toBe(!live(i)));
      }),
      { numRuns: dialect === 'sqlite' ? 40 : 15 },
    );
  });
});
