import type { FastifyInstance } from 'fastify';
import { DEMO_STAFF } from '../seed/staff.ts';
import type { StaffRole } from '../db/staffTables.ts';

/** A staff login as the shop's staff page makes it; answers the cookie header to send (throws if refused). */
export async function staffCookie(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: { username, password },
    remoteAddress,
  });
  const value = /staff_session=([^;]+)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1];
  if (res.statusCode !== 200 || !value)
    throw new Error(`staff login ${username}: ${res.statusCode} ${res.body}`);
  return `staff_session=${value}`;
}

/** The cookie of the demo staff user with this role. */
export function demoStaffCookie(app: FastifyInstance, role: StaffRole): Promise<string> {
  const who = DEMO_STAFF.find((s) => s.role === role);
  if (!who) throw new Error(`no demo staff user with role ${role}`);
  return staffCookie(app, who.username, who.password);
}

/** Calls the admin API as a staff user (a cookie) or a token (`Bearer …`). */
export function asStaff(app: FastifyInstance, auth: string) {
  const headers = auth.startsWith('Bearer ') ? { authorization: auth } : { cookie: auth };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers,
      ...(method === 'GET' ? {} : { payload: (payload ?? {}) as Record<string, unknown> }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload),
    patch: (url: string, payload?: unknown) => call('PATCH', url, payload),
    put: (url: string, payload?: unknown) => call('PUT', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}
