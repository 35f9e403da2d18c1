import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { MEMBERSHIP } from '../seed/membershipIds.ts';
import { SEASON_ID } from '../services/enrolment/testing.ts';
import { listPresentations } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';

/** What Number() and z.coerce also read as the id `id`: none of them is a decimal id. */
const otherForms = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}e0`,
  `+${id}`,
  `${id}.0`,
  `%20${id}`,
  `${id}%20`,
  `0${id}`,
  `${id}n`,
];

describe.each(dialects)('ids in paths and query strings on %s', (dialect) => {
  let t: TestApp;
  let p: PresentationSummary;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    p = (await listPresentations(t.app)).find((x) => x.saleStatus === 'open' && !x.isVod && x.isReserved)!;
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('refuses 0x10, 1e1, +16, 16.0 and " 16" as presentation 16, and takes 16', async () => {
    const sixteen = await get('/api/presentations/16');
    expect(sixteen.statusCode).toBe(200);
    expect(sixteen.json()).toMatchObject({ id: 16 });
    for (const id of ['0x10', '1e1', '+16', '16.0', '%2016', '016', '16abc', '-16', '0', '2147483648']) {
      const res = await get(`/api/presentations/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toMatchObject({ statusCode: 400, code: 'formValidation' });
    }
  });

  it('answers formValidation for a non-decimal id in every path and query that carries one', async () => {
    const urls: ((id: (n: number) => string) => string)[] = [
      (id) => `/api/presentations/${id(p.id)}`,
      (id) => `/api/presentations/${id(p.id)}/ticketGroups`,
      (id) => `/api/presentations/${id(p.id)}/calendar.ics`,
      (id) => `/api/presentations/${id(p.id)}/waiver`,
      (id) => `/api/presentations/${id(p.id)}/member-tickets`,
      (id) => `/api/seats/seatplanV2?venueId=${id(p.venueId)}&seatplanId=${p.seatplanId}`,
      (id) => `/api/seats/seatplanV2?venueId=${p.venueId}&seatplanId=${id(p.seatplanId)}`,
      (id) =>
        `/api/seats/seats-statusV2?presentationId=${id(p.id)}&venueTypeId=${p.venueTypeId}&isReserved=1`,
      (id) =>
        `/api/seats/seats-statusV2?presentationId=${p.id}&venueTypeId=${id(p.venueTypeId)}&isReserved=1`,
      (id) => `/api/membership/seatplan?membershipId=${id(MEMBERSHIP.seriesClassics)}`,
      (id) => `/api/enroll/${id(SEASON_ID)}/seatplan`,
      (id) => `/api/vod/ABCDEF12/${id(p.id)}`,
      // A stream that opened would never end here: its plain id is left to statusStream.test.ts.
      (id) => `/api/seats/status-stream?presentationId=${id(p.id)}`,
    ];
    for (const url of urls) {
      for (let i = 0; i < otherForms(1).length; i++) {
        const bad = url((n) => otherForms(n)[i]!);
        const res = await get(bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json(), bad).toMatchObject({ code: 'formValidation' });
      }
      const plain = url(String);
      if (plain.includes('status-stream')) continue;
      // The plain decimal id passes the contract (what follows is the route's own answer).
      expect((await get(plain)).statusCode, plain).not.toBe(400);
    }
  });
});
