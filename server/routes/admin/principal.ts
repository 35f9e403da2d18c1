import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../../db/staffTables.ts';
import { actorOf, assertRole, type StaffPrincipal, tokenPrincipal } from '../../services/staff/principal.ts';
import type { Actor } from '../../services/audit/log.ts';
import { staffOfSession } from '../../services/staff/auth.ts';
import { STAFF_COOKIE } from '../staff.ts';

export interface AdminCaller {
  principal: StaffPrincipal;
  actor: Actor;
}

/**
 * Who calls the admin API, checked for a role on every call: `Authorization: Bearer <token>` (the admin
 * API is the only place a token works), else the staff session cookie. A bad token is refused even when
 * a cookie comes along: a caller that sends a token means the token.
 */
export async function adminCaller(
  request: FastifyRequest,
  roles: readonly StaffRole[],
): Promise<AdminCaller> {
  const { db, clock } = request.server.deps;
  const header = request.headers.authorization;
  const principal = header
    ? await tokenPrincipal(db.kysely, header, clock.now())
    : await staffOfSession(db.kysely, request.cookies[STAFF_COOKIE], clock.now());
  const allowed = assertRole(principal, roles);
  return { principal: allowed, actor: actorOf(allowed) };
}
