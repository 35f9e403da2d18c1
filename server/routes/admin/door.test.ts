import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoorDownload, ScanInput } from '../../../src/api/contract/door.ts';
import type { OrderDocument } from '../../../src/api/contract/order.ts';
import { forgedDoorCode } from '../../services/door/keys.ts';
import { commit, type SeatShop, seatShop } from '../../testing/checkout.ts';
import { expectError } from '../../testing/checkoutScenarios.ts';
import {
  createPeerApp,
  createTestApp,
  dialects,
  type TestApp,
  TEST_NOW,
  visitor,
} from '../../testing/harness.ts';
import { doorScan, sendScans } from '../../testing/door.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

/**
 * The door (issue 37) over the admin API: signed codes from the e-ticket let a ticket in once, a scan
 * sent again is answered the same, many doors at once let one in, offline scans upload with conflicts.
 */
describe.each(dialects)('the door on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let usher: ReturnType<typeof asStaff>;

  /** A paid order of `n` seats and its e-ticket (with the signed QR codes). */
  async function bought(n: number): Promise<OrderDocument> {
    const me = visitor();
    const seats = await shop.hold(me, n);
    const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats));
    expect(res.statusCode, res.body).toBe(200);
    const doc = await t.app.inject({ method: 'GET', url: `/api/edocument/${res.json().documentKey}` });
    expect(doc.statusCode, doc.body).toBe(200);
    return doc.json() as OrderDocument;
  }
  const scan = (code: string, extra: Partial<ScanInput> = {}) => doorScan(code, shop.movie.id, extra);
  const send = (scans: ScanInput[], as = usher, deviceId?: string) => sendScans(as, scans, deviceId);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
    usher = asStaff(t.app, await demoStaffCookie(t.app, 'door'));
  });
  afterAll(() => t?.close());

  it('lets a ticket in once by its signed code, then says when and where; out and back in', async () => {
    const doc = await bought(2);
    const [a] = doc.tickets;
    expect(a!.doorCode).toMatch(/^T1\.[A-Z2-9]{12}\.\d+\.[A-Za-z0-9_-]{86}$/);
    const [first] = await send([scan(a!.doorCode!)]);
    expect(first).toMatchObject({ verdict: 'admitted', conflict: false });
    expect(first!.ticket).toMatchObject({
      ticketIdentifier: a!.ticketIdentifier,
      row: a!.row,
      seat: a!.seat,
    });
    const [again] = await send([scan(a!.doorCode!, { door: 'Side door' })]);
    expect(again).toMatchObject({
      verdict: 'already_in',
      lastDoor: 'Main entrance',
      lastAt: new Date(TEST_NOW).toISOString(),
    });
    // The order page tells staff where each ticket stands at the doors.
    const view = await asStaff(t.app, await demoStaffCookie(t.app, 'box_office')).get(
      `/api/admin/orders/${doc.reservationIdentifier}`,
    );
    expect(view.json().tickets.map((x: { entry: unknown }) => x.entry)).toEqual([
      { inside: true, entries: 1, lastAt: new Date(TEST_NOW).toISOString(), lastDoor: 'Main entrance' },
      null,
    ]);
    expect((await send([scan(a!.doorCode!, { direction: 'out' })]))[0]!.verdict).toBe('exited');
    // The bare ticket number (QR codes of tickets issued before) still works.
    expect((await send([scan(a!.ticketIdentifier)]))[0]!.verdict).toBe('admitted');
  });

  it('refuses a forged code, a stranger, another presentation and a refused role', async () => {
    const doc = await bought(1);
    const tk = doc.tickets[0]!;
    const [forged, stranger, elsewhere] = await send([
      scan(forgedDoorCode(tk.ticketIdentifier, tk.presentationId)),
      scan('HELLO WORLD'),
      scan(tk.doorCode!, { presentationIds: [tk.presentationId + 100000] }),
    ]);
    expect([forged!.verdict, stranger!.verdict, elsewhere!.verdict]).toEqual([
      'forged',
      'unknown',
      'wrong_presentation',
    ]);
    expect(forged!.ticket).toBeNull();
    const clerk = asStaff(t.app, await demoStaffCookie(t.app, 'box_office'));
    expectError(
      await clerk.post('/api/admin/door/scans', { deviceId: 'phone-one', scans: [scan(tk.doorCode!)] }),
      403,
      'staff_forbidden',
    );
    expectError(
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/door/counts?presentationIds=${tk.presentationId}`,
      }),
      401,
      'staff_not_logged_in',
    );
  });

  it('answers a scan sent twice the same, and lets one of many simultaneous scans in', async () => {
    const doc = await bought(2);
    const [a, b] = doc.tickets;
    const once = scan(a!.doorCode!);
    const [x] = await send([once]);
    const [y] = await send([once], usher, 'phone-two');
    expect(y).toEqual(x);
    expect(x!.verdict).toBe('admitted');

    // Twenty doors scan ticket b at the same moment (on PostgreSQL half of them on a second process).
    const peer = dialect === 'postgres' ? await createPeerApp(t) : null;
    try {
      const other = peer ? asStaff(peer, await demoStaffCookie(peer, 'door')) : usher;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          send([scan(b!.doorCode!, { door: `Door ${i}` })], i % 2 ? other : usher, `phone-door-${i}`),
        ),
      );
      const verdicts = answers.map((r) => r[0]!.verdict).sort();
      expect(verdicts.filter((v) => v === 'admitted')).toHaveLength(1);
      expect(verdicts.filter((v) => v === 'already_in')).toHaveLength(19);
    } finally {
      await peer?.close();
    }
  });

  it('downloads tickets for offline use and takes offline scans back, reporting a double entry', async () => {
    const doc = await bought(2);
    const [a, b] = doc.tickets;
    const res = await usher.get(`/api/admin/door/download?presentationIds=${shop.movie.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const download = res.json() as DoorDownload;
    expect(download.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(download.tickets.find((x) => x.ticketIdentifier === a!.ticketIdentifier)).toMatchObject({
      state: 'valid',
      entry: { inside: false, entries: 0 },
    });

    // Ticket a came in online at the front; a phone offline at the back let it in too, and ticket b.
    await send([scan(a!.doorCode!)]);
    const uploaded = await send(
      [
        scan(a!.doorCode!, { door: 'Back door', offline: { verdict: 'admitted' } }),
        scan(b!.doorCode!, { door: 'Back door', offline: { verdict: 'admitted' } }),
      ],
      usher,
      'phone-offline',
    );
    expect(uploaded.map((r) => [r.verdict, r.conflict])).toEqual([
      ['already_in', true],
      ['admitted', false],
    ]);
    const counts = await usher.get(`/api/admin/door/counts?presentationIds=${shop.movie.id}`);
    expect(counts.json().conflicts).toBeGreaterThanOrEqual(1);
    const mine = counts.json().presentations[0];
    expect(mine.doors.find((d: { door: string }) => d.door === 'Back door')).toMatchObject({ in: 1 });
    expect(mine.inside).toBeGreaterThanOrEqual(2);

    // Found by the customer's name or the seat, without a code.
    const found = await usher.get(
      `/api/admin/door/search?presentationIds=${shop.movie.id}&q=${encodeURIComponent(`${a!.row} ${a!.seat}`)}`,
    );
    expect(found.json().tickets.map((x: { ticketIdentifier: string }) => x.ticketIdentifier)).toContain(
      a!.ticketIdentifier,
    );
  });
});
