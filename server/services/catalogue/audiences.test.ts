import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PresentationSummary, PresentationSchema } from '../../../src/api/contract/presentations.ts';
import { VENUE } from '../../seed/catalogue.ts';
import { JUMP } from '../../seed/jumpPark.ts';
import { createTestApp, dialects, type TestApp } from '../../testing/harness.ts';

/** Whom each demo venue's hidden tickets are for, as a presentation's answer says (issue 35). */
describe.each(dialects)('ticket audiences on %s', (dialect) => {
  let t: TestApp;
  let board: PresentationSummary[];
  const audiences = async (venueId: number) => {
    const p = board.find((x) => x.venueId === venueId && x.saleStatus === 'open')!;
    const res = await t.app.inject({ method: 'GET', url: `/api/presentations/${p.id}` });
    expect(res.statusCode, res.body).toBe(200);
    return [...(PresentationSchema.parse(res.json()).ticketAudiences ?? ['(none)'])].sort();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const res = await t.app.inject({ method: 'GET', url: '/api/seats/presentations' });
    board = (res.json() as { presentations: PresentationSummary[] }).presentations;
  });
  afterAll(async () => t?.close());

  it('has none at the trampoline park: every ticket there is for everyone', async () => {
    expect(await audiences(JUMP.venue)).toEqual([]);
  });

  it('names the Philharmonic’s senior price and voucher tickets, and the cinema’s codes and partners', async () => {
    expect(await audiences(VENUE.philharmonic)).toEqual(expect.arrayContaining(['senior', 'voucher']));
    expect(await audiences(VENUE.philharmonic)).not.toContain('partnerProgram');
    expect(await audiences(VENUE.cinema)).toEqual(
      expect.arrayContaining(['code', 'miniSite', 'partnerProgram', 'voucher']),
    );
    expect(await audiences(VENUE.cinema)).not.toContain('senior');
  });
});
