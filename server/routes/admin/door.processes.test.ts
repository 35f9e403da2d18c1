import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDocument } from '../../../src/api/contract/order.ts';
import type { ScanResult } from '../../../src/api/contract/door.ts';
import { commit, seatCart, ticketGroupsOf } from '../../testing/checkout.ts';
import { lockAll } from '../../testing/checkoutScenarios.ts';
import { findPresentation, plainFreeSeats } from '../../testing/fixtures.ts';
import { dialects, type TestDialect, visitor } from '../../testing/harness.ts';
import { BoxOffices } from '../../testing/processes.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

/**
 * Nobody in twice across processes (issue 37): two box-office processes on one database, and forty
 * doors scanning one ticket at the same moment through both. Exactly one lets it in.
 */
describe.each(dialects)('two box offices scanning one ticket at once, on %s', (dialect: TestDialect) => {
  const offices = new BoxOffices(dialect);
  afterEach(() => offices.stop());

  it('lets the ticket in through exactly one of forty simultaneous scans', async () => {
    const place = offices.place();
    const [one, two] = [await offices.start(place), await offices.start(place)];
    const movie = await findPresentation(
      one.app,
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
    );
    const seats = (await plainFreeSeats(one.app, movie)).filter((s) => s.ticketGroupId === 1).slice(0, 1);
    const me = visitor();
    await lockAll(one.app, me, movie, seats);
    const res = await commit(
      one.app,
      me,
      crypto.randomUUID(),
      seatCart(movie, await ticketGroupsOf(one.app, movie), seats),
    );
    expect(res.statusCode, res.body).toBe(200);
    const doc = (
      await one.app.inject({ url: `/api/edocument/${res.json().documentKey}` })
    ).json() as OrderDocument;
    const code = doc.tickets[0]!.doorCode!;

    const ushers = [
      asStaff(one.app, await demoStaffCookie(one.app, 'door')),
      asStaff(two.app, await demoStaffCookie(two.app, 'door')),
    ];
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const r = await ushers[i % 2]!.post('/api/admin/door/scans', {
          deviceId: `door-phone-${i}`,
          scans: [
            {
              nonce: `simultaneous-${i}-${crypto.randomUUID()}`,
              code,
              presentationIds: [movie.id],
              door: `Door ${i}`,
              direction: 'in',
              scannedAt: new Date().toISOString(),
            },
          ],
        });
        expect(r.statusCode, r.body).toBe(200);
        return (r.json() as { results: ScanResult[] }).results[0]!;
      }),
    );
    const admitted = answers.filter((a) => a.verdict === 'admitted');
    expect(admitted).toHaveLength(1);
    expect(answers.filter((a) => a.verdict === 'already_in')).toHaveLength(39);
    // Every refusal names the door that let it in.
    expect(new Set(answers.filter((a) => a.verdict === 'already_in').map((a) => a.lastDoor))).toEqual(
      new Set([admitted[0]!.ticket && `Door ${answers.indexOf(admitted[0]!)}`]),
    );
  }, 90_000); // two box-office processes start within it (the crash tests allow 60 s for one)
});
