import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../testing/harness.ts';
import { claimSeniorUses } from './uses.ts';

/**
 * The per-ID limit without the checkout around it (which also runs one concert's purchases one at a
 * time): two transactions that read the same free tickets cannot both take them.
 */
describe.each(dialects)('senior benefit uses on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(async () => t?.close());

  const claim = (hash: string, rid: string, count: number, presentationId = 1) =>
    t.db.kysely
      .transaction()
      .execute((trx) =>
        claimSeniorUses(
          trx,
          { presentationId, idHash: hash, count, max: 2 },
          { reservationIdentifier: rid },
          0,
        ),
      );

  it('takes at most max tickets per ID, whole or not at all', async () => {
    expect(await claim('h1', 'A', 1)).toBe(true);
    expect(await claim('h1', 'B', 2)).toBe(false);
    expect(await claim('h1', 'B', 1)).toBe(true);
    expect(await claim('h1', 'C', 1)).toBe(false);
    expect(await claim('h2', 'C', 2)).toBe(true);
  });

  it('lets one of two overlapping transactions take the last tickets', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstClaimed!: () => void;
    const claimed = new Promise<void>((r) => (firstClaimed = r));
    const first = t.db.kysely.transaction().execute(async (trx) => {
      const ok = await claimSeniorUses(
        trx,
        { presentationId: 2, idHash: 'race', count: 2, max: 2 },
        { reservationIdentifier: 'R1' },
        0,
      );
      firstClaimed();
      await held;
      return ok;
    });
    await claimed;
    // The second starts while the first is still open (it has read no seq taken yet on PostgreSQL).
    const second = claim('race', 'R2', 2, 2);
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect([await first, await second]).toEqual([true, false]);
    const rows = await t.db.kysely
      .selectFrom('senior_benefit_uses')
      .selectAll()
      .where('id_hash', '=', 'race')
      .execute();
    expect(rows.map((r) => r.reservation_identifier)).toEqual(['R1', 'R1']);
  });
});
