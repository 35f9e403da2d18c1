import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../testing/harness.ts';
import { currentShift } from './shifts.ts';

/** A clerk has one open shift, however many of their payments open one at the same moment (issue 36). */
describe.each(dialects)('a clerk’s shift on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('is opened once by payments racing to open it', async () => {
    const clerk = { id: `clerk-${crypto.randomUUID()}`, username: 'racer', displayName: 'Racer' };
    const ids = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.db.kysely.transaction().execute((trx) => currentShift(trx, clerk, t.clock.now())),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const rows = await t.db.kysely
      .selectFrom('counter_shifts')
      .select('id')
      .where('staff_id', '=', clerk.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
