import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, staffLogin as login } from './helpers.ts';

/**
 * The back office's staff administration (issue 33) in real Chromium against the real server: an admin
 * adds a manager, who sets a password of their own at first login; an admin's API token works on the
 * admin API until revoked; the audit log shows it all. In English on a desktop, and in Hebrew on a phone.
 */

/** Adds a staff user through the form; answers the temporary password the dialog shows once. */
async function addStaffUser(page: Page, username: string, name: string, role: string): Promise<string> {
  const form = page.getByTestId('staff-user-add');
  await form.locator('input[name=username]').fill(username);
  await form.locator('input[name=displayName]').fill(name);
  await form.getByTestId('staff-user-role').selectOption(role);
  await page.getByTestId('staff-user-create').click();
  const secret = (await page.getByTestId('shown-once-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
  return secret;
}

/** Every box of `items` lies inside the screen's width. */
async function expectInsideWidth(items: Locator, width: number) {
  for (const box of await items.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
    const { left, right } = box as DOMRect;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(width);
  }
}

test('an admin adds a manager who sets their own password; an API token works until revoked; the audit log shows it (en)', async ({
  page,
  browser,
}) => {
  // Two people, two logins, a token's whole life and the log: longer than one step of a flow.
  test.setTimeout(60_000);
  await page.goto('/staff?language=en');
  await login(page, 'admin', 'admin-demo-2026');
  await expect(page).toHaveURL(/\/staff\/reports\?language=en$/);
  await page.getByTestId('staff-tab-users').click();
  await expect(page).toHaveURL(/\/staff\/users\?/);
  const temporary = await addStaffUser(page, 'noa.e2e', 'Noa Manager', 'manager');
  await expect(page.getByTestId('shown-once')).toContainText('shown only this once');
  await shot(page, 'staff-user-password-en.png');
  await page.getByTestId('shown-once-close').click();
  const row = page.locator('[data-testid=staff-user-row][data-username="noa.e2e"]');
  await expect(row.getByTestId('staff-user-must-change')).toBeVisible();
  await shot(page, 'staff-users-en.png');

  // The manager, in a browser of their own: the given password lets them set one, then their tabs open.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const manager = await other.newPage();
  await manager.goto('/staff?language=en');
  await login(manager, 'noa.e2e', temporary);
  await expect(manager.getByTestId('staff-password')).toBeVisible();
  await expect(manager.getByTestId('staff-tabs')).toHaveCount(0);
  await manager.locator('input[name=currentPassword]').fill(temporary);
  await manager.locator('input[name=newPassword]').fill('noa’s own password 2026');
  await manager.locator('input[name=repeatPassword]').fill('noa’s own password 2026');
  await manager.getByTestId('staff-password-submit').click();
  await expect(manager.getByTestId('staff-tab-audit')).toBeVisible();
  await expect(manager.getByTestId('staff-tab-reports')).toBeVisible();
  await expect(manager.getByTestId('staff-tab-users')).toHaveCount(0);
  await expect(manager.getByTestId('staff-tab-tokens')).toHaveCount(0);
  await other.close();

  // A token: its secret shown once, with an example call; it works on the admin API until revoked.
  await page.getByTestId('staff-tab-tokens').click();
  await page.getByTestId('token-add').locator('input[name=name]').fill('E2E sync');
  await page.getByTestId('token-create').click();
  const secret = (await page.getByTestId('shown-once-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^bo_[\w-]{43}$/);
  await expect(page.getByTestId('token-example')).toContainText(`Authorization: Bearer ${secret}`);
  await expect(page.getByTestId('token-example')).toContainText('/api/admin/audit');
  await shot(page, 'token-secret-en.png');
  await page.getByTestId('shown-once-close').click();
  await page.reload();
  await expect(page.locator('[data-testid=token-row][data-token-name="E2E sync"]')).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  const bearer = { headers: { Authorization: `Bearer ${secret}` } };
  expect((await page.request.get('/api/admin/audit', bearer)).status()).toBe(200);
  await page
    .locator('[data-testid=token-row][data-token-name="E2E sync"]')
    .getByTestId('token-revoke')
    .click();
  await page.getByTestId('confirm-ok').click();
  await expect(
    page.locator('[data-testid=token-row][data-token-name="E2E sync"]').getByTestId('token-revoked'),
  ).toBeVisible();
  expect((await page.request.get('/api/admin/audit', bearer)).status()).toBe(401);
  await shot(page, 'tokens-en.png');

  await page.getByTestId('staff-tab-audit').click();
  const entries = page.getByTestId('audit-entry');
  await expect(entries.first()).toHaveAttribute('data-action', 'staff_token.revoke');
  await expect(entries.first().getByTestId('audit-action')).toHaveText('API token revoked');
  await expect(page.locator('[data-action="staff_token.create"]')).toContainText('API token created');
  const created = page.locator('[data-action="staff_user.create"]').first();
  await expect(created).toContainText('Staff user added');
  await created.getByTestId('audit-changes-toggle').click();
  await expect(created.getByTestId('audit-changes')).toContainText('Username: (none) → noa.e2e');
  await shot(page, 'audit-en.png');
});

test('on a phone in Hebrew, an admin deactivates a user and the audit log shows it (he, 390 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A tab's own address opens it after the login.
  await page.goto('/staff/users?language=he');
  await login(page, 'admin', 'admin-demo-2026');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('staff-users')).toBeVisible();
  await addStaffUser(page, 'usher.e2e', 'יובל', 'door');
  await shot(page, 'staff-user-password-he-390.png', false);
  await page.getByTestId('shown-once-close').click();

  const row = page.locator('[data-testid=staff-user-row][data-username="usher.e2e"]');
  await row.getByTestId('staff-user-deactivate').click();
  await page.getByTestId('confirm-ok').click();
  await expect(row.getByTestId('staff-user-active')).toHaveText('מושבת');
  await expect(row.getByTestId('staff-user-reactivate')).toBeVisible();

  // Nothing wider than the phone: the tabs wrap, the users are cards; every tab a 44 px target.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectInsideWidth(page.locator('[data-testid^=staff-tab-]'), 390);
  await expectInsideWidth(page.getByTestId('staff-users').locator('button'), 390);
  for (const height of await page
    .locator('[data-testid^=staff-tab-], [data-testid=staff-users] button')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
    expect(height).toBeGreaterThanOrEqual(44);
  await shot(page, 'staff-users-he-390.png');

  await page.getByTestId('staff-tab-audit').click();
  await expect(page).toHaveURL(/\/staff\/audit\?/);
  const latest = page.getByTestId('audit-entry').first();
  await expect(latest).toHaveAttribute('data-action', 'staff_user.deactivate');
  await expect(latest.getByTestId('audit-action')).toHaveText('איש צוות הושבת');
  await latest.getByTestId('audit-changes-toggle').click();
  await expect(latest.getByTestId('audit-changes')).toContainText('פעיל: כן ← לא');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectInsideWidth(page.getByTestId('staff-audit').locator('button, input, select'), 390);
  await shot(page, 'audit-he-390.png');
});
