import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanInput } from '../../../src/api/contract/door.ts';
import { VOUCHER_CLASS } from '../../seed/voucherIds.ts';
import { loginByEmail, type SeatShop, seatShop } from '../../testing/checkout.ts';
import { createPeerApp, createTestApp, dialects, type TestApp } from '../../testing/harness.ts';
import { areaVouchers } from '../../testing/purchases.ts';
import { doorScan, sendScans } from '../../testing/door.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';
import { addTicketVoucher } from '../../testing/ticketCodes.ts';

const DANA = { email: 'dana@example.com', password: 'dana-demo-2026' };

/**
 * Vouchers and membership cards at the door (issue 37) over the admin API: a ticket voucher lets in one
 * person per use and is then used up (the customer's area says "scanned"), many doors at once take its
 * last use once, a gift card and a voucher for another show are refused, a membership card answers
 * whether its holder is a member today.
 */
describe.each(dialects)('passes at the door on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let usher: ReturnType<typeof asStaff>;
  let danaId: string;

  const scan = (code: string, extra: Partial<ScanInput> = {}) => doorScan(code, shop.movie.id, extra);
  const send = (scans: ScanInput[], as = usher, deviceId?: string) => sendScans(as, scans, deviceId);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
    usher = asStaff(t.app, await demoStaffCookie(t.app, 'door'));
    const dana = await t.db.kysely
      .selectFrom('customers')
      .select('id')
      .where('email', '=', DANA.email)
      .where('is_account', '=', 1)
      .executeTakeFirstOrThrow();
    danaId = dana.id;
  });
  afterAll(() => t?.close());

  it('lets a 2-entry voucher in twice, then says it is used up (scanned in the customer’s area)', async () => {
    const reference = await addTicketVoucher(t, {
      classId: VOUCHER_CLASS.twoMovies,
      uses: 2,
      customerId: danaId,
    });
    const first = scan(reference.toLowerCase());
    const [a, b, c] = await send([first, scan(reference), scan(reference, { door: 'Side door' })]);
    expect(a).toMatchObject({ verdict: 'voucher_admitted', ticket: null, conflict: false });
    expect(a!.pass).toMatchObject({ kind: 'voucher', holder: 'Dana Levi', usesLeft: 1 });
    expect(a!.pass!.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(b).toMatchObject({ verdict: 'voucher_admitted', pass: { usesLeft: 0 } });
    expect(c).toMatchObject({ verdict: 'voucher_used_up', pass: { usesLeft: 0 } });
    // The first scan sent again (a retry) is answered as the first time, and takes nothing more.
    expect((await send([first], usher, 'phone-two'))[0]).toEqual(a);

    const row = await t.db.kysely
      .selectFrom('system_vouchers')
      .select(['state', 'balance', 'redeemed'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'scanned', balance: 0, redeemed: 2 });
    const area = await areaVouchers(t.app, await loginByEmail(t.app, DANA));
    expect(area.find((v) => v.Reference === reference)).toMatchObject({ status: 'scanned', Redeemed: 2 });
  });

  it('takes the last use of a voucher once when many doors scan it at the same moment', async () => {
    const reference = await addTicketVoucher(t, { uses: 1 });
    const peer = dialect === 'postgres' ? await createPeerApp(t) : null;
    try {
      const other = peer ? asStaff(peer, await demoStaffCookie(peer, 'door')) : usher;
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          send([scan(reference, { door: `Door ${i}` })], i % 2 ? other : usher, `phone-door-${i}`),
        ),
      );
      const verdicts = answers.map((r) => r[0]!.verdict);
      expect(verdicts.filter((v) => v === 'voucher_admitted')).toHaveLength(1);
      expect(verdicts.filter((v) => v === 'voucher_used_up')).toHaveLength(11);
    } finally {
      await peer?.close();
    }
    const row = await t.db.kysely
      .selectFrom('system_vouchers')
      .select(['state', 'balance', 'redeemed'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'scanned', balance: 0, redeemed: 1 });
  });

  it('takes offline scans of a voucher as the phone answered, a second use of its last entry a conflict', async () => {
    const reference = await addTicketVoucher(t, { uses: 1 });
    const [refused, first, twice] = await send(
      [
        // A phone that did not know the voucher refused it: nothing is taken.
        scan(reference, { offline: { verdict: 'unknown' } }),
        scan(reference, { door: 'Back door', offline: { verdict: 'voucher_admitted' } }),
        scan(reference, { door: 'Side door', offline: { verdict: 'voucher_admitted' } }),
      ],
      usher,
      'phone-offline',
    );
    expect(refused).toMatchObject({ verdict: 'unknown', conflict: false, pass: { usesLeft: 1 } });
    expect(first).toMatchObject({ verdict: 'voucher_admitted', conflict: false, pass: { usesLeft: 0 } });
    expect(twice).toMatchObject({ verdict: 'voucher_used_up', conflict: true, pass: { usesLeft: 0 } });
  });

  it('refuses a gift card, a cancelled voucher and one for another show; knows a member today', async () => {
    const gift = await addTicketVoucher(t, { classId: VOUCHER_CLASS.giftCard });
    const cancelled = await addTicketVoucher(t, { state: 'cancelled' });
    const concert = await addTicketVoucher(t, { classId: VOUCHER_CLASS.newYearConcert });
    const results = await send([scan(gift), scan(cancelled), scan(concert), scan('7100'), scan('7101')]);
    expect(results.map((r) => r.verdict)).toEqual([
      'gift_card',
      'voucher_cancelled',
      'voucher_not_valid_here',
      'member_valid',
      'member_not_valid',
    ]);
    expect(results[0]!.pass).toMatchObject({ kind: 'voucher', usesLeft: null });
    expect(results[3]!.pass).toMatchObject({ kind: 'membership', holder: 'Dana Levi', usesLeft: null });
    expect(results[4]!.pass!.validUntil! < results[3]!.pass!.validUntil!).toBe(true);
    const left = await t.db.kysely
      .selectFrom('system_vouchers')
      .select(['reference', 'balance'])
      .where('reference', 'in', [gift, cancelled, concert])
      .execute();
    expect(left.find((v) => v.reference === concert)!.balance).toBe(1);
    expect(left.find((v) => v.reference === cancelled)!.balance).toBe(1);
  });
});
