import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP } from '../seed/membershipIds.ts';
import {
  enrolLock,
  enrolmentOf,
  freeAcross,
  lockBodyOf,
  OPTIONAL,
  REQUIRED,
  SEASON_ID,
  seatFromKey,
} from '../services/enrolment/testing.ts';
import { errorOf } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const captcha = {
  enabled: true,
  verify: async (token: string | undefined) => {
    if (token === 'down') throw new Error('verifier unreachable');
    return token === 'human';
  },
};

/**
 * With a captcha configured, the seat calls of a series membership and of the season enrolment are
 * guarded like the seat order's (spec section 8: invalid gives a human-verification error), and so is the
 * member lookup by ID number.
 */
describe.each(dialects)('captcha on the membership and enrolment seat calls on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { captcha });
  });
  afterAll(() => t.close());

  it('refuses a series membership seat without a human token, and takes it with one', async () => {
    const me = visitor();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/membership/seats-status?membershipId=${MEMBERSHIP.seriesClassics}`,
    });
    const [key, value] = Object.entries((status.json() as { seats: Record<string, string> }).seats)[0]!;
    const [si, x, y] = key.split('_').map(Number) as [number, number, number];
    const p = await t.db.kysely
      .selectFrom('presentations')
      .select(['venue_id', 'seatplan_id'])
      .where('id', '=', 8001)
      .executeTakeFirstOrThrow();
    const body = (token?: string) => ({
      seat: {
        MembershipId: MEMBERSHIP.seriesClassics,
        VenueId: p.venue_id,
        VenueSeatplanId: p.seatplan_id,
        VenueSectionId: si,
        TicketGroupId: Number(value.split(',')[0]),
        XCoordinate: x,
        YCoordinate: y,
        selections: [],
      },
      ...(token ? { recaptchaToken: token } : {}),
    });
    const put = (token?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/membership/lock-seat',
        headers: { uuid: me },
        payload: body(token),
      });
    for (const token of [undefined, 'robot', 'down'])
      expect(errorOf(await put(token)).code, String(token)).toBe('invalid_captcha');
    expect((await put('human')).statusCode).toBe(200);
  });

  it('refuses the enrolment lock without a human token, and takes the seat with one', async () => {
    const me = visitor();
    const m = await enrolmentOf(t.app, SEASON_ID);
    const chosen = OPTIONAL.slice(0, m.optionalChoices);
    const { free } = await freeAcross(t.app, SEASON_ID, [...REQUIRED, ...chosen]);
    const [key, tg] = [...free].find(([, g]) => g === m.DefaultTicketGroupId)!;
    const lock = (token?: string) =>
      enrolLock(t.app, me, m, {
        ...lockBodyOf(m, seatFromKey(key, tg), chosen),
        ...(token ? { recaptchaToken: token } : {}),
      } as ReturnType<typeof lockBodyOf>);
    expect(errorOf(await lock()).code).toBe('invalid_captcha');
    expect(errorOf(await lock('robot')).code).toBe('invalid_captcha');
    expect((await lock('human')).statusCode).toBe(200);
  });

  it('refuses a member lookup without a human token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/member-lookup',
      headers: { uuid: visitor() },
      payload: { ssn: '039337423' },
    });
    expect(errorOf(res).code).toBe('recaptcha');
  });
});
