import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CustomerInfoAnswerSchema,
  LocationsAnswerSchema,
  RefreshAnswerSchema,
  SmsOutboxAnswerSchema,
  type SmsOutboxAnswer,
} from '../../src/api/contract/customer.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { VENUE } from '../seed/catalogue.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import type { CaptchaVerifier } from '../services/customers/captcha.ts';
import { SmsSendError, type SmsSender } from '../services/customers/sms.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';

const [DANA, AVI] = DEMO_CUSTOMERS;
const MINUTE = 60_000;
const COOKIE = 'customer_session';
// The limits the customer-area spec sets, written out rather than read from the code under test.
const CODE_TTL_MS = 5 * MINUTE;
const CODE_MAX_WRONG = 5;
const LINK_TTL_MS = 60 * MINUTE;
const SMS_PER_NUMBER = 3;
const SMS_PER_ADDRESS = 10;
const CODE_FAILS_PER_ADDRESS = 30;

let counter = 0;
/** A mobile number no seeded customer has, different on every call. */
const freshMobile = () => `0549${String(++counter).padStart(6, '0')}`;
/** A client address no other test uses, so the per-address limits start empty. */
const freshIp = () => {
  const n = ++counter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

const codeIn = (text: string) => /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1] ?? null;
const linkIn = (text: string) => /(\S+\/customer-area\/login\/([A-Za-z0-9_-]+)\?language=(\w+))/.exec(text);
/** A 6-digit code that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === COOKIE);
  if (!cookie) throw new Error('no session cookie was set');
  return cookie.value;
}

describe.each(dialects)('customer login on %s', (dialect) => {
  let t: TestApp;
  let ip: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());
  // The clock only moves forward here: every test starts in a fresh 15-minute rate-limit window (the
  // demo numbers may receive 3 SMS per window), from an address of its own.
  beforeEach(() => {
    t.clock.advance(16 * MINUTE);
    ip = freshIp();
  });

  function post(url: string, payload: object = {}, opts: { cookie?: string; from?: string } = {}) {
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: opts.from ?? ip,
      headers: opts.cookie ? { cookie: `${COOKIE}=${opts.cookie}` } : {},
    });
  }

  function requestCode(
    mobileNumber: string,
    opts: { regardless?: boolean; language?: string; from?: string } = {},
  ) {
    return post(
      `/api/customer/mobile-login${opts.language ? `?language=${opts.language}` : ''}`,
      {
        mobileNumber,
        ...(opts.regardless ? { sendSmsRegardlessOfCustomerExistence: true } : {}),
      },
      opts,
    );
  }

  function validate(mobileNumber: string, smsCode: string, extra: object = {}, cookie?: string) {
    return post(
      '/api/customer/mobile-login-validation-area',
      { mobileNumber, smsCode, ...extra },
      { cookie },
    );
  }

  async function outbox(mobileNumber: string): Promise<SmsOutboxAnswer['messages']> {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', query: { mobileNumber } });
    expect(res.statusCode).toBe(200);
    return SmsOutboxAnswerSchema.parse(res.json()).messages;
  }

  /**
   * Asks for a code a second after the last request (the test clock stands still otherwise, and two
   * SMS of one millisecond have no order), and reads it from the newest SMS to the number.
   */
  async function newCode(
    mobileNumber: string,
    opts: { regardless?: boolean; language?: string; from?: string } = {},
  ) {
    t.clock.advance(1000);
    const res = await requestCode(mobileNumber, opts);
    expect(res.statusCode, res.body).toBe(200);
    const [sms] = await outbox(mobileNumber);
    const code = sms && codeIn(sms.text);
    if (!sms || !code) throw new Error(`no code was sent to ${mobileNumber}`);
    return { code, text: sms.text };
  }

  function refresh(cookie?: string) {
    return post('/api/customer/refresh', {}, { cookie });
  }

  async function emailLogin(email: string, password: string, from?: string) {
    return post('/api/customer/login', { email, password }, { from });
  }

  function expectError(
    res: { statusCode: number; json: () => unknown; body: string },
    status: number,
    code: string,
  ) {
    expect(res.statusCode, res.body).toBe(status);
    const body = ApiErrorSchema.parse(res.json());
    expect(body).toMatchObject({ statusCode: status, code });
    return body;
  }

  describe('by SMS code', () => {
    it('sends a 6-digit code and a login link, logs in with the code and keeps the session in a strict cookie', async () => {
      const asked = await requestCode('050-123-4567', { language: 'en' });
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ data: { success: true } });

      const messages = await outbox(DANA.mobile);
      expect(messages).toHaveLength(1);
      const [sms] = messages;
      expect(sms).toMatchObject({ to: DANA.mobile, createdAt: new Date(t.clock.now()).toISOString() });
      const code = codeIn(sms!.text);
      expect(code).toMatch(/^\d{6}$/);
      const link = linkIn(sms!.text);
      expect(link?.[1]).toMatch(
        new RegExp(`^${t.config.publicUrl}/customer-area/login/[A-Za-z0-9_-]+\\?language=en$`),
      );

      const res = await validate('+972 50-1234567', code!);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const info = CustomerInfoAnswerSchema.parse(res.json()).data.customerInfo;
      expect(info).toMatchObject({
        CustomerId: 'a_demo_dana',
        FirstName: DANA.firstName,
        LastName: DANA.lastName,
        MobileNumber1: DANA.mobile,
        EmailAddress1: DANA.email,
        SSN: DANA.ssn,
      });
      // Friends (running), Hadar Club points (ended) and Hadar Club points (running, issue 16's seed).
      expect(info.members).toHaveLength(3);
      expect(info.members.map((m) => m.isExpired).sort()).toEqual([false, false, true]);
      expect(info.members.find((m) => !m.isExpired)).toMatchObject({
        isAvailable: true,
        isNotStarted: false,
      });
      expect(info.members.find((m) => m.isExpired)).toMatchObject({ isAvailable: false });

      const cookie = res.cookies.find((c) => c.name === COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(cookie!.value, 'base64url')).toHaveLength(16);

      const again = RefreshAnswerSchema.parse((await refresh(cookie!.value)).json());
      expect(again.data.customerInfo).toEqual(info);

      // A second login is a second session with a new id; the first one still works.
      const second = await validate(DANA.mobile, (await newCode(DANA.mobile)).code);
      expect(second.statusCode).toBe(200);
      const secondId = sessionCookie(second);
      expect(secondId).not.toBe(cookie!.value);
      expect((await refresh(secondId)).json().data.customerInfo.CustomerId).toBe('a_demo_dana');
      expect((await refresh(cookie!.value)).json().data.customerInfo.CustomerId).toBe('a_demo_dana');

      // Logging in again from a browser that already has a session ends that session.
      const third = await validate(DANA.mobile, (await newCode(DANA.mobile)).code, {}, secondId);
      expect(third.statusCode).toBe(200);
      expect(sessionCookie(third)).not.toBe(secondId);
      expect((await refresh(secondId)).json()).toEqual({ data: { customerInfo: null } });
    });

    it('answers the same for an unknown number and sends it nothing', async () => {
      const known = await requestCode(AVI.mobile);
      const mobile = freshMobile();
      const unknown = await requestCode(mobile);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect(unknown.json()).toEqual({ data: { success: true } });
      expect(await outbox(mobile)).toEqual([]);
      expect(await outbox(AVI.mobile)).not.toEqual([]);
      // Whatever code one tries, nobody logs in with that number.
      expectError(await validate(mobile, '000000'), 400, 'INVALID_SMS_CODE');
      expectError(await validate(mobile, '123456'), 400, 'INVALID_SMS_CODE');
    });

    it('sends a code to an unknown number when asked to send regardless, and the code makes an account', async () => {
      const mobile = freshMobile();
      const { code, text } = await newCode(mobile, { regardless: true });
      expect(linkIn(text)).toBeNull(); // no account yet: no login link
      const res = await validate(mobile, code);
      expect(res.statusCode, res.body).toBe(200);
      const info = res.json().data.customerInfo;
      expect(info).toMatchObject({ MobileNumber1: mobile, FirstName: null, members: [] });
      expect(info.CustomerId).not.toMatch(/^a_demo_/);
      const again = await refresh(sessionCookie(res));
      expect(again.json().data.customerInfo).toEqual(info);

      // Now an account: its next SMS carries a login link as well, and the same account logs in.
      const next = await newCode(mobile);
      expect(linkIn(next.text)).not.toBeNull();
      const second = await validate(mobile, next.code);
      expect(second.json().data.customerInfo.CustomerId).toBe(info.CustomerId);
    });

    it('refuses missing and malformed mobile numbers with invalid_mobileNumber', async () => {
      for (const mobileNumber of [
        '',
        '   ',
        'abc',
        '12345',
        '0301234567',
        '05012345678',
        '+1 650 555 0100',
      ]) {
        expectError(await requestCode(mobileNumber), 400, 'invalid_mobileNumber');
        expectError(await validate(mobileNumber, '123456'), 400, 'invalid_mobileNumber');
      }
      // Without the field at all the body does not match the contract.
      expectError(await post('/api/customer/mobile-login', {}), 400, 'formValidation');
      expectError(
        await post('/api/customer/mobile-login-validation-area', { smsCode: '123456' }),
        400,
        'formValidation',
      );
    });

    it('refuses a wrong code, and a right code only once', async () => {
      const { code } = await newCode(DANA.mobile);
      expectError(await validate(DANA.mobile, otherCode(code)), 400, 'INVALID_SMS_CODE');
      expectError(await validate(DANA.mobile, 'abcdef'), 400, 'INVALID_SMS_CODE');
      expectError(await validate(DANA.mobile, `${code}0`), 400, 'INVALID_SMS_CODE');
      const ok = await validate(DANA.mobile, ` ${code} `);
      expect(ok.statusCode, ok.body).toBe(200);
      const reused = await validate(DANA.mobile, code);
      expectError(reused, 400, 'INVALID_SMS_CODE');
      expect(reused.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
    });

    it('lets a code expire after 5 minutes', async () => {
      const expiring = await newCode(DANA.mobile);
      t.clock.advance(CODE_TTL_MS + 1);
      expectError(await validate(DANA.mobile, expiring.code), 400, 'INVALID_SMS_CODE');

      // One millisecond before, it still worked.
      const mobile = freshMobile();
      const fresh = await newCode(mobile, { regardless: true });
      t.clock.advance(CODE_TTL_MS - 1);
      expect((await validate(mobile, fresh.code)).statusCode).toBe(200);
    });

    it('kills a code after 5 wrong tries, even for the right code', async () => {
      const { code } = await newCode(AVI.mobile);
      for (let i = 0; i < CODE_MAX_WRONG; i++)
        expectError(await validate(AVI.mobile, otherCode(code)), 400, 'INVALID_SMS_CODE');
      expectError(await validate(AVI.mobile, code), 400, 'INVALID_SMS_CODE');

      // Four wrong tries leave it alive.
      const mobile = freshMobile();
      const fresh = await newCode(mobile, { regardless: true });
      for (let i = 0; i < CODE_MAX_WRONG - 1; i++)
        expectError(await validate(mobile, otherCode(fresh.code)), 400, 'INVALID_SMS_CODE');
      expect((await validate(mobile, fresh.code)).statusCode).toBe(200);
    });

    it('retires the previous code when a new one is asked for', async () => {
      const first = await newCode(AVI.mobile);
      const second = await newCode(AVI.mobile);
      expect(second.code).not.toBe(first.code); // one chance in a million of a spurious failure
      expectError(await validate(AVI.mobile, first.code), 400, 'INVALID_SMS_CODE');
      const ok = await validate(AVI.mobile, second.code);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.customerInfo.CustomerId).toBe('a_demo_avi');
    });

    it('writes the SMS in the language asked for', async () => {
      const { text } = await newCode(AVI.mobile, { language: 'ru' });
      expect(text).toContain('Ваш код подтверждения');
      expect(linkIn(text)?.[3]).toBe('ru');
      const hebrew = await newCode(AVI.mobile);
      expect(hebrew.text).toContain('קוד האימות שלך');
      expect(linkIn(hebrew.text)?.[3]).toBe('he');
    });
  });

  describe('rate limits', () => {
    it('sends at most 3 SMS per number in 15 minutes, then tells when to retry', async () => {
      const mobile = freshMobile();
      for (let i = 0; i < SMS_PER_NUMBER; i++) {
        expect((await requestCode(mobile, { regardless: true, from: freshIp() })).statusCode).toBe(200);
        t.clock.advance(MINUTE);
      }
      const refused = expectError(
        await requestCode(mobile, { regardless: true, from: freshIp() }),
        429,
        'too_many_attempts',
      );
      // The first SMS went 3 minutes ago: the window frees up in 12 minutes.
      expect(refused.params).toEqual({ retryAfterSeconds: 12 * 60 });
      expect(await outbox(mobile)).toHaveLength(SMS_PER_NUMBER);

      t.clock.advance((12 * 60 - 1) * 1000);
      expect(
        expectError(await requestCode(mobile, { regardless: true }), 429, 'too_many_attempts').params,
      ).toEqual({ retryAfterSeconds: 1 });
      t.clock.advance(1000);
      expect((await requestCode(mobile, { regardless: true })).statusCode).toBe(200);
      expect(await outbox(mobile)).toHaveLength(SMS_PER_NUMBER + 1);
      // Another number was never limited by this one.
      expect((await requestCode(freshMobile())).statusCode).toBe(200);
    });

    it('sends at most 10 SMS requests per client address in 15 minutes, across numbers', async () => {
      for (let i = 0; i < SMS_PER_ADDRESS; i++)
        expect((await requestCode(freshMobile())).statusCode).toBe(200);
      const refused = expectError(await requestCode(freshMobile()), 429, 'too_many_attempts');
      expect(refused.params?.retryAfterSeconds).toBe(15 * 60);
      expectError(await requestCode(DANA.mobile), 429, 'too_many_attempts');
      // Another address is not limited.
      expect((await requestCode(freshMobile(), { from: freshIp() })).statusCode).toBe(200);
      t.clock.advance(15 * MINUTE);
      expect((await requestCode(freshMobile())).statusCode).toBe(200);
    });

    it('refuses an e-mail after 10 failed logins in 15 minutes, even with the right password', async () => {
      for (let i = 0; i < 10; i++)
        expectError(await emailLogin(AVI.email, `wrong-${i}`, freshIp()), 401, 'LOGIN_FAILED');
      const refused = expectError(
        await emailLogin(AVI.email, AVI.password, freshIp()),
        429,
        'too_many_attempts',
      );
      expect(refused.params?.retryAfterSeconds).toBeGreaterThan(0);
      expectError(await emailLogin(AVI.email.toUpperCase(), AVI.password), 429, 'too_many_attempts');
      // Other e-mails are not affected.
      expect((await emailLogin(DANA.email, DANA.password)).statusCode).toBe(200);
      t.clock.advance(15 * MINUTE);
      expect((await emailLogin(AVI.email, AVI.password)).statusCode).toBe(200);
    });

    it('does not count a right password against the e-mail', async () => {
      for (let i = 0; i < 9; i++) expectError(await emailLogin(AVI.email, `wrong-${i}`), 401, 'LOGIN_FAILED');
      expect((await emailLogin(AVI.email, AVI.password)).statusCode).toBe(200);
      expectError(await emailLogin(AVI.email, 'wrong-9'), 401, 'LOGIN_FAILED');
      expectError(await emailLogin(AVI.email, AVI.password), 429, 'too_many_attempts');
    });

    it('refuses an address after 30 failed e-mail logins in 15 minutes', async () => {
      for (let i = 0; i < 30; i++)
        expectError(await emailLogin(`nobody${i}@example.com`, 'whatever'), 401, 'LOGIN_FAILED');
      expectError(await emailLogin(DANA.email, DANA.password), 429, 'too_many_attempts');
      expect((await emailLogin(DANA.email, DANA.password, freshIp())).statusCode).toBe(200);
    });

    it('refuses an address after 30 wrong codes and tokens in 15 minutes, even with a right code', async () => {
      const { code: danaCode } = await newCode(DANA.mobile, { from: freshIp() });
      const mobile = freshMobile();
      const { code } = await newCode(mobile, { regardless: true, from: freshIp() });
      for (let i = 0; i < CODE_MAX_WRONG; i++)
        expectError(await validate(mobile, otherCode(code)), 400, 'INVALID_SMS_CODE');
      for (let i = CODE_MAX_WRONG; i < CODE_FAILS_PER_ADDRESS; i++)
        expectError(
          await post('/api/customer/token-login', { token: `nonsense-${i}` }),
          400,
          'CUSTOMER_TOKEN_ERROR',
        );
      const refused = expectError(await validate(DANA.mobile, danaCode), 429, 'too_many_attempts');
      expect(refused.params?.retryAfterSeconds).toBe(15 * 60);
      expectError(await post('/api/customer/token-login', { token: 'nonsense' }), 429, 'too_many_attempts');
      // The refusal did not touch Dana's code: from another address it still logs her in.
      const ok = await post(
        '/api/customer/mobile-login-validation-area',
        { mobileNumber: DANA.mobile, smsCode: danaCode },
        { from: freshIp() },
      );
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });

  describe('concurrent requests', () => {
    it('sends no more than 3 SMS to a number however many requests arrive at once', async () => {
      const mobile = freshMobile();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => requestCode(mobile, { regardless: true, from: freshIp() })),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
      expect(await outbox(mobile)).toHaveLength(SMS_PER_NUMBER);
    });

    it('lets no more than 10 wrong passwords through at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => emailLogin(DANA.email, `guess-${i}`, freshIp())),
      );
      const failed = answers.filter((r) => r.statusCode === 401).length;
      const limited = answers.filter((r) => r.statusCode === 429).length;
      expect(failed + limited).toBe(16);
      expect(failed).toBe(10);
      expectError(await emailLogin(DANA.email, DANA.password), 429, 'too_many_attempts');
    });

    it('counts every one of many wrong codes sent at once', async () => {
      const mobile = freshMobile();
      const { code } = await newCode(mobile, { regardless: true });
      const answers = await Promise.all(Array.from({ length: 12 }, () => validate(mobile, otherCode(code))));
      for (const res of answers) expectError(res, 400, 'INVALID_SMS_CODE');
      expectError(await validate(mobile, code), 400, 'INVALID_SMS_CODE');
    });

    it('logs in once with a link used twice at once, and once with a code used twice at once', async () => {
      const { code, text } = await newCode(AVI.mobile);
      const token = linkIn(text)![2]!;
      const byToken = await Promise.all([1, 2, 3].map(() => post('/api/customer/token-login', { token })));
      expect(byToken.map((r) => r.statusCode).sort()).toEqual([200, 410, 410]);
      const byCode = await Promise.all([1, 2, 3].map(() => validate(AVI.mobile, code)));
      expect(byCode.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    });
  });

  describe('by e-mail and password', () => {
    it('logs in with the right password', async () => {
      const res = await emailLogin(' Dana@Example.COM ', DANA.password);
      expect(res.statusCode, res.body).toBe(200);
      expect(CustomerInfoAnswerSchema.parse(res.json()).data.customerInfo).toMatchObject({
        CustomerId: 'a_demo_dana',
        EmailAddress1: DANA.email,
      });
      const cookie = res.cookies.find((c) => c.name === COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      expect((await refresh(cookie!.value)).json().data.customerInfo.CustomerId).toBe('a_demo_dana');
    });

    it('answers a wrong password and an unknown e-mail alike', async () => {
      const wrong = await emailLogin(DANA.email, 'not-her-password');
      const unknown = await emailLogin('nobody@example.com', DANA.password);
      const malformed = await emailLogin('not-an-email', DANA.password);
      const empty = await emailLogin(DANA.email, '');
      for (const res of [wrong, unknown, malformed, empty]) {
        expectError(res, 401, 'LOGIN_FAILED');
        const { requestId: _mine, ...same } = res.json() as Record<string, unknown>;
        const { requestId: _theirs, ...expected } = wrong.json() as Record<string, unknown>;
        expect(same).toEqual(expected);
        expect(res.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
      }
      // A NUL character is refused before any lookup, as everywhere in the API.
      expectError(await emailLogin('dana\u0000@example.com', DANA.password), 400, 'formValidation');
      // Another customer's password is no key either.
      expectError(await emailLogin(DANA.email, AVI.password), 401, 'LOGIN_FAILED');
    });
  });

  describe('by login link', () => {
    it('logs in once with the token from the SMS, then says when it was used', async () => {
      const { text } = await newCode(DANA.mobile, { language: 'en' });
      const token = linkIn(text)?.[2];
      expect(token).toBeTruthy();
      const res = await post('/api/customer/token-login', { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.customerInfo.CustomerId).toBe('a_demo_dana');
      expect((await refresh(sessionCookie(res))).json().data.customerInfo.CustomerId).toBe('a_demo_dana');
      const usedAt = new Date(t.clock.now()).toISOString();

      t.clock.advance(MINUTE);
      const reused = expectError(
        await post('/api/customer/token-login', { token }),
        410,
        'CUSTOMER_TOKEN_REDEEMED',
      );
      expect(reused.params).toEqual({ date: usedAt });
      expect(reused.message).toContain(usedAt);
    });

    it('lets a link expire after an hour', async () => {
      const { text } = await newCode(AVI.mobile);
      const token = linkIn(text)?.[2];
      const expiresAt = new Date(t.clock.now() + LINK_TTL_MS).toISOString();
      t.clock.advance(61 * MINUTE);
      const res = expectError(
        await post('/api/customer/token-login', { token }),
        410,
        'CUSTOMER_TOKEN_EXPIRED',
      );
      expect(res.params).toEqual({ date: expiresAt });
    });

    it('refuses a token it never issued', async () => {
      for (const token of ['garbage', 'A'.repeat(32), '../../etc/passwd'])
        expectError(await post('/api/customer/token-login', { token }), 400, 'CUSTOMER_TOKEN_ERROR');
      expectError(await post('/api/customer/token-login', { token: '' }), 400, 'formValidation');
    });
  });

  describe('sessions', () => {
    for (const path of ['/api/customer/logout', '/api/customer-area/logout']) {
      it(`ends the session on ${path}`, async () => {
        const login = await emailLogin(AVI.email, AVI.password);
        const cookie = sessionCookie(login);
        const area = () =>
          t.app.inject({
            method: 'GET',
            url: '/api/customer-area/reservations',
            headers: { cookie: `${COOKIE}=${cookie}` },
          });
        expect((await area()).statusCode).toBe(200);

        const out = await post(path, {}, { cookie });
        expect(out.statusCode).toBe(200);
        expect(out.json()).toEqual({ data: { success: true } });
        const cleared = out.cookies.find((c) => c.name === COOKIE);
        expect(cleared?.value).toBe('');

        expect((await refresh(cookie)).json()).toEqual({ data: { customerInfo: null } });
        expectError(await area(), 401, 'not_logged_in');
        // Logging out without a session is harmless.
        expect((await post(path)).statusCode).toBe(200);
      });
    }

    it('answers refresh without a session, or with an unknown one, with no customer', async () => {
      expect((await refresh()).json()).toEqual({ data: { customerInfo: null } });
      expect((await refresh('AAAAAAAAAAAAAAAAAAAAAA')).json()).toEqual({ data: { customerInfo: null } });
      expect((await refresh('x'.repeat(500))).json()).toEqual({ data: { customerInfo: null } });
    });

    it('lets an unused session lapse after its lifetime', async () => {
      const cookie = sessionCookie(await emailLogin(DANA.email, DANA.password));
      t.clock.advance(t.config.customerSessionMinutes * MINUTE + 1);
      expect((await refresh(cookie)).json()).toEqual({ data: { customerInfo: null } });
    });
  });

  it('lists the venues as locations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customer/locations' });
    expect(res.statusCode).toBe(200);
    const { locations } = LocationsAnswerSchema.parse(res.json());
    const venues = await t.db.kysely.selectFrom('venues').select('id').orderBy('id').execute();
    expect(locations.map((l) => l.id)).toEqual(venues.map((v) => v.id));
    expect(locations.map((l) => l.id)).toEqual(expect.arrayContaining(Object.values(VENUE)));
    for (const l of locations) expect(l.name.he).toBeTruthy();
  });

  it('keeps no code, token or session id in plain text', async () => {
    const { code, text } = await newCode(DANA.mobile);
    const token = linkIn(text)![2]!;
    const byCode = sessionCookie(await validate(DANA.mobile, code));
    const byToken = sessionCookie(await post('/api/customer/token-login', { token }));
    const byEmail = sessionCookie(await emailLogin(DANA.email, DANA.password));
    const tables = ['sms_codes', 'customer_sessions', 'login_tokens'] as const;
    let rows = 0;
    for (const table of tables) {
      const all = await t.db.kysely.selectFrom(table).selectAll().execute();
      expect(all.length, table).toBeGreaterThan(0);
      rows += all.length;
      for (const row of all) {
        for (const value of Object.values(row)) {
          const stored = String(value);
          // The code as a whole value or word (not a run of digits inside a timestamp); the long
          // random secrets anywhere.
          expect(new RegExp(`(^|\\D)${code}(\\D|$)`).test(stored), `${table} keeps the code`).toBe(false);
          for (const secret of [token, byCode, byToken, byEmail])
            expect(stored.includes(secret), `${table} keeps a secret in plain text`).toBe(false);
        }
      }
    }
    expect(rows).toBeGreaterThanOrEqual(4);
  });
});

