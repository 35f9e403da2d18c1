import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import { PresentationParamsSchema } from '../../../src/api/contract/programmeAdmin.ts';
import { AdminWaitingRoomSchema, WaitingRoomSettingsSchema } from '../../../src/api/contract/waitingRoom.ts';
import { saveWaitingRoom, waitingRoomOf } from '../../services/waitingRoom/roomsAdmin.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
const CATALOGUE = ['manager'] as const;

/** Managers and admins: a presentation's waiting room (issue 40), its settings and how it stands live. */
export const adminWaitingRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, waitingRooms } = app.deps;

  app.get(
    '/presentations/:id/waiting-room',
    {
      schema: {
        tags,
        summary: "Managers: the presentation's waiting room and how it stands (waiting, admitted, rate)",
        params: PresentationParamsSchema,
        response: { 200: AdminWaitingRoomSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return waitingRoomOf(db.kysely, request.params.id, clock.now());
    },
  );

  app.put(
    '/presentations/:id/waiting-room',
    {
      schema: {
        tags,
        summary: 'Managers: puts a waiting room in front of the presentation, changes it, or switches it off',
        params: PresentationParamsSchema,
        body: WaitingRoomSettingsSchema,
        response: { 200: AdminWaitingRoomSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      await saveWaitingRoom(db.kysely, request.params.id, request.body, actor, clock.now());
      // This process sees the change at once; the others within a refresh (a second).
      waitingRooms.invalidate();
      return waitingRoomOf(db.kysely, request.params.id, clock.now());
    },
  );
};
