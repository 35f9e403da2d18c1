import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { errorOf } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const [DANA] = DEMO_CUSTOMERS;
/** Valid ID numbers: of nobody, of a customer without a mobile, of a customer who is no member. */
const NOBODY = '000000034';
const NO_MOBILE = '123456782';
const NO_MEMBER = '000000026';
const NO_MEMBER_MOBILE = '0541112233';

/**
 * POST /api/memberships/member-lookup and member-login (issue 32): to a stranger, an ID number of a
 * member and one of nobody look alike (answer, limits), so the lookup does not tell who is a customer;
 * the code goes only to the member's own mobile, and only that code tells the member apart.
 */
describe.each(dialects)('member lookup on %s', (dialect) => {
  let t: TestApp;

  const lookup = (ssn: string, remoteAddress = '10.20.0.1', uuid = visitor()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/memberships/member-lookup',
      headers: { uuid },
      payload: { ssn },
      remoteAddress,
    });
  const memberLogin = (ssn: string, smsCode: string) =>
    t.app.inject({ method: 'POST', url: '/api/memberships/member-login', payload: { ssn, smsCode } });
  const outbox = async (mobileNumber: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', query: { mobileNumber } });
    return (res.json() as { messages: { text: string }[] }).messages;
  };
  /** Status and body; an error's requestId names the request, and so differs by nature. */
  const seen = (res: { statusCode: number; json(): unknown }) => {
    const { requestId: _, ...body } = res.json() as Record<string, unknown>;
    return { status: res.statusCode, body };
  };
  const account = (id: string, ssn: string, mobile: string | null) =>
    t.db.kysely
      .insertInto('customers')
      .values({
        id,
        first_name: 'Test',
        last_name: 'Member',
        email: null,
        mobile_number: mobile,
        ssn,
        address1: null,
        address2: null,
        city: null,
        postal_code: null,
        date_of_birth: null,
        location_id: null,
        is_mailing_allowed: 0,
        created_at: t.clock.now(),
        mobile_key: mobile,
        email_key: null,
        is_account: 1,
        password_hash: null,
        license_plate: null,
      })
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await account('lookup-no-mobile', NO_MOBILE, null);
    await account('lookup-no-member', NO_MEMBER, NO_MEMBER_MOBILE);
  });
  afterAll(async () => t?.close());

  it('answers alike for a member, a customer who is none, one without a mobile and nobody', async () => {
    const answers = [];
    for (const ssn of [DANA.ssn, NOBODY, NO_MOBILE, NO_MEMBER]) answers.push(await lookup(ssn));
    const [member, ...others] = answers.map(seen);
    expect(member!.status).toBe(200);
    for (const other of others) expect(other).toEqual(member);
    expect(member!.body).toEqual({ loginMethod: 'phone' });
    // The code went to the member's own mobile only.
    await expect.poll(async () => (await outbox(DANA.mobile)).length).toBe(1);
    expect(await outbox(NO_MEMBER_MOBILE)).toEqual([]);
    expect(errorOf(await lookup('123456789')).code).toBe('invalidSSN');
  });

  it('logs the member in with the code; any code for an ID number of nobody is a wrong code', async () => {
    // A second later, so the new code is the outbox's first (newest first).
    t.clock.advance(1000);
    await lookup(DANA.ssn, '10.20.0.2');
    await expect.poll(async () => (await outbox(DANA.mobile)).length).toBe(2);
    const code = /(?<!\d)\d{6}(?!\d)/.exec((await outbox(DANA.mobile))[0]!.text)![0];
    const wrong = code === '000000' ? '111111' : '000000';
    const ofNobody = await memberLogin(NOBODY, code);
    const wrongOfMember = await memberLogin(DANA.ssn, wrong);
    expect(seen(ofNobody)).toEqual(seen(wrongOfMember));
    expect(errorOf(ofNobody).code).toBe('INVALID_SMS_CODE');
    const login = await memberLogin(DANA.ssn, code);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.cookies.some((c) => c.name === 'customer_session')).toBe(true);
    const info = login.json() as { data: { customerInfo: { members: { memberNumber: string }[] } } };
    expect(info.data.customerInfo.members.map((m) => m.memberNumber)).toContain('7100');
  });

  it('counts the lookups of every ID number alike and refuses them alike past the limit', async () => {
    // Past the earlier lookups' window.
    t.clock.advance(16 * 60_000);
    const pair = async (address: string) => {
      const [a, b] = [await lookup(DANA.ssn, address), await lookup(NOBODY, address)];
      expect(seen(b)).toEqual(seen(a));
      expect(b.headers['retry-after']).toBe(a.headers['retry-after']);
      return a;
    };
    for (let i = 0; i < 3; i++) expect((await pair(`10.20.1.${i}`)).statusCode).toBe(200);
    const refused = await pair('10.20.1.9');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts every lookup of one address alike, member or not', async () => {
    t.clock.advance(16 * 60_000);
    const address = '10.20.2.1';
    const nobodies = ['000000042', '000000059', '000000067', '000000075', '000000083', '000000091'];
    // A member's, two customers' and seven of nobody's lookups use up the address's ten…
    for (const ssn of [DANA.ssn, NO_MEMBER, NO_MOBILE, ...nobodies, '000000109'])
      expect((await lookup(ssn, address)).statusCode).toBe(200);
    // …and the next is refused whoever it looks up.
    const [a, b] = [await lookup(DANA.ssn, address), await lookup(NOBODY, address)];
    expect(a.statusCode).toBe(429);
    expect(seen(b)).toEqual(seen(a));
  });

  it('slows down guessing ID numbers: the lookups of one visitor are limited like ticket codes', async () => {
    const uuid = visitor();
    for (let i = 0; i < 30; i++)
      expect(errorOf(await lookup('123456789', '10.20.3.1', uuid)).code).toBe('invalidSSN');
    const refused = await lookup('123456789', '10.20.3.1', uuid);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
