import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seatplan } from '../../../src/api/contract/seatplan.ts';
import { PLAN } from '../../seed/catalogue.ts';
import { DEMO_SECTION_NAMES } from '../../seed/sectionNames.ts';
import { createTestApp, dialects, type TestApp } from '../../testing/harness.ts';
import { m025_SectionNames } from './025_section_names.ts';

/** Plans a database stored before the demo plans named their sections in every language get the names. */
describe.each(dialects)('migration 025 (section names) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const read = async (id: number) =>
    JSON.parse(
      (
        await t.db.kysely
          .selectFrom('seatplans')
          .select('plan_json')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).plan_json,
    ) as Seatplan;
  const write = (id: number, plan: Seatplan) =>
    t.db.kysely
      .updateTable('seatplans')
      .set({ plan_json: JSON.stringify(plan) })
      .where('id', '=', id)
      .execute();

  it('names the demo sections in every language, keeping what staff typed and sections it does not know', async () => {
    // The concert hall as an older seed stored it: no names per language; then staff named one section
    // themselves, and another section is one of the venue's own.
    const old = await read(PLAN.musicHall);
    expect(old.S.map((s) => s.name)).toEqual(['Stalls', 'Balcony 1', 'Balcony 2']);
    for (const s of old.S) delete s.names;
    old.S[1]!.names = { he: 'גלריה ראשונה' };
    old.S[2]!.name = 'Loge';
    await write(PLAN.musicHall, old);
    const cinema = await read(PLAN.cinema2);
    for (const s of cinema.S) delete s.names;
    await write(PLAN.cinema2, cinema);

    await m025_SectionNames.up(t.db.kysely as unknown as Kysely<unknown>);

    const hall = await read(PLAN.musicHall);
    expect(hall.S.map((s) => s.names)).toEqual([
      DEMO_SECTION_NAMES.Stalls,
      { he: 'גלריה ראשונה' },
      undefined,
    ]);
    expect((await read(PLAN.cinema2)).S[0]!.names).toEqual({
      he: 'אולם',
      en: 'Hall',
      ru: 'Зал',
      ar: 'القاعة',
      pl: 'Sala',
    });
    // Only names were added: every seat is where and what it was.
    expect(hall.S.map((s) => s.G)).toEqual(old.S.map((s) => s.G));

    // Run again (or on a database seeded with the names): nothing changes.
    const before = await t.db.kysely
      .selectFrom('seatplans')
      .select(['id', 'plan_json'])
      .orderBy('id')
      .execute();
    await m025_SectionNames.up(t.db.kysely as unknown as Kysely<unknown>);
    expect(
      await t.db.kysely.selectFrom('seatplans').select(['id', 'plan_json']).orderBy('id').execute(),
    ).toEqual(before);
  });
});
