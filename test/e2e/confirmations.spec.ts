import { expect, test } from '@playwright/test';
import { fillCard } from './helpers.ts';

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
