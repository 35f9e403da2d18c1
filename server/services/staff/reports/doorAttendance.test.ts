import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attendance } from '../../../../src/api/contract/attendance.ts';
import type { ScanInput } from '../../../../src/api/contract/door.ts';
import type { OrderDocument } from '../../../../src/api/contract/order.ts';
import { commit, type SeatShop, seatShop } from '../../../testing/checkout.ts';
import { expectError } from '../../../testing/checkoutScenarios.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../../../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../../../testing/staff.ts';
import { addTicketVoucher } from '../../../testing/ticketCodes.ts';
import { arrivalBuckets } from './doorAttendance.ts';

const MIN = 60_000;
let nonces = 0;
const nonce = () => `a${Date.now().toString(36)}${(++nonces).toString(36).padStart(6, '0')}xx`;

describe('arrival buckets', () => {
  it('counts first entries per 15 minutes from the start, filling short gaps only', () => {
    const start = Date.parse('2026-11-22T18:00:00Z');
    expect(arrivalBuckets([start - 20 * MIN, start - 44 * MIN, start + 1, start + 31 * MIN], start)).toEqual([
      { minutes: -45, arrived: 1 },
      { minutes: -30, arrived: 1 },
      { minutes: -15, arrived: 0 },
      { minutes: 0, arrived: 1 },
      { minutes: 15, arrived: 0 },
      { minutes: 30, arrived: 1 },
    ]);
    expect(arrivalBuckets([start - 3 * 24 * 60 * MIN, start], start)).toEqual([
      { minutes: -3 * 24 * 60, arrived: 1 },
      { minutes: 0, arrived: 1 },
    ]);
    expect(arrivalBuckets([], start)).toEqual([]);
  });
});

/**
 * Attendance at the door (issue 37) from real scans over the admin API: who came, who is inside, who
 * never came (by order, with the buyer's mobile), arrivals over time, doors in and out, and the double
 * entry an offline phone reported; managers only, as JSON and CSV.
 */
describe.each(dialects)('the door attendance report on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let usher: ReturnType<typeof asStaff>;
  let manager: ReturnType<typeof asStaff>;

  async function bought(n: number): Promise<OrderDocument> {
    const me = visitor();
    const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(await shop.hold(me, n)));
    expect(res.statusCode, res.body).toBe(200);
    const doc = await t.app.inject({ method: 'GET', url: `/api/edocument/${res.json().documentKey}` });
    return doc.json() as OrderDocument;
  }
  async function scan(code: string, at: number, extra: Partial<ScanInput> = {}) {
    const s = {
      nonce: nonce(),
      code,
      presentationIds: [shop.movie.id],
      door: 'Main entrance',
      direction: 'in' as const,
      scannedAt: new Date(at).toISOString(),
      ...extra,
    };
    const res = await usher.post('/api/admin/door/scans', { deviceId: 'phone-one', scans: [s] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results[0] as { verdict: string };
  }
  const report = async () => {
    const res = await manager.get(`/api/staff/reports/door-attendance?presentationId=${shop.movie.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Attendance;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
    usher = asStaff(t.app, await demoStaffCookie(t.app, 'door'));
    manager = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
  });
  afterAll(() => t?.close());

  it('tells who came, who is inside and who never came, when they arrived, by which door', async () => {
    const before = await report();
    const one = await bought(3);
    const two = await bought(1);
    const [a, b, c] = one.tickets;
    const start = Date.parse(before.presentation.startsAt);
    expect((await scan(a!.doorCode!, start - 20 * MIN)).verdict).toBe('admitted');
    expect((await scan(b!.doorCode!, start - 5 * MIN, { door: 'Side door' })).verdict).toBe('admitted');
    await scan(b!.doorCode!, start + 30 * MIN, { door: 'Side door', direction: 'out' });
    // An offline phone at the back let ticket a in too: a conflict.
    await scan(a!.doorCode!, start - 10 * MIN, { door: 'Back door', offline: { verdict: 'admitted' } });
    expect((await scan(await addTicketVoucher(t), start - 1 * MIN)).verdict).toBe('voucher_admitted');

    const r = await report();
    expect(r).toMatchObject({
      expected: before.expected + 4,
      arrived: before.arrived + 2,
      inside: before.inside + 1,
      noShows: before.noShows + 2,
      voucherEntries: 1,
      arrivals: [
        { minutes: -30, arrived: 1 },
        { minutes: -15, arrived: 1 },
      ],
      doors: [
        { door: 'Main entrance', in: 1, out: 0 },
        { door: 'Side door', in: 1, out: 1 },
      ],
    });
    expect(r.noShowOrders.find((o) => o.reservationIdentifier === one.reservationIdentifier)).toEqual({
      reservationIdentifier: one.reservationIdentifier,
      customerName: 'Dana Levi',
      mobile: expect.stringMatching(/\d/),
      seats: [{ section: c!.section, row: c!.row, seat: c!.seat }],
    });
    expect(
      r.noShowOrders.find((o) => o.reservationIdentifier === two.reservationIdentifier)!.seats,
    ).toHaveLength(1);
    expect(r.conflicts).toEqual([
      {
        ticketIdentifier: a!.ticketIdentifier,
        section: a!.section,
        row: a!.row,
        seat: a!.seat,
        door: 'Back door',
        at: new Date(start - 10 * MIN).toISOString(),
        firstDoor: 'Main entrance',
        firstAt: new Date(start - 20 * MIN).toISOString(),
      },
    ]);

    const csv = await manager.get(`/api/staff/reports/door-attendance/csv?presentationId=${shop.movie.id}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/door-attendance-\d+-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFreservation,ticket,customer,mobile,section,row,seat,status,entries,first_in,last_scan,last_door',
    );
    const line = (id: string) => lines.find((l) => l.includes(`,${id},`))!.split(',');
    expect(line(a!.ticketIdentifier).slice(7, 10)).toEqual([
      'inside',
      '2',
      new Date(start - 20 * MIN).toISOString(),
    ]);
    expect(line(b!.ticketIdentifier).slice(7, 9)).toEqual(['left', '1']);
    expect(line(c!.ticketIdentifier).slice(7)).toEqual(['no_show', '0', '', '', '']);
  });

  it('is for managers only, and says so for a presentation that does not exist', async () => {
    const url = `/api/staff/reports/door-attendance?presentationId=${shop.movie.id}`;
    expectError(await t.app.inject({ method: 'GET', url }), 401, 'staff_not_logged_in');
    expectError(await usher.get(url), 403, 'staff_forbidden');
    expectError(
      await manager.get('/api/staff/reports/door-attendance?presentationId=999999'),
      404,
      'event_not_found',
    );
    expect((await manager.get('/api/staff/reports/door-attendance?presentationId=x')).statusCode).toBe(400);
  });
});
