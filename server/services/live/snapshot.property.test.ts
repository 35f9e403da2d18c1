import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../../src/api/contract/presentations.ts';
import { SeatsStatusAnswerSchema } from '../../../src/api/contract/seats.ts';
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
import { createPeerApp, createTestApp, dialects, TEST_NOW, type TestApp } from '../../testing/harness.ts';
import { seatsStatus } from '../seating/seats.ts';

const VISITORS = MODEL_VISITORS;
const TTL = MOVIE_LOCK_TTL_MS;

type Op =
  | { kind: 'lock' | 'unlock'; v: number; s: number; on: number }
  | { kind: 'wait'; ms: number }
  | { kind: 'read'; on: number; v: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('lock' as const), v: fc.nat(2), s: fc.nat(5), on: fc.nat(1) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('unlock' as const), v: fc.nat(2), s: fc.nat(5), on: fc.nat(1) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: TTL }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('read' as const), on: fc.nat(1), v: fc.nat(2) }) },
);

/**
 * The status answer comes from a snapshot in memory that the change feed keeps current; the database's
 * status query is the truth. After any sequence of locks, unlocks, waits and reads by several visitors,
 * on one process or (PostgreSQL) two sharing the database, the answer of the process that wrote last
 * equals the truth at once (read your writes), and the other's within a moment (the feed's delay).
 */
describe.each(dialects)('status snapshots against the database on %s', (dialect) => {
  let t: TestApp;
  let peer: FastifyInstance | null = null;
  let movie: PresentationSummary;
  let seats: FreeSeat[];
  let base = TEST_NOW;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    if (dialect === 'postgres') peer = await createPeerApp(t);
    movie = await findPresentation(t.app, (p) => p.category === 'movie' && p.businessDate >= '2026-12-01');
    seats = (await freeSeats(t.app, movie)).slice(0, 6);
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  const apps = () => (peer ? [t.app, peer] : [t.app]);
  const url = () =>
    `/api/seats/seats-statusV2?presentationId=${movie.id}&venueTypeId=${movie.venueTypeId}&isReserved=1`;

  async function answer(app: FastifyInstance, uuid?: string) {
    const res = await app.inject({ url: url(), headers: uuid ? { uuid } : {} });
    expect(res.statusCode).toBe(200);
    return SeatsStatusAnswerSchema.parse(res.json());
  }

  async function truth(uuid?: string) {
    const q = { presentationId: movie.id, venueTypeId: movie.venueTypeId, isReserved: true };
    const r = await seatsStatus(t.db.kysely, q, uuid, t.clock.now());
    return { seats: r.seats, held: r.held.sort() };
  }

  /** The answer of `app` equals the truth now, or (another process) within a second. */
  async function agrees(app: FastifyInstance, uuid: string | undefined, wrote: boolean) {
    const deadline = Date.now() + (wrote ? 0 : 1000);
    for (;;) {
      const [got, want] = await Promise.all([answer(app, uuid), truth(uuid)]);
      const same =
        JSON.stringify(Object.entries(got.seats).sort()) ===
          JSON.stringify(Object.entries(want.seats).sort()) &&
        JSON.stringify(got.held.sort()) === JSON.stringify(want.held);
      if (same || Date.now() > deadline) {
        expect({ seats: got.seats, held: got.held.sort() }).toEqual(want);
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('answers what the database says after any sequence of seat changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 20 }), async (ops) => {
        base = Math.max(base, t.clock.now()) + 2 * TTL;
        t.clock.set(base);
        let lastWriter = 0;
        for (const op of ops) {
          if (op.kind === 'wait') {
            t.clock.advance(op.ms);
            continue;
          }
          const on = Math.min(op.on, apps().length - 1);
          const app = apps()[on]!;
          if (op.kind === 'read') {
            await agrees(app, VISITORS[op.v], on === lastWriter);
            continue;
          }
          const body = lockBody(movie, seats[op.s]!);
          const res = await (op.kind === 'lock' ? lock : unlock)(app, VISITORS[op.v]!, body);
          expect([200, 409]).toContain(res.statusCode);
          lastWriter = on;
        }
        for (const [i, app] of apps().entries()) await agrees(app, undefined, i === lastWriter);
      }),
      { numRuns: dialect === 'sqlite' ? 30 : 12 },
    );
  });
});
