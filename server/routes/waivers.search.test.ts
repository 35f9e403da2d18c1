import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartWaiver, StaffWaiversAnswer } from '../../src/api/contract/waiver.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { DEMO_STAFF } from '../seed/staff.ts';
import { JUMP, JUMP_TICKETS } from '../seed/jumpPark.ts';
import { commit, customer, goodCard } from '../testing/checkout.ts';
import { findPresentation, lock, lockBody } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const [TODDLER, KIDS] = JUMP_TICKETS;

/** The staff area's waiver search (issue 35): by reservation number, the signing adult or any jumper. */
describe.each(dialects)('staff waiver search on %s', (dialect) => {
  let t: TestApp;
  let session: PresentationSummary;
  let cookie: string;
  let rid: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    session = await findPresentation(t.app, (p) => p.venueId === JUMP.venue && p.saleStatus === 'open');
    const uuid = visitor();
    const seats: { x: number; y: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await lock(
        t.app,
        uuid,
        lockBody(session, { sectionId: 1, ticketGroupId: JUMP.ticketGroup }),
      );
      seats.push((res.json() as { lockedSeat: { x: number; y: number } }).lockedSeat);
    }
    const waiver: CartWaiver = {
      presentationId: session.id,
      waiverId: JUMP.waiver,
      version: 1,
      locale: 'he',
      adult: { name: 'Rina Shalev', idNumber: '123456782', dateOfBirth: '1985-02-03' },
      jumpers: [
        { name: 'Omer Katz', dateOfBirth: '2018-05-01', ticketId: KIDS!.id },
        { name: 'נועה', dateOfBirth: '2022-09-30', ticketId: TODDLER!.id },
      ],
      accepted: true,
      signature: SIGNATURE,
    };
    const tickets = [KIDS!.id, TODDLER!.id];
    const res = await commit(t.app, uuid, crypto.randomUUID(), {
      cart: {
        customerInfo: customer,
        creditcardInfo: goodCard,
        seats: seats.map((s, i) => ({
          pi: session.id,
          si: 1,
          x: s.x,
          y: s.y,
          tg: JUMP.ticketGroup,
          ticketId: tickets[i]!,
        })),
        waiver,
      },
      locale: 'he',
    });
    expect(res.json()).toMatchObject({ status: 'completed' });
    rid = res.json().reservationIdentifier as string;
    const clerk = DEMO_STAFF.find((s) => s.role === 'box_office')!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username: clerk.username, password: clerk.password },
    });
    cookie = `staff_session=${/staff_session=([^;]+)/.exec(String(login.headers['set-cookie']))![1]}`;
  });
  afterAll(async () => t?.close());

  async function search(q: string): Promise<StaffWaiversAnswer> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/waivers?q=${encodeURIComponent(q)}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as StaffWaiversAnswer;
  }
  const found = async (q: string) => (await search(q)).waivers.map((w) => w.reservationIdentifier);

  it("finds the waiver by any child's name, in any case and in part, and lists the children", async () => {
    for (const q of ['omer', 'KATZ', 'mer ka', 'נועה', 'נוע']) expect(await found(q), q).toEqual([rid]);
    const [row] = (await search('katz')).waivers;
    expect(row).toMatchObject({ adultName: 'Rina Shalev', jumpers: 2, jumperNames: ['Omer Katz', 'נועה'] });
  });

  it("finds it by the adult's name and the reservation number, and not by what else the waiver holds", async () => {
    expect(await found('rina')).toEqual([rid]);
    expect(await found('SHALEV')).toEqual([rid]);
    expect(await found(rid)).toEqual([rid]);
    // The jumpers' ticket names, dates and the JSON's keys are not names.
    for (const q of ['kids', 'name', 'dateOfBirth', '2018', 'nobody'])
      expect(await found(q), q).not.toContain(rid);
  });
});
