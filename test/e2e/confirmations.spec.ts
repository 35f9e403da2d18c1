import { expect, test } from '@playwright/test';
import { boardReady, fillCard } from './helpers.ts';

/**
 * Order confirmations in real Chromium against the real server: after an order the confirmation says
 * where the e-mail went, and the development mail outbox shows it (sent by the box office's queue, not
 * by the order's request) with the e-ticket link. The SMS and the retries are the server tests'.
 */
test('an order’s confirmation e-mail reaches the mail outbox with its e-ticket link (en)', async ({
  page,
}) => {
  const email = `mail.${Date.now()}@example.com`;
  await page.goto('/donations?language=en');
  await boardReady(page);
  await page.getByTestId('donation-amount-12').click();
  await page.getByTestId('next-step').click();
  await page.locator('input[name=firstName]').fill('Tamar');
  await page.locator('input[name=lastName]').fill('Shani');
  await page.locator('input[name=email]').fill(email);
  await page.getByTestId('terms').check();
  await fillCard(page, 'en', '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-emailed')).toContainText(
    `A confirmation was sent to ${email}.`,
  );
  const reservation = (await page.getByTestId('reservation-id').textContent())?.trim() ?? '';
  expect(reservation).toMatch(/^[A-Z0-9]+$/);

  await page.goto('/dev/mail-outbox?language=en');
  const mail = page.getByTestId('mail').filter({ hasText: email });
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return mail.count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await expect(mail.getByTestId('mail-subject')).toHaveText(`Your order ${reservation} is confirmed`);
  await expect(mail).toContainText('/edocument/');
  await page.screenshot({ path: test.info().outputPath('mail-outbox-en.png'), fullPage: true });
});

test('a manager logs in to the staff area and sees the confirmations sent; the box office sees no managers’ page (en)', async ({
  page,
}) => {
  await page.goto('/staff?language=en');
  const login = page.getByTestId('staff-login');
  await login.locator('input[name=username]').fill('manager');
  await login.locator('input[name=password]').fill('wrong password');
  await page.getByTestId('staff-login-submit').click();
  await expect(page.getByTestId('staff-login-error')).toHaveText('Wrong login details.');
  await login.locator('input[name=password]').fill('manager-demo-2026');
  await page.getByTestId('staff-login-submit').click();
  await expect(page.getByTestId('staff-who')).toHaveText('Maya Manager · Manager');
  await page.getByTestId('staff-tab-confirmations').click();
  await page.getByTestId('staff-messages').getByText('Sent', { exact: true }).click();
  await expect(page.getByTestId('staff-message').first()).toContainText('Confirmation · E-mail');
  await page.screenshot({ path: test.info().outputPath('staff-messages-en.png'), fullPage: true });
  // The staff session is the staff area's own: the shop's personal area does not know it.
  await page.reload();
  await expect(page.getByTestId('staff-area')).toBeVisible();
  await page.getByTestId('staff-logout').click();
  await expect(page.getByTestId('staff-login')).toBeVisible();

  await login.locator('input[name=username]').fill('boxoffice');
  await login.locator('input[name=password]').fill('boxoffice-demo-2026');
  await page.getByTestId('staff-login-submit').click();
  await expect(page.getByTestId('staff-tab-waivers')).toBeVisible();
  await expect(page.getByTestId('staff-tab-reports')).toHaveCount(0);
  await expect(page.getByTestId('staff-tab-confirmations')).toHaveCount(0);
  await expect(page.getByTestId('staff-messages')).toHaveCount(0);
  const denied = await page.request.get('/api/staff/messages');
  expect(denied.status()).toBe(403);
});
