import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { STAFF_COOKIE } from '../routes/staff.ts';
import { staffOfSession } from '../services/staff/auth.ts';
import { requireVisitor } from '../services/visitors/visitor.ts';
import { PASS_COOKIE, passExpiry } from '../services/waitingRoom/pass.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The waiting room's check of a seat lock or a checkout (issue 40): for each presentation behind a
     * room in force, the visitor must carry the room's admission pass, already hold seats of the room
     * (they were buying before the queue came on, or their pass ran out while they pay), or be staff at
     * the counter; otherwise queue_required with the presentation. Costs a map lookup when no room is in
     * force.
     */
    assertAdmitted(request: FastifyRequest, presentationIds: readonly number[]): Promise<void>;
  }
  interface FastifyRequest {
    /** The call was let through on an admission pass: its latency feeds the rooms' latency target. */
    admittedBuyer: boolean;
  }
}

export async function waitingRoomGate(app: FastifyInstance): Promise<void> {
  const { waitingRooms, waitingRoomKey, clock, db } = app.deps;
  app.decorateRequest('admittedBuyer', false);
  app.decorate('assertAdmitted', async (request: FastifyRequest, presentationIds: readonly number[]) => {
    const checked = new Set<string>();
    for (const id of new Set(presentationIds)) {
      const room = await waitingRooms.forPresentation(id);
      if (!room || room.active !== 1 || checked.has(room.id)) continue;
      checked.add(room.id);
      const visitor = requireVisitor(request);
      const now = clock.now();
      if (passExpiry(waitingRoomKey, room.id, visitor, request.cookies[`${PASS_COOKIE}${room.id}`], now)) {
        request.admittedBuyer = true;
        continue;
      }
      const holds = await db.kysely
        .selectFrom('seat_holds')
        .select('presentation_id')
        .where('visitor', '=', visitor)
        .where('presentation_id', 'in', room.presentationIds)
        .where('expires_at', '>', now)
        .where('state', '=', 'held')
        .limit(1)
        .executeTakeFirst();
      if (holds) continue;
      const staffCookie = request.cookies[STAFF_COOKIE];
      if (staffCookie && (await staffOfSession(db.kysely, staffCookie, now))) continue;
      throw new AppError('queue_required', 'this sale has a waiting room: take a place in it first', {
        presentationId: id,
      });
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.admittedBuyer) app.deps.admittedLatency.record(reply.elapsedTime);
  });
}
// Without fastify-plugin's symbol the decorations would stay inside their own context.
(waitingRoomGate as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
