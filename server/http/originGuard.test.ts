import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { errorOf, loginByEmail } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';

const [DANA] = DEMO_CUSTOMERS;
const SHOP = 'http://localhost:3000'; // the test apps' PUBLIC_URL
const SISTER = 'https://blog.venue.example'; // ALLOWED_ORIGINS in these tests
const EVIL = 'http://localhost:8080'; // another port of the same site: SameSite=Strict cookies still go there

interface Call {
  url: string;
  cookie: string;
  origin?: string;
  fetchSite?: string;
  /** What a form on another page sends: `text/plain` with no script and no preflight. */
  body?: { type: string; payload: string } | 'json';
}

function call(app: FastifyInstance, c: Call) {
  const headers: Record<string, string> = { cookie: c.cookie };
  if (c.origin) headers.origin = c.origin;
  if (c.fetchSite) headers['sec-fetch-site'] = c.fetchSite;
  const body = c.body ?? 'json';
  if (body === 'json') return app.inject({ method: 'POST', url: c.url, headers, payload: {} });
  headers['content-type'] = body.type;
  return app.inject({ method: 'POST', url: c.url, headers, payload: body.payload });
}

describe.each(dialects)('cookie-session calls from other origins on %s', (dialect) => {
  let t: TestApp;
  let dana: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ALLOWED_ORIGINS: SISTER } });
    dana = `customer_session=${await loginByEmail(t.app, DANA)}`;
  });
  afterAll(async () => t?.close());

  const cancellable = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/customer-area/reservations',
      headers: { cookie: dana },
    });
    const list = res.json() as { upcoming: { reservationIdentifier: string; canCancel: boolean }[] };
    return list.upcoming.filter((r) => r.canCancel).map((r) => r.reservationIdentifier);
  };

  it("refuses a customer's order cancellation posted from another origin, and changes nothing", async () => {
    const before = await cancellable();
    const id = before[0]!;
    const url = `/api/reservations/${id}/cancel`;
    const form = { type: 'text/plain', payload: '' };
    // An auto-submitting form on another port of the same site, with and without Origin.
    for (const attempt of [
      { origin: EVIL, body: form },
      { origin: EVIL },
      { origin: 'null', body: form },
      { fetchSite: 'same-site', body: form },
      { fetchSite: 'cross-site', body: form },
    ])
      expect(errorOf(await call(t.app, { url, cookie: dana, ...attempt }))).toEqual({
        status: 403,
        code: 'cross_origin_refused',
      });
    // From the shop's own origin, but not JSON (the form's own shapes): refused too.
    for (const body of [form, { type: 'application/x-www-form-urlencoded', payload: 'a=1' }])
      expect(errorOf(await call(t.app, { url, cookie: dana, origin: SHOP, body }))).toEqual({
        status: 415,
        code: 'json_body_required',
      });
    expect(await cancellable()).toEqual(before);

    // The shop's own page (an empty JSON body) cancels it.
    const own = await call(t.app, { url, cookie: dana, origin: SHOP, fetchSite: 'same-origin' });
    expect(own.statusCode, own.body).toBe(200);
    expect(await cancellable()).not.toContain(id);
  });

  it('keeps a session that another origin tries to log out; the shop, its own host and ALLOWED_ORIGINS may', async () => {
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/customer-area/reservations', headers: { cookie: dana } });
    const logout = (origin: string) => call(t.app, { url: '/api/customer/logout', cookie: dana, origin });
    expect(errorOf(await logout(EVIL))).toEqual({ status: 403, code: 'cross_origin_refused' });
    expect((await me()).statusCode).toBe(200);
    // The origin of the host the request was sent to (app.inject sends Host: localhost:80).
    for (const origin of [SISTER, 'http://localhost', SHOP]) {
      const res = await logout(origin);
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(200);
    }
    dana = `customer_session=${await loginByEmail(t.app, DANA)}`;
  });

  it("refuses a staff call from another origin (the staff's cookie)", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username: 'manager', password: 'manager-demo-2026' },
    });
    const cookie = `staff_session=${login.cookies.find((c) => c.name === 'staff_session')!.value}`;
    const me = () => t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } });
    const refused = await call(t.app, { url: '/api/staff/logout', cookie, origin: EVIL });
    expect(errorOf(refused)).toEqual({ status: 403, code: 'cross_origin_refused' });
    expect((await me()).statusCode).toBe(200);
    expect((await call(t.app, { url: '/api/staff/logout', cookie, origin: SHOP })).statusCode).toBe(204);
    expect((await me()).statusCode).toBe(401);
  });

  it('leaves calls without a session cookie alone (no one to act for)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer/login',
      headers: { origin: EVIL },
      payload: { email: DANA!.email, password: 'wrong-password' },
    });
    expect(res.json()).not.toMatchObject({ code: 'cross_origin_refused' });
  });
});