describe.each(dialects)('customer login with venue settings and gateways on %s', (dialect) => {
  /** Dana's and Avi's first seeded reservations, for the reservation-number field. */
  const reservationOf = async (t: TestApp, accountId: string) =>
    (
      await t.db.kysely
        .selectFrom('orders')
        .select('reservation_identifier')
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .executeTakeFirstOrThrow()
    ).reservation_identifier;

  const extraFields: {
    field: string;
    wrong: (t: TestApp) => Promise<object[]>;
    right: (t: TestApp) => Promise<object>;
  }[] = [
    {
      field: 'ssn',
      wrong: async () => [{}, { ssn: AVI.ssn }],
      right: async () => ({ ssn: ` ${DANA.ssn} ` }),
    },
    {
      field: 'memberNumber',
      wrong: async () => [{}, { memberNumber: '7102' }],
      right: async () => ({ memberNumber: '7100' }),
    },
    {
      field: 'reservationIdentifier',
      wrong: async (t) => [{}, { reservationIdentifier: await reservationOf(t, 'a_demo_avi') }],
      right: async (t) => ({ reservationIdentifier: (await reservationOf(t, 'a_demo_dana')).toLowerCase() }),
    },
  ];

  it.each(extraFields)('asks for the $field with the code when the venue says so', async (extraField) => {
    const dir = mkdtempSync(join(tmpdir(), 'customer-settings-'));
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ customerArea: { extraLoginField: extraField.field } }));
    const t = await createTestApp(dialect, { env: { SETTINGS_FILE: file } });
    try {
      const ask = await t.app.inject({
        method: 'POST',
        url: '/api/customer/mobile-login',
        payload: { mobileNumber: DANA.mobile },
      });
      expect(ask.statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'GET',
        url: `/api/dev/sms-outbox?mobileNumber=${DANA.mobile}`,
      });
      const code = codeIn(out.json().messages[0].text)!;
      const validate = (extra: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/customer/mobile-login-validation-area',
          payload: { mobileNumber: DANA.mobile, smsCode: code, ...extra },
        });
      // A right code with a wrong detail is LOGIN_FAILED (and counts as one of the code's 5 tries).
      for (const extra of await extraField.wrong(t)) {
        const res = await validate(extra);
        expect(res.statusCode, JSON.stringify(extra)).toBe(401);
        expect(res.json()).toMatchObject({ code: 'LOGIN_FAILED' });
        expect(res.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
      }
      // A wrong code is still INVALID_SMS_CODE, whatever the detail.
      const right = await extraField.right(t);
      const wrongCode = await validate({ ...right, smsCode: otherCode(code) });
      expect(wrongCode.json()).toMatchObject({ code: 'INVALID_SMS_CODE' });
      expect(wrongCode.statusCode).toBe(400);
      const ok = await validate(right);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.customerInfo.CustomerId).toBe('a_demo_dana');
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a failed human verification with invalid_captcha and sends nothing', async () => {
    const captcha: CaptchaVerifier = { enabled: true, verify: (token) => Promise.resolve(token === 'human') };
    const t = await createTestApp(dialect, { captcha });
    try {
      const ask = (recaptchaToken?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/customer/mobile-login',
          payload: { mobileNumber: DANA.mobile, ...(recaptchaToken ? { recaptchaToken } : {}) },
        });
      for (const res of [await ask(), await ask('robot')]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, code: 'invalid_captcha' });
      }
      const out = await t.app.inject({
        method: 'GET',
        url: `/api/dev/sms-outbox?mobileNumber=${DANA.mobile}`,
      });
      expect(out.json().messages).toEqual([]);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/customer/login',
        payload: { email: DANA.email, password: DANA.password, recaptchaToken: 'robot' },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toMatchObject({ code: 'invalid_captcha' });

      expect((await ask('human')).statusCode).toBe(200);
      const human = await t.app.inject({
        method: 'POST',
        url: '/api/customer/login',
        payload: { email: DANA.email, password: DANA.password, recaptchaToken: 'human' },
      });
      expect(human.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers SMS_FAILED (502) when the SMS gateway fails', async () => {
    const sent: string[] = [];
    let failing = true;
    const sms: SmsSender = {
      name: 'flaky',
      send(to) {
        if (failing) return Promise.reject(new SmsSendError('gateway down'));
        sent.push(to);
        return Promise.resolve();
      },
    };
    const t = await createTestApp(dialect, { sms });
    try {
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/customer/mobile-login',
          payload: { mobileNumber: DANA.mobile },
        });
      const res = await ask();
      expect(res.statusCode).toBe(502);
      expect(ApiErrorSchema.parse(res.json())).toMatchObject({ statusCode: 502, code: 'SMS_FAILED' });
      // The development outbox is not there with another sender.
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' })).statusCode).toBe(404);
      failing = false;
      expect((await ask()).statusCode).toBe(200);
      expect(sent).toEqual([DANA.mobile]);
    } finally {
      await t.close();
    }
  });
});
