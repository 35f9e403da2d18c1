import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin, makeAdmin } from '../../services/staff/firstAdmin.ts';
import { createTestApp, dialects, type TestApp } from '../../testing/harness.ts';
import { asStaff, demoStaffCookie, staffCookie } from '../../testing/staff.ts';

/** Issue 33: staff users and their roles, API tokens on the admin API only, and the audit log. */
describe.each(dialects)('staff administration on %s', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof asStaff>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = asStaff(t.app, await demoStaffCookie(t.app, 'admin'));
  });
  afterAll(async () => t?.close());

  it('adds a manager whose given password works once: they set their own before anything else', async () => {
    const created = await admin.post('/api/admin/staff-users', {
      username: 'Noa.Manager',
      displayName: 'Noa',
      role: 'manager',
    });
    expect(created.statusCode).toBe(201);
    const { user, temporaryPassword } = created.json();
    expect(user).toMatchObject({
      username: 'noa.manager',
      role: 'manager',
      active: true,
      mustChangePassword: true,
    });
    expect(temporaryPassword).toMatch(/^[\w]{4}-[\w]{4}-[\w]{4}-[\w]{4}$/);
    // The list never shows a password again.
    const list = await admin.get('/api/admin/staff-users');
    expect(JSON.stringify(list.json())).not.toContain(temporaryPassword);
    expect(list.json().users.map((u: { username: string }) => u.username)).toContain('noa.manager');

    const noa = asStaff(t.app, await staffCookie(t.app, 'noa.manager', temporaryPassword));
    expect((await noa.get('/api/staff/me')).json()).toMatchObject({ mustChangePassword: true });
    expect((await noa.get('/api/staff/messages')).json()).toMatchObject({
      statusCode: 403,
      code: 'staff_password_change_required',
    });
    const same = await noa.post('/api/staff/password', {
      currentPassword: temporaryPassword,
      newPassword: temporaryPassword,
    });
    expect(same.json()).toMatchObject({ code: 'staff_password_reused' });
    const wrong = await noa.post('/api/staff/password', {
      currentPassword: 'not-the-password',
      newPassword: 'a long password of my own',
    });
    expect(wrong.json()).toMatchObject({ statusCode: 400, code: 'staff_password_wrong' });
    const set = await noa.post('/api/staff/password', {
      currentPassword: temporaryPassword,
      newPassword: 'a long password of my own',
    });
    expect(set.json()).toMatchObject({ username: 'noa.manager', mustChangePassword: false });
    expect((await noa.get('/api/staff/messages')).statusCode).toBe(200);
    // The given password is gone; the new one logs in.
    await expect(staffCookie(t.app, 'noa.manager', temporaryPassword)).rejects.toThrow(/401/);
    await staffCookie(t.app, 'noa.manager', 'a long password of my own');
    // One username, one user.
    const again = await admin.post('/api/admin/staff-users', {
      username: 'noa.manager',
      displayName: 'X',
      role: 'door',
    });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'staff_user_exists' });
  });

  it('ends a deactivated user’s sessions at once, and a reset password ends them too', async () => {
    const { user, temporaryPassword } = (
      await admin.post('/api/admin/staff-users', {
        username: 'clerk2',
        displayName: 'Clerk',
        role: 'box_office',
      })
    ).json();
    const cookie = await staffCookie(t.app, 'clerk2', temporaryPassword);
    const clerk = asStaff(t.app, cookie);
    await clerk.post('/api/staff/password', {
      currentPassword: temporaryPassword,
      newPassword: 'clerk password 2026',
    });
    expect((await clerk.get('/api/staff/me')).statusCode).toBe(200);

    const reset = await admin.post(`/api/admin/staff-users/${user.id}/password-reset`);
    expect(reset.json().user).toMatchObject({ mustChangePassword: true });
    expect((await clerk.get('/api/staff/me')).json()).toMatchObject({ code: 'staff_not_logged_in' });
    const again = asStaff(t.app, await staffCookie(t.app, 'clerk2', reset.json().temporaryPassword));
    expect((await again.get('/api/staff/me')).statusCode).toBe(200);

    const off = await admin.patch(`/api/admin/staff-users/${user.id}`, { active: false });
    expect(off.json()).toMatchObject({ active: false });
    expect((await again.get('/api/staff/me')).json()).toMatchObject({
      statusCode: 401,
      code: 'staff_not_logged_in',
    });
    await expect(staffCookie(t.app, 'clerk2', reset.json().temporaryPassword)).rejects.toThrow(
      /LOGIN_FAILED/,
    );
  });

  it('keeps every role but admin out of staff administration, and the door out of the managers’ pages', async () => {
    for (const role of ['manager', 'box_office', 'door'] as const) {
      const who = asStaff(t.app, await demoStaffCookie(t.app, role));
      expect((await who.get('/api/admin/staff-users')).json(), role).toMatchObject({
        statusCode: 403,
        code: 'staff_forbidden',
      });
      expect((await who.post('/api/admin/tokens', { name: 'x', role: 'admin' })).statusCode, role).toBe(403);
      expect(
        (await who.post('/api/admin/staff-users', { username: 'sneaky', displayName: 'S', role: 'admin' }))
          .statusCode,
      ).toBe(403);
    }
    const door = asStaff(t.app, await demoStaffCookie(t.app, 'door'));
    expect((await door.get('/api/staff/me')).json()).toMatchObject({ role: 'door' });
    expect((await door.get('/api/staff/messages')).statusCode).toBe(403);
    expect((await door.get('/api/admin/audit')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/staff-users' })).json()).toMatchObject({
      statusCode: 401,
      code: 'staff_not_logged_in',
    });
  });

  it('never lets the venue lose its last admin, nor an admin demote themselves', async () => {
    const users = (await admin.get('/api/admin/staff-users')).json().users as {
      id: string;
      username: string;
    }[];
    const self = users.find((u) => u.username === 'admin')!;
    expect(
      (await admin.patch(`/api/admin/staff-users/${self.id}`, { role: 'manager' })).json(),
    ).toMatchObject({
      code: 'staff_self_change',
    });
    const { user: other, temporaryPassword } = (
      await admin.post('/api/admin/staff-users', { username: 'admin2', displayName: 'Second', role: 'admin' })
    ).json();
    const second = asStaff(t.app, await staffCookie(t.app, 'admin2', temporaryPassword));
    await second.post('/api/staff/password', {
      currentPassword: temporaryPassword,
      newPassword: 'second admin 2026',
    });
    // With two admins, one may step the other down; then the last one stays.
    expect((await second.patch(`/api/admin/staff-users/${self.id}`, { active: false })).json()).toMatchObject(
      { active: false },
    );
    expect((await admin.get('/api/admin/staff-users')).statusCode).toBe(401);
    const direct = await t.db.kysely
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', 'admin2')
      .executeTakeFirstOrThrow();
    expect(direct.id).toBe(other.id);
    expect((await second.patch(`/api/admin/staff-users/${other.id}`, { role: 'door' })).json()).toMatchObject(
      {
        code: 'staff_self_change',
      },
    );
    // Bring the demo admin back for the tests that follow.
    await second.patch(`/api/admin/staff-users/${self.id}`, { active: true });
    admin = asStaff(t.app, await demoStaffCookie(t.app, 'admin'));
  });

  it('issues API tokens shown once, hashed, for the admin API only; revoked or expired ones are refused at once', async () => {
    const created = await admin.post('/api/admin/tokens', { name: 'Box office sync', role: 'manager' });
    expect(created.statusCode).toBe(201);
    const { token, secret } = created.json();
    expect(secret).toMatch(/^bo_[\w-]{43}$/);
    expect(token).toMatchObject({
      name: 'Box office sync',
      role: 'manager',
      prefix: secret.slice(0, 8),
      lastUsedAt: null,
    });
    const stored = await t.db.kysely
      .selectFrom('staff_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);

    const api = asStaff(t.app, `Bearer ${secret}`);
    expect((await api.get('/api/admin/audit?limit=5')).statusCode).toBe(200);
    expect((await api.get('/api/admin/staff-users')).json()).toMatchObject({ code: 'staff_forbidden' });
    // Not on the staff area's calls, not on a customer's.
    expect((await api.get('/api/staff/me')).json()).toMatchObject({ code: 'staff_not_logged_in' });
    expect((await api.get('/api/customer-area/reservations')).json()).toMatchObject({ statusCode: 401 });
    const listed = (await admin.get('/api/admin/tokens'))
      .json()
      .tokens.find((x: { id: string }) => x.id === token.id);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(JSON.stringify((await admin.get('/api/admin/tokens')).json())).not.toContain(secret);

    expect((await admin.delete(`/api/admin/tokens/${token.id}`)).json()).toMatchObject({
      revokedAt: expect.any(String),
    });
    expect((await api.get('/api/admin/audit')).json()).toMatchObject({
      statusCode: 401,
      code: 'staff_token_invalid',
    });
    expect(
      (await asStaff(t.app, 'Bearer bo_not-a-token-at-all-000000').get('/api/admin/audit')).statusCode,
    ).toBe(401);

    const soon = new Date(t.clock.now() + 60_000).toISOString();
    const short = (
      await admin.post('/api/admin/tokens', { name: 'Short', role: 'admin', expiresAt: soon })
    ).json();
    const shortApi = asStaff(t.app, `Bearer ${short.secret}`);
    expect((await shortApi.get('/api/admin/staff-users')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await shortApi.get('/api/admin/staff-users')).json()).toMatchObject({
      code: 'staff_token_invalid',
    });
    const past = await admin.post('/api/admin/tokens', { name: 'Past', role: 'admin', expiresAt: soon });
    expect(past.json()).toMatchObject({ statusCode: 400, code: 'formValidation' });
  });

  it('records every change with who, when, before and after, filterable by object and by person', async () => {
    const { user } = (
      await admin.post('/api/admin/staff-users', { username: 'usher7', displayName: 'Usher', role: 'door' })
    ).json();
    await admin.patch(`/api/admin/staff-users/${user.id}`, { displayName: 'Usher Seven' });
    const log = (await admin.get(`/api/admin/audit?objectType=staff_user&objectId=${user.id}`)).json();
    expect(log.entries.map((e: { action: string }) => e.action)).toEqual([
      'staff_user.update',
      'staff_user.create',
    ]);
    expect(log.entries[0]).toMatchObject({
      actor: { kind: 'user', name: 'admin' },
      before: { displayName: 'Usher' },
      after: { displayName: 'Usher Seven' },
    });
    const adminId = log.entries[0].actor.id;
    const byAdmin = (await admin.get(`/api/admin/audit?actorId=${adminId}&limit=2`)).json();
    expect(byAdmin.entries).toHaveLength(2);
    expect(byAdmin.next).toEqual(expect.any(String));
    const older = (
      await admin.get(`/api/admin/audit?actorId=${adminId}&limit=2&before=${byAdmin.next}`)
    ).json();
    expect(older.entries[0].id).not.toBe(byAdmin.entries[0].id);
    expect(older.entries[0].at <= byAdmin.entries[1].at).toBe(true);
    // Tokens appear as tokens; no secret or password hash is ever written to the log.
    const tokens = (await admin.get('/api/admin/audit?objectType=staff_token')).json();
    expect(tokens.entries.length).toBeGreaterThan(0);
    const all = await t.db.kysely.selectFrom('audit_log').selectAll().execute();
    const text = JSON.stringify(all);
    expect(text).not.toMatch(/bo_[\w-]{43}/);
    expect(text).not.toContain('scrypt$');
    expect((await admin.get('/api/admin/audit?objectType=nonsense')).statusCode).toBe(400);
  });

  it('documents every admin call in the OpenAPI document under the admin tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const admin = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/admin/'));
    expect(admin.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/api/admin/staff-users',
        '/api/admin/tokens/{id}',
        '/api/admin/audit',
        '/api/admin/venues',
        '/api/admin/halls/{id}/seatplans',
        '/api/admin/seatplans/{id}/publish',
        '/api/admin/presentations/{id}/seatplan',
      ]),
    );
    for (const [path, operations] of admin)
      for (const [method, op] of Object.entries(operations))
        expect(op.tags, `${method} ${path}`).toEqual(['admin']);
  });

  it('makes the first admin from the one-time setting, and from the command', async () => {
    const fresh = await createTestApp(dialect, { seed: false });
    try {
      expect(await ensureFirstAdmin(fresh.db.kysely, undefined, fresh.clock.now())).toBe('missing');
      const setting = { username: 'venue-admin', password: 'first admin password' };
      expect(await ensureFirstAdmin(fresh.db.kysely, setting, fresh.clock.now())).toBe('created');
      expect(await ensureFirstAdmin(fresh.db.kysely, setting, fresh.clock.now())).toBe('exists');
      const first = asStaff(fresh.app, await staffCookie(fresh.app, 'venue-admin', setting.password));
      expect((await first.get('/api/admin/staff-users')).json()).toMatchObject({
        code: 'staff_password_change_required',
      });

      const made = await makeAdmin(fresh.db.kysely, 'rescue', fresh.clock.now());
      const rescue = asStaff(fresh.app, await staffCookie(fresh.app, 'rescue', made.temporaryPassword));
      expect((await rescue.get('/api/staff/me')).json()).toMatchObject({
        role: 'admin',
        mustChangePassword: true,
      });
    } finally {
      await fresh.close();
    }
  });
});
