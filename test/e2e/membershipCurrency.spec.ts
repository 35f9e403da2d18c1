import { expect, type Page, test } from '@playwright/test';
import { fillCard } from './helpers.ts';

/**
 * A membership priced in euros (the demo's FRIENDS price with code ABROAD: 120.00 EUR) is shown and
 * paid in euros all the way: the price card, the summary, the pay button, the confirmation and the
 * order's document (issue 16). Demo catalogue: server/seed/membershipPrices.ts.
 */

test.describe.configure({ timeout: 90_000 });

async function logInByEmail(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/customer/login', {
    data: { email, password, includeMemberships: true },
  });
  expect(res.status()).toBe(200);
}

test('Friends of the Philharmonic from abroad: €120.00 at checkout and on the confirmation (en)', async ({
  page,
}) => {
  await logInByEmail(page, 'avi@example.com', 'avi-demo-2026');
  await page.goto('/membership/FRIENDS?language=en');
  await expect(page.getByTestId('flow-title')).toBeVisible();
  await page.getByTestId('price-code').fill('abroad');
  await page.getByTestId('apply-code').click();
  const abroad = page.getByTestId('membership-price').filter({ hasText: 'Member abroad' });
  await expect(abroad).toContainText('€120.00');
  await abroad.getByTestId('add-membership').click();
  const chosen = page.getByTestId('chosen-membership');
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText('€120.00');
  await chosen.getByTestId('accept-terms').check();
  // Logged in already: no login step (issue 35), straight to the payment.
  await chosen.getByTestId('next-step').click();
  await expect(page.getByTestId('checkout')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('€120.00');
  await expect(page.getByTestId('order-summary')).not.toContainText('₪');
  const pay = page.getByTestId('pay');
  await expect(pay).toContainText('€120.00');
  // Paid whole by card in euros: no gift cards, no instalments.
  await expect(page.getByTestId('voucher-payments')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('membership-eur-payment-en.png'), fullPage: true });

  await page.getByTestId('terms').check();
  await fillCard(page, 'en', '4111 1111 1111 1111');
  await pay.click();
  await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('confirmation-total')).toContainText('€120.00');
  await expect(page.getByTestId('confirmation-payment').first()).toContainText('€120.00');
  await page.screenshot({
    path: test.info().outputPath('membership-eur-confirmation-en.png'),
    fullPage: true,
  });
});

test('the same in Hebrew on a phone: euros, not shekels', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInByEmail(page, 'dana@example.com', 'dana-demo-2026');
  await page.goto('/membership/FRIENDS?language=he');
  await page.getByTestId('price-code').fill('ABROAD');
  await page.getByTestId('apply-code').click();
  const abroad = page.getByTestId('membership-price').filter({ hasText: '€' });
  await expect(abroad).toContainText('120.00');
  await abroad.getByTestId('add-membership').click();
  const chosen = page.getByTestId('chosen-membership');
  await chosen.getByTestId('accept-terms').check();
  await chosen.getByTestId('next-step').click();
  await expect(page.getByTestId('order-total')).toContainText('€');
  await expect(page.getByTestId('order-total')).toContainText('120.00');
  await expect(page.getByTestId('pay')).toContainText('€');
  await page.screenshot({
    path: test.info().outputPath('membership-eur-payment-he-phone.png'),
    fullPage: true,
  });
});
