import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { DEMO_STAFF } from '../seed/staff.ts';
import { loginByEmail } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';

/** The staff area's own login and its guards, and a manager's view of the order messages. */
describe.each(dialects)('staff on %s', (dialect) => {
  let t: TestApp;
  const [manager, clerk] = DEMO_STAFF;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  async function login(username: string, password: string, remoteAddress = '127.0.0.1') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username, password },
      remoteAddress,
    });
    const cookie = /staff_session=([^;]+)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1];
    return { res, cookie: cookie ? `staff_session=${cookie}` : undefined };
  }
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

  it('logs a staff user in with an HttpOnly, SameSite=Strict cookie, and out again', async () => {
    const { res, cookie } = await login(manager!.username, manager!.password);
    expect(res.json()).toEqual({
      username: 'manager',
      displayName: 'Maya Manager',
      role: 'manager',
      mustChangePassword: false,
    });
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(res.headers['set-cookie'])).toMatch(/SameSite=Strict/);
    expect((await get('/api/staff/me', cookie)).json()).toMatchObject({ role: 'manager' });
    await t.app.inject({
      method: 'POST',
      payload: {},
      url: '/api/staff/logout',
      headers: { cookie: cookie! },
    });
    expect((await get('/api/staff/me', cookie)).json()).toMatchObject({
      statusCode: 401,
      code: 'staff_not_logged_in',
    });
  });

  it('keeps customers and the wrong role out of the managers’ pages', async () => {
    expect((await get('/api/staff/messages')).json()).toMatchObject({
      statusCode: 401,
      code: 'staff_not_logged_in',
    });
    const dana = await loginByEmail(t.app, DEMO_CUSTOMERS[0]);
    const asCustomer = await get('/api/staff/messages', `customer_session=${dana}`);
    expect(asCustomer.json()).toMatchObject({ statusCode: 401, code: 'staff_not_logged_in' });
    const { cookie } = await login(manager!.username, manager!.password, '10.0.0.2');
    const stolen = await get('/api/staff/messages', cookie?.replace(/=.*/, '=not-a-session'));
    expect(stolen.statusCode).toBe(401);
    const clerkLogin = await login(clerk!.username, clerk!.password, '10.0.0.3');
    expect((await get('/api/staff/me', clerkLogin.cookie)).json()).toMatchObject({ role: 'box_office' });
    expect((await get('/api/staff/messages', clerkLogin.cookie)).json()).toMatchObject({
      statusCode: 403,
      code: 'staff_forbidden',
    });
  });

  it('shows a manager the messages given up, and sends one again', async () => {
    const now = t.clock.now();
    await t.db.kysely
      .insertInto('order_messages')
      .values({
        id: 'failedmessage01',
        reservation_identifier: 'NOSUCHORDER',
        kind: 'confirmation',
        channel: 'email',
        to_address: 'lost@example.com',
        status: 'failed',
        attempts: 8,
        next_attempt_at: now,
        last_error: '550 mailbox unavailable',
        created_at: now,
      })
      .execute();
    const { cookie } = await login(manager!.username, manager!.password, '10.0.0.4');
    const failed = (await get('/api/staff/messages?status=failed', cookie)).json() as {
      messages: { id: string }[];
    };
    expect(failed.messages).toEqual([
      expect.objectContaining({ id: 'failedmessage01', lastError: '550 mailbox unavailable', attempts: 8 }),
    ]);
    const retry = await t.app.inject({
      method: 'POST',
      payload: {},
      url: '/api/staff/messages/failedmessage01/retry',
      headers: { cookie: cookie! },
    });
    expect(retry.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'POST',
      payload: {},
      url: '/api/staff/messages/failedmessage01/retry',
      headers: { cookie: cookie! },
    });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'message_not_failed' });
    expect((await get('/api/staff/messages?status=queued', cookie)).json()).toMatchObject({
      messages: [expect.objectContaining({ id: 'failedmessage01', attempts: 0 })],
    });
  });
  // Last: it uses up the clerk's tries.
  it('refuses a wrong password as an unknown user, and stops guessing after 10 tries', async () => {
    const address = '10.9.8.7';
    expect((await login(manager!.username, 'wrong', address)).res.json()).toMatchObject({
      code: 'LOGIN_FAILED',
    });
    expect((await login('nobody', 'wrong', address)).res.json()).toMatchObject({ code: 'LOGIN_FAILED' });
    for (let i = 0; i < 10; i++) await login(clerk!.username, 'wrong', address);
    const blocked = await login(clerk!.username, clerk!.password, address);
    expect(blocked.res.statusCode).toBe(429);
    expect(blocked.res.json()).toMatchObject({ code: 'too_many_attempts' });
  });
});
