import type { FastifyPluginAsync } from 'fastify';
import { adminAuditRoutes } from './audit.ts';
import { adminCounterRoutes } from './counter.ts';
import { adminCounterShiftRoutes } from './counterShifts.ts';
import { adminDoorRoutes } from './door.ts';
import { adminProgrammeRoutes } from './programme.ts';
import { adminPriceRoutes } from './prices.ts';
import { adminOrderChangeRoutes } from './orderChanges.ts';
import { adminSeatplanRoutes } from './seatplans.ts';
import { adminVenueRoutes } from './venues.ts';
import { adminStaffUserRoutes } from './staffUsers.ts';
import { adminTokenRoutes } from './tokens.ts';
import { adminOrderRoutes } from './orders.ts';
import { adminWaitingRoomRoutes } from './waitingRooms.ts';

/**
 * The admin API under /api/admin (issue 33): the same services the staff screens use, for the venue's
 * own systems too (API tokens). Every call checks its caller's role (principal.ts).
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminStaffUserRoutes);
  await app.register(adminTokenRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminVenueRoutes);
  await app.register(adminSeatplanRoutes);
  await app.register(adminProgrammeRoutes);
  await app.register(adminPriceRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminOrderChangeRoutes);
  await app.register(adminCounterRoutes);
  await app.register(adminCounterShiftRoutes);
  await app.register(adminDoorRoutes);
  await app.register(adminWaitingRoomRoutes);
};
