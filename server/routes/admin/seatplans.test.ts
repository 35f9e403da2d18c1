import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seatplan } from '../../../src/api/contract/seatplan.ts';
import { seatKey } from '../../../src/domain/seatKey.ts';
import { findPresentation, freeSeats, lock, lockBody, statusMap } from '../../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

const example = (name: string) =>
  readFileSync(new URL(`../../../docs/examples/${name}`, import.meta.url), 'utf8');

/**
 * Issue 33: a venue brings its hall's plan in from pretix's JSON, a spreadsheet or the shop's own JSON,
 * sees its problems, fixes them on the map, publishes, exports; published versions never change, and a
 * presentation keeps the version it went on sale with.
 */
describe.each(dialects)('seat plans in the back office on %s', (dialect) => {
  let t: TestApp;
  let manager: ReturnType<typeof asStaff>;
  let hallId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
    const venue = await manager.post('/api/admin/venues', {
      name: { en: 'Harbour Hall', he: 'היכל הנמל' },
      address: {
        street: { en: '1 Harbour Street', he: 'רחוב הנמל 1' },
        city: { en: 'Haifa', he: 'חיפה' },
        postalCode: '3100001',
        country: 'IL',
      },
    });
    expect(venue.statusCode).toBe(201);
    expect(venue.json()).toMatchObject({ address: { country: 'IL' }, onlineSalesEnabled: true, halls: [] });
    const hall = await manager.post(`/api/admin/venues/${venue.json().id}/halls`, {
      name: { en: 'Main', he: 'ראשי' },
    });
    expect(hall.statusCode).toBe(201);
    hallId = hall.json().id;
  });
  afterAll(async () => t?.close());

  it('brings a pretix plan in, publishes it, and exports it to the same seats', async () => {
    const file = { format: 'pretix', content: example('seatplan-pretix.json') };
    const check = (await manager.post(`/api/admin/halls/${hallId}/seatplans/check`, file)).json();
    expect(check.figures.seats).toBeGreaterThan(40);
    expect(check.problems.filter((p: { severity: string }) => p.severity === 'error')).toEqual([]);
    expect(
      await t.db.kysely.selectFrom('seatplans').select('id').where('hall_id', '=', hallId).execute(),
    ).toEqual([]);

    const imported = await manager.post(`/api/admin/halls/${hallId}/seatplans`, file);
    expect(imported.statusCode).toBe(201);
    const draft = imported.json().version;
    expect(draft).toMatchObject({ hallId, status: 'draft', version: 1, errors: 0, sourceFormat: 'pretix' });
    const published = (await manager.post(`/api/admin/seatplans/${draft.id}/publish`)).json();
    expect(published).toMatchObject({ status: 'published', version: 1, publishedAt: expect.any(String) });
    const seats = await t.db.kysely
      .selectFrom('plan_seats')
      .select('x')
      .where('seatplan_id', '=', draft.id)
      .execute();
    expect(seats).toHaveLength(check.figures.seats);

    // Published is final: no edits, no deleting, no second publish.
    const edit = await manager.patch(`/api/admin/seatplans/${draft.id}`, {
      edits: [{ op: 'renameRow', sectionId: 1, row: '1', to: 'A' }],
    });
    expect(edit.json()).toMatchObject({ statusCode: 409, code: 'seatplan_not_draft' });
    expect((await manager.delete(`/api/admin/seatplans/${draft.id}`)).statusCode).toBe(409);
    expect((await manager.post(`/api/admin/seatplans/${draft.id}/publish`)).statusCode).toBe(409);

    // Out in every format and back in: the same seats under the same keys.
    for (const format of ['seatplanV2', 'csv', 'pretix'] as const) {
      const out = await manager.get(`/api/admin/seatplans/${draft.id}/export?format=${format}`);
      expect(out.statusCode, format).toBe(200);
      expect(out.headers['content-disposition']).toMatch(/attachment; filename="main-v1\./);
      const back = (
        await manager.post(`/api/admin/halls/${hallId}/seatplans`, { format, content: out.body })
      ).json();
      const diff = (await manager.get(`/api/admin/seatplans/${back.version.id}/diff`)).json();
      expect(diff.from, format).toBe(draft.id);
      expect(diff.totals, format).toEqual({ added: 0, removed: 0, moved: 0, changed: 0 });
      expect((await manager.delete(`/api/admin/seatplans/${back.version.id}`)).statusCode).toBe(204);
    }
  });

  it('lists a spreadsheet’s problems by line and seat, keeps it as a draft, and publishes once it is fixed', async () => {
    const file = { format: 'csv', content: example('seatplan.csv') };
    const check = (await manager.post(`/api/admin/halls/${hallId}/seatplans/check`, file)).json();
    const errors = check.problems.filter((p: { severity: string }) => p.severity === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'companion_without_wheelchair',
        seat: expect.objectContaining({ key: expect.any(String) }),
      }),
    ]);
    const { version } = (await manager.post(`/api/admin/halls/${hallId}/seatplans`, file)).json();
    expect(version).toMatchObject({ status: 'draft', version: 2, errors: 1 });
    expect((await manager.post(`/api/admin/seatplans/${version.id}/publish`)).json()).toMatchObject({
      statusCode: 409,
      code: 'seatplan_has_errors',
      params: { errors: 1, first: 'companion_without_wheelchair' },
    });

    // Fixed on the map: the lone companion seat becomes an ordinary seat.
    const key = errors[0].seat.key as string;
    const unknown = await manager.patch(`/api/admin/seatplans/${version.id}`, {
      edits: [{ op: 'setSeats', keys: ['99_0_0'], companion: false }],
    });
    expect(unknown.json()).toMatchObject({
      statusCode: 400,
      code: 'seatplan_edit_invalid',
      params: { value: '99_0_0' },
    });
    const fixed = (
      await manager.patch(`/api/admin/seatplans/${version.id}`, {
        edits: [
          { op: 'setSeats', keys: [key], companion: false, limitedView: true },
          {
            op: 'renameSection',
            sectionId: 1,
            names: { en: 'Stalls', he: 'אולם', ru: 'Партер', ar: 'الصالة', pl: 'Parter' },
          },
        ],
      })
    ).json();
    expect(fixed).toMatchObject({ changed: expect.any(Number), version: { errors: 0 } });
    expect(fixed.problems.filter((p: { severity: string }) => p.severity === 'error')).toEqual([]);
    expect((await manager.post(`/api/admin/seatplans/${version.id}/publish`)).json()).toMatchObject({
      status: 'published',
      version: 2,
    });
    const detail = (await manager.get(`/api/admin/seatplans/${version.id}`)).json();
    const seat = (detail.plan as Seatplan).S.flatMap((s) =>
      s.G.flatMap((g) => g.R.flatMap((r) => r.S.map((x) => ({ s, x })))),
    ).find(({ s, x }) => seatKey(s.id, x.x, x.y) === key);
    expect(seat?.x).toMatchObject({ limitedView: true });
    expect(seat?.x.companion).toBeUndefined();

    const log = (await manager.get(`/api/admin/audit?objectType=seatplan&objectId=${version.id}`)).json();
    expect(log.entries.map((e: { action: string }) => e.action)).toEqual([
      'seatplan.publish',
      'seatplan.edit',
      'seatplan.import',
    ]);
    expect(log.entries[1].after.seats[0]).toMatchObject({
      seat: { key },
      fields: expect.arrayContaining(['companion']),
    });
  });

  it('refuses a file that cannot become a plan, naming the line, and saves nothing', async () => {
    const broken = 'section,row,seat,x,y,price_level\nStalls,A,1,10,10,Standard\nStalls,A,2,,10,Standard\n';
    const before = await t.db.kysely.selectFrom('seatplans').select('id').execute();
    const check = (
      await manager.post(`/api/admin/halls/${hallId}/seatplans/check`, { format: 'csv', content: broken })
    ).json();
    expect(check.figures).toBeNull();
    expect(check.problems).toContainEqual(
      expect.objectContaining({ code: 'seat_without_position', line: 3 }),
    );
    const res = await manager.post(`/api/admin/halls/${hallId}/seatplans`, {
      format: 'csv',
      content: broken,
    });
    expect(res.json()).toMatchObject({
      statusCode: 422,
      code: 'seatplan_invalid',
      params: { first: 'seat_without_position', line: 3 },
    });
    const notJson = await manager.post(`/api/admin/halls/${hallId}/seatplans`, {
      format: 'pretix',
      content: '{"zones": [',
    });
    expect(notJson.json()).toMatchObject({ statusCode: 422, params: { first: 'file_unreadable' } });
    expect(await t.db.kysely.selectFrom('seatplans').select('id').execute()).toHaveLength(before.length);
    expect(
      (await manager.post('/api/admin/halls/999999/seatplans', { format: 'csv', content: broken }))
        .statusCode,
    ).toBe(404);
  });

  it('publishes a new version of a hall on sale without moving a held seat: the show keeps its version', async () => {
    const p = await findPresentation(t.app, (x) => x.isReserved && !x.isVod);
    const [seat] = await freeSeats(t.app, p);
    const buyer = visitor();
    expect((await lock(t.app, buyer, lockBody(p, seat!))).statusCode).toBe(200);
    const copy = (await manager.post(`/api/admin/seatplans/${p.seatplanId}/copy`)).json();
    expect(copy).toMatchObject({ hallId: p.seatplanId, status: 'draft', version: 2 });
    await manager.patch(`/api/admin/seatplans/${copy.id}`, {
      edits: [{ op: 'setSeats', keys: [seat!.key], premium: true }],
    });
    const diff = (await manager.get(`/api/admin/seatplans/${copy.id}/diff`)).json();
    expect(diff).toMatchObject({ from: p.seatplanId, totals: { changed: 1, added: 0, removed: 0 } });
    expect((await manager.post(`/api/admin/seatplans/${copy.id}/publish`)).json()).toMatchObject({
      version: 2,
    });

    const row = await t.db.kysely
      .selectFrom('presentations')
      .select('seatplan_id')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.seatplan_id).toBe(p.seatplanId);
    expect((await statusMap(t.app, p, buyer)).held).toContain(seat!.key);
    const v1 = (await manager.get(`/api/admin/seatplans/${p.seatplanId}`)).json();
    expect(v1.version).toMatchObject({ status: 'published', version: 1, presentations: expect.any(Number) });
    expect(v1.version.presentations).toBeGreaterThan(0);
    expect(
      (
        await manager.patch(`/api/admin/seatplans/${p.seatplanId}`, {
          edits: [{ op: 'setSeats', keys: [seat!.key], premium: true }],
        })
      ).statusCode,
    ).toBe(409);

    // Moving the show to version 2 is refused while the held seat differs there, and names it.
    const refused = await manager.put(`/api/admin/presentations/${p.id}/seatplan`, { seatplanId: copy.id });
    expect(refused.json()).toMatchObject({
      statusCode: 409,
      code: 'seatplan_seats_in_use',
      params: { count: 1, seats: seat!.key },
    });
    // A version 3 that keeps the held seat as it was (and flags another seat) is accepted.
    const v3 = (await manager.post(`/api/admin/seatplans/${p.seatplanId}/copy`)).json();
    const [, other] = await freeSeats(t.app, p);
    await manager.patch(`/api/admin/seatplans/${v3.id}`, {
      edits: [{ op: 'setSeats', keys: [other!.key], premium: true }],
    });
    await manager.post(`/api/admin/seatplans/${v3.id}/publish`);
    const moved = await manager.put(`/api/admin/presentations/${p.id}/seatplan`, { seatplanId: v3.id });
    expect(moved.json()).toEqual({ presentationId: p.id, seatplanId: v3.id, version: 3 });
    const after = await t.db.kysely
      .selectFrom('presentations')
      .select('seatplan_id')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(after.seatplan_id).toBe(v3.id);
    const log = (await manager.get(`/api/admin/audit?objectType=presentation&objectId=${p.id}`)).json();
    expect(log.entries[0]).toMatchObject({
      action: 'presentation.seatplan',
      before: { version: 1 },
      after: { version: 3, seatsKept: expect.any(Number) },
    });
    // The seed's sold seats and the held one all stayed where they were.
    expect(log.entries[0].after.seatsKept).toBeGreaterThan(1);
    // A version of another hall is refused.
    const foreign = (await manager.get(`/api/admin/halls/${hallId}/seatplans`)).json().versions.at(-1).id;
    expect(
      (await manager.put(`/api/admin/presentations/${p.id}/seatplan`, { seatplanId: foreign })).json(),
    ).toMatchObject({ statusCode: 409, code: 'seatplan_not_of_hall' });
  });

  it('keeps the box office and the door out of the catalogue; a manager’s token works until revoked', async () => {
    for (const role of ['box_office', 'door'] as const) {
      const who = asStaff(t.app, await demoStaffCookie(t.app, role));
      expect((await who.get('/api/admin/venues')).json(), role).toMatchObject({
        statusCode: 403,
        code: 'staff_forbidden',
      });
      expect(
        (
          await who.post(`/api/admin/halls/${hallId}/seatplans`, {
            format: 'csv',
            content: example('seatplan.csv'),
          })
        ).statusCode,
      ).toBe(403);
      expect((await who.patch('/api/admin/venues/1', { onlineSalesEnabled: false })).statusCode).toBe(403);
    }
    const admin = asStaff(t.app, await demoStaffCookie(t.app, 'admin'));
    const { token, secret } = (
      await admin.post('/api/admin/tokens', { name: 'Plan sync', role: 'manager' })
    ).json();
    const api = asStaff(t.app, `Bearer ${secret}`);
    const imported = await api.post(`/api/admin/halls/${hallId}/seatplans`, {
      format: 'seatplanV2',
      content: example('seatplan-v2.json'),
    });
    expect(imported.statusCode).toBe(201);
    const entry = (
      await admin.get(`/api/admin/audit?objectType=seatplan&objectId=${imported.json().version.id}`)
    ).json().entries[0];
    expect(entry.actor).toMatchObject({ kind: 'token', id: token.id });
    await admin.delete(`/api/admin/tokens/${token.id}`);
    expect((await api.get('/api/admin/venues')).json()).toMatchObject({
      statusCode: 401,
      code: 'staff_token_invalid',
    });
  });

  it('shows the venue with its address and halls, and records the online-sales switch', async () => {
    const venues = (await manager.get('/api/admin/venues')).json().venues;
    const harbour = venues.find((v: { name: { en?: string } }) => v.name.en === 'Harbour Hall');
    expect(harbour.halls).toEqual([
      expect.objectContaining({ id: hallId, published: expect.objectContaining({ version: 2 }), drafts: 1 }),
    ]);
    const off = (
      await manager.patch(`/api/admin/venues/${harbour.id}`, { onlineSalesEnabled: false })
    ).json();
    expect(off.onlineSalesEnabled).toBe(false);
    const log = (await manager.get(`/api/admin/audit?objectType=venue&objectId=${harbour.id}`)).json();
    expect(log.entries[0]).toMatchObject({
      action: 'venue.online_sales',
      before: { onlineSalesEnabled: true },
      after: { onlineSalesEnabled: false },
    });
    const bad = await manager.patch(`/api/admin/venues/${harbour.id}`, {
      address: { street: {}, city: {}, country: 'Israel' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('has the demo’s halls and features put in through the same services, audited as the system’s; lists the price levels by name', async () => {
    const venues = (await manager.get('/api/admin/venues')).json().venues;
    const halls = venues.flatMap((v: { halls: unknown[] }) => v.halls) as {
      id: number;
      published: { version: number; sourceFormat: string; warnings: number } | null;
    }[];
    // One demo hall has a second version by now (the test above): the others are as the seed left them.
    const demo = halls.filter((h) => h.id !== hallId && h.published?.version === 1);
    expect(demo.length).toBeGreaterThan(5);
    for (const h of demo) expect(h.published).toMatchObject({ sourceFormat: 'seatplanV2' });
    const log = (await manager.get(`/api/admin/audit?objectType=seatplan&objectId=${demo[0]!.id}`)).json();
    expect(log.entries).toEqual([
      expect.objectContaining({
        action: 'seatplan.publish',
        actor: expect.objectContaining({ kind: 'system' }),
        after: expect.objectContaining({ version: 1, hallId: demo[0]!.id }),
      }),
    ]);
    // The demo's features too (issue 34): added by the system through the programme's service.
    const film = (await manager.get('/api/admin/audit?objectType=feature&objectId=1')).json();
    expect(film.entries).toEqual([
      expect.objectContaining({
        action: 'feature.create',
        actor: expect.objectContaining({ kind: 'system' }),
      }),
    ]);
    const levels = await manager.get('/api/admin/price-levels');
    expect(levels.statusCode).toBe(200);
    expect(levels.json().priceLevels.length).toBeGreaterThan(3);
    expect(levels.json().priceLevels[0]).toMatchObject({
      id: expect.any(Number),
      name: { en: expect.any(String) },
    });
    const door = asStaff(t.app, await demoStaffCookie(t.app, 'door'));
    expect((await door.get('/api/admin/price-levels')).statusCode).toBe(403);
  });
});
