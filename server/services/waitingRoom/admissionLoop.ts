import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { runPeriodically } from '../periodic.ts';
import { ROUND_MS, runRound } from './admission.ts';
import { LatencySample } from './latency.ts';
import { waitingRoomKey } from './pass.ts';
import { WaitingRooms } from './rooms.ts';

/** How old the waiting rooms a process answers from may be (a staff change reaches every process so fast). */
const WAITING_ROOMS_REFRESH_MS = 1_000;

/** What the box office's processes keep of the waiting rooms (app.deps). */
export function waitingRoomDeps(db: Kysely<Database>, clock: Clock, authSecret: Buffer) {
  return {
    waitingRooms: new WaitingRooms(db, () => clock.now(), WAITING_ROOMS_REFRESH_MS),
    waitingRoomKey: waitingRoomKey(authSecret),
    admittedLatency: new LatencySample(),
  };
}

export interface AdmissionDeps {
  db: Kysely<Database>;
  rooms: WaitingRooms;
  latency: LatencySample;
  now: () => number;
}

/** One admission round for every room not switched off; answers whether this process ran any. */
export async function admissionRounds(deps: AdmissionDeps): Promise<boolean> {
  const rooms = await deps.rooms.all();
  if (rooms.length === 0) return false;
  const latencyMs = deps.latency.takeP95();
  let ran = false;
  for (const room of rooms) ran = (await runRound(deps.db, room.id, { now: deps.now(), latencyMs })) || ran;
  // This process answers its waiting visitors from the room as it now stands.
  if (ran) deps.rooms.invalidate();
  return ran;
}

/** Every process runs the rounds; each room's round is claimed by one of them (admission.ts). */
export function startAdmission(app: FastifyInstance): { stop(): void } {
  const { db, waitingRooms, admittedLatency, clock } = app.deps;
  const deps = { db: db.kysely, rooms: waitingRooms, latency: admittedLatency, now: () => clock.now() };
  return runPeriodically(
    'waiting room admission',
    ROUND_MS,
    async () => void (await admissionRounds(deps)),
    app.log,
  );
}
