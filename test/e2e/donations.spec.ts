import { expect, type Page, test } from '@playwright/test';
import { boardReady, fillCard } from './helpers.ts';

/**
 * The donation order in real Chromium against the real server and its sandbox acquirer: a fund's fixed
 * amounts and an amount of the donor's within its bounds, the one checkout, the confirmation with the
 * receipt's number and the printable receipt; the messages; the voucher and donation carts clearing
 * each other. Demo fund (server/seed/vouchersForSale.ts): Young Musicians Fund, ₪18/₪36/₪100 or any
 * amount from ₪10 to ₪10,000.
 */

test.describe.configure({ timeout: 60_000 });

async function fillDonor(page: Page) {
  await page.locator('input[name=firstName]').fill('Noa');
  await page.locator('input[name=lastName]').fill('Barak');
  await page.locator('input[name=email]').fill('noa@example.com');
  await page.getByTestId('terms').check();
}

for (const [lang, amount, shown, title] of [
  ['en', '250', '₪250.00', 'Donation receipt'],
  ['he', '72.50', '72.50', 'קבלה על תרומה'],
] as const) {
  test(`a custom amount is donated and its receipt opens (${lang})`, async ({ page }) => {
    await page.goto(`/donations?language=${lang}`);
    await boardReady(page);
    await expect(page.getByTestId('donation-fund')).toHaveCount(1);
    await page.getByTestId('donation-custom-1').click();
    await page.getByTestId('donation-custom-amount-1').fill(amount);
    await expect(page.getByTestId('donation-quantity-1')).toHaveValue('1');
    await page.screenshot({ path: test.info().outputPath(`donations-choose-${lang}.png`), fullPage: true });
    await page.getByTestId('next-step').click();

    await expect(page.getByTestId('checkout')).toBeVisible();
    await expect(page.getByTestId('order-total')).toContainText(shown);
    await fillDonor(page);
    await fillCard(page, lang, '4111 1111 1111 1111');
    await page.screenshot({ path: test.info().outputPath(`donations-payment-${lang}.png`), fullPage: true });
    await page.getByTestId('pay').click();

    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByTestId('confirmation-total')).toContainText(shown);
    const receiptLine = await page.getByTestId('receipt-number').textContent();
    const number = /D-\d{4}-\d{6}/.exec(receiptLine ?? '')?.[0];
    expect(number).toBeTruthy();
    await page.screenshot({
      path: test.info().outputPath(`donations-confirmation-${lang}.png`),
      fullPage: true,
    });

    await page.getByTestId('open-document').click();
    const receipt = page.getByTestId('donation-receipt');
    await expect(receipt).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(receipt.getByTestId('receipt-number')).toHaveText(number!);
    await expect(receipt).toContainText('Noa Barak');
    await expect(receipt.getByTestId('receipt-total')).toContainText(shown);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await page.screenshot({ path: test.info().outputPath(`donations-receipt-${lang}.png`), fullPage: true });
  });
}

test('a donation paid on the hosted payment page completes back in the shop (en)', async ({ page }) => {
  await page.goto('/donations?language=en');
  await boardReady(page);
  await page.getByTestId('donation-amount-12').click();
  await page.getByTestId('donation-quantity-1').fill('2');
  await page.getByTestId('next-step').click();
  await fillDonor(page);
  await page.getByTestId('method-redirect').click();
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/sandbox\/pay\//);
  await page.locator('input[name=number]').fill('4111111111111111');
  await page.locator('input[name=expiry]').fill('12/29');
  await page.locator('input[name=cvv]').fill('123');
  await page.locator('input[name=holderId]').fill('123456782');
  await page.getByTestId('hosted-pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page).toHaveURL(/\/donations\?language=en$/);
  await expect(page.getByTestId('confirmation-total')).toHaveText('₪72.00');
  await expect(page.getByTestId('receipt-number')).toContainText('D-');
});

test('going on with nothing chosen says mustSelectDonations; an amount out of bounds says the bounds', async ({
  page,
}) => {
  await page.goto('/donations?language=en');
  await boardReady(page);
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('flow-notice')).toHaveText('Choose a donation before you go on');
  await page.getByTestId('donation-custom-1').click();
  await page.getByTestId('donation-custom-amount-1').fill('5');
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('donation-fund')).toContainText(
    'The donation must be between ₪10.00 and ₪10,000.00',
  );
  await expect(page.getByTestId('step-title')).toHaveText('Choose a donation');
  // A fixed amount is fine.
  await page.getByTestId('donation-amount-12').click();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('order-total')).toHaveText('₪36.00');
});

test('a voucher cart and a donation cart clear each other; the header cart shows the current one', async ({
  page,
}) => {
  await page.goto('/donations?language=en');
  await boardReady(page);
  await page.getByTestId('donation-amount-11').click();
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('cart-donations')).toContainText('Young Musicians Fund');
  await expect(page.getByTestId('cart-donations')).toContainText('₪18.00');
  await page.keyboard.press('Escape');

  await page.goto('/digital?language=en');

  await boardReady(page);
  await expect(page.getByTestId('cart-cleared')).toHaveCount(0);
  await page.getByTestId('voucher-price-11').click();
  await expect(page.getByTestId('cart-cleared')).toHaveText(
    'Your donation cart was emptied: one kind of purchase at a time.',
  );
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('cart-donations')).toHaveCount(0);
  await expect(page.getByTestId('cart-vouchers')).toContainText('Cinema gift card × 1');
  await page.keyboard.press('Escape');

  // Back to the donations: the voucher cart is kept until a donation is chosen.
  await page.goto('/donations?language=en');
  await boardReady(page);
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('cart-vouchers')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('donation-amount-13').click();
  await expect(page.getByTestId('cart-cleared')).toHaveText(
    'Your voucher cart was emptied: one kind of purchase at a time.',
  );
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('cart-vouchers')).toHaveCount(0);
  await expect(page.getByTestId('cart-donations')).toContainText('₪100.00');
  // Removing it from the header empties it.
  await page.getByTestId('remove-donations').click();
  await expect(page.getByTestId('cart-button')).toHaveCount(0);
});

test.describe('on a 390-pixel phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const lang of ['he', 'en'] as const) {
    test(`the donation form fits the screen (${lang})`, async ({ page }) => {
      await page.goto(`/donations?language=${lang}`);
      await boardReady(page);
      await page.getByTestId('donation-custom-1').click();
      await page.getByTestId('donation-custom-amount-1').fill('5');
      await page.getByTestId('next-step').click();
      await page.screenshot({ path: test.info().outputPath(`donations-phone-${lang}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }
});
