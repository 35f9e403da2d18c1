import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../seed/staff.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';

/**
 * The staff login's throttle (issue 32): guessing a password stays slow from one address and from many,
 * one address guessing many accounts is slowed, and a stranger's failures never lock the real user out.
 */
describe.each(dialects)('staff login throttle on %s', (dialect) => {
  let t: TestApp;
  const [manager, clerk] = DEMO_STAFF;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());
  // Each test starts past every window of the one before (the longest is an hour).
  beforeEach(() => t.clock.advance(2 * 3_600_000));

  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { username, password }, remoteAddress });
  const codeOf = async (username: string, password: string, remoteAddress: string) => {
    const res = await login(username, password, remoteAddress);
    return res.statusCode === 200 ? 'ok' : (res.json() as { code: string }).code;
  };
  const expectThrottled = async (username: string, password: string, remoteAddress: string) => {
    const res = await login(username, password, remoteAddress);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('lets the manager in from their address while a stranger hammers the account', async () => {
    const stranger = '10.60.0.1';
    const codes = [];
    for (let i = 0; i < 40; i++) codes.push(await codeOf(manager!.username, `guess-${i}`, stranger));
    // The manager's own address is not locked out…
    expect(await codeOf(manager!.username, manager!.password, '10.60.9.1')).toBe('ok');
    // …the stranger's is slowed down after 5 failures, even with the right password.
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('LOGIN_FAILED'));
    expect(new Set(codes.slice(5))).toEqual(new Set(['too_many_attempts']));
    await expectThrottled(manager!.username, manager!.password, stranger);
  });

  it('lets the manager in while strangers spread over many addresses, and slows them down', async () => {
    for (let a = 0; a < 3; a++)
      for (let i = 0; i < 5; i++) await codeOf(manager!.username, `guess-${a}-${i}`, `10.61.0.${a}`);
    // The account has had its 10 failures: an address that failed on it is refused at once…
    expect(await codeOf(manager!.username, 'guess', '10.61.1.1')).toBe('LOGIN_FAILED');
    await expectThrottled(manager!.username, manager!.password, '10.61.1.1');
    // …one that has not gets its password checked: the manager's right one lets them in.
    expect(await codeOf(manager!.username, manager!.password, '10.61.9.1')).toBe('ok');
  });

  it('past 30 failures an hour, lets in only from an address the user logged in from lately', async () => {
    expect(await codeOf(clerk!.username, clerk!.password, '10.62.9.1')).toBe('ok');
    for (let a = 0; a < 2; a++)
      for (let i = 0; i < 5; i++) await codeOf(clerk!.username, `guess-${a}-${i}`, `10.62.0.${a}`);
    // One guess from each new address…
    for (let a = 0; a < 20; a++)
      expect(await codeOf(clerk!.username, `guess-${a}`, `10.62.1.${a}`)).toBe('LOGIN_FAILED');
    // …and the account is closed to new addresses, even with the right password.
    await expectThrottled(clerk!.username, clerk!.password, '10.62.2.1');
    expect(await codeOf(clerk!.username, clerk!.password, '10.62.9.1')).toBe('ok');
  });

  it('slows down one address guessing many accounts', async () => {
    const address = '10.63.0.1';
    for (let i = 0; i < 30; i++) expect(await codeOf(`staff-${i}`, 'guess', address)).toBe('LOGIN_FAILED');
    await expectThrottled(manager!.username, manager!.password, address);
    expect(await codeOf(manager!.username, manager!.password, '10.63.9.1')).toBe('ok');
  });
});
