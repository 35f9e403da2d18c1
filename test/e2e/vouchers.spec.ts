import { expect, type Page, test } from '@playwright/test';
import type { VouchersAnswer } from '../../src/api/contract/customer.ts';
import { boardReady, fillCard, logInInPanel } from './helpers.ts';

/**
 * The voucher shop in real Chromium against the real server and its sandbox acquirer: choosing
 * vouchers, logging in by mobile code inside the flow, products (one sent by post), the one checkout,
 * the codes on the confirmation and the printable vouchers with their QR code and barcode. Demo offers
 * (server/seed/vouchersForSale.ts): 1 cinema gift card ₪50/₪100/₪200, 2 gift card of any amount
 * ₪30–₪1,000, 3 two movie tickets ₪70, 4 New Year's concert (dated); products 20 gift box (by post),
 * 21 greeting card.
 */

// Logging in by SMS code and paying take more than the default half minute.
test.describe.configure({ timeout: 60_000 });

const CODE = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/**
 * A mobile number nobody has: the voucher order's authentication opens an account for it (a new
 * customer). Fresh per test, so the per-number SMS limit of the demo customers is never in the way.
 */
function freshMobile(): string {
  return `054-${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

/** Logs a demo customer in by e-mail and password through the API (the page shares its cookies). */
async function logInByEmail(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/customer/login', { data: { email, password } });
  expect(res.status()).toBe(200);
}

/** Ticks the terms and pays by a sandbox card that approves. */
async function payByCard(page: Page, lang: 'he' | 'en') {
  await page.getByTestId('terms').check();
  await fillCard(page, lang, '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
}

/** The codes on the confirmation, each checked for the box office's format. */
async function issuedCodes(page: Page): Promise<string[]> {
  const codes = (await page.getByTestId('voucher-code').allTextContents()).map((c) => c.trim());
  for (const c of codes) expect(c).toMatch(CODE);
  return codes;
}

/** Opens the printable vouchers and checks each code's QR code and barcode. */
async function openVoucherDocument(page: Page, codes: string[]) {
  await page.getByTestId('open-document').click();
  await expect(page.getByTestId('voucher-document')).toHaveCount(codes.length);
  for (const code of codes) {
    const card = page.getByTestId('voucher-document').filter({ hasText: code });
    await expect(card.getByTestId('voucher-qr')).toBeVisible();
    await expect(card.getByTestId('voucher-barcode')).toHaveAttribute('data-value', code);
    expect(await card.getByTestId('voucher-barcode').locator('rect').count()).toBeGreaterThan(20);
    await expect(card.getByTestId('voucher-terms')).not.toBeEmpty();
  }
}

test('an open-price gift card in Hebrew for a new customer: /system-vouchers leads to the shop, identify by SMS code inside the flow, pay, print', async ({
  page,
}) => {
  await page.goto('/system-vouchers?language=he');
  await expect(page).toHaveURL(/\/digital\?language=he$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('flow-title')).toHaveText('שוברים וכרטיסי מתנה');
  await expect(page.getByTestId('voucher-offer')).toHaveCount(4);
  await page.screenshot({ path: test.info().outputPath('vouchers-choose-he.png'), fullPage: true });

  await page.getByTestId('voucher-amount-2').fill('150');
  await expect(page.getByTestId('voucher-quantity-2')).toHaveValue('1');
  await expect(page.getByTestId('choice-total')).toContainText('150.00');
  await page.getByTestId('next-step').click();

  // Authentication: nobody is logged in, so the flow asks, and goes on by itself after the login. The
  // number is new to the box office: the code opens an account for it.
  await expect(page.getByTestId('step-title')).toHaveText('הזדהות');
  await logInInPanel(page, 'he', freshMobile());
  await expect(page.getByTestId('step-title')).toHaveText('מוצרים נלווים');
  await page.getByTestId('next-step').click();

  await expect(page.getByTestId('checkout')).toBeVisible();
  await page.locator('input[name=firstName]').fill('נועה');
  await page.locator('input[name=lastName]').fill('ברק');
  await page.locator('input[name=email]').fill('noa.barak@example.com');
  await expect(page.getByTestId('order-total')).toContainText('150.00');
  await page.screenshot({ path: test.info().outputPath('vouchers-payment-he.png'), fullPage: true });
  await payByCard(page, 'he');
  // The account the login opened keeps the name typed at checkout: the header greets the customer.
  await expect(page.getByTestId('account-button')).toContainText('נועה');

  const codes = await issuedCodes(page);
  expect(codes).toHaveLength(1);
  await expect(page.getByTestId('issued-voucher')).toContainText('150.00');
  await page.screenshot({ path: test.info().outputPath('vouchers-confirmation-he.png'), fullPage: true });

  // The voucher is the customer's: the personal area lists it.
  const mine = (await (
    await page.request.get('/api/customer-area/system-vouchers')
  ).json()) as VouchersAnswer;
  expect(mine.systemVouchers.map((v) => v.Reference)).toContain(codes[0]);

  await openVoucherDocument(page, codes);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('voucher-worth')).toContainText('150.00');
  await page.screenshot({ path: test.info().outputPath('vouchers-document-he.png'), fullPage: true });
  // On a phone the voucher, its QR code and barcode fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('voucher-barcode')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('vouchers-document-phone-he.png'), fullPage: true });
  // …and so does the personal area, after a reload.
  await page.goto('/customer-area');
  await expect(page.getByTestId('customer-name')).toContainText('נועה ברק');
  await page.screenshot({
    path: test.info().outputPath('vouchers-new-account-phone-he.png'),
    fullPage: true,
  });
});

test('two fixed gift cards in English with a gift box by post, for a customer already logged in', async ({
  page,
}) => {
  await logInByEmail(page, 'avi@example.com', 'avi-demo-2026');
  await page.goto('/digital?language=en');
  await boardReady(page);
  const card = page.getByTestId('voucher-offer').filter({ hasText: 'Cinema gift card' });
  await card.getByText('₪100.00').click();
  await page.getByTestId('voucher-quantity-1').fill('2');
  await expect(page.getByTestId('voucher-line-total-1')).toHaveText('₪200.00');
  await page.getByTestId('next-step').click();

  // A logged-in customer sees who they are and goes on.
  await expect(page.getByTestId('logged-in-as')).toContainText('Avi');
  await page.getByTestId('next-step').click();

  await page.getByTestId('product-20').fill('1');
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('order-total')).toHaveText('₪215.00');
  // The gift box goes by post: the checkout asks where to.
  await page.locator('input[name="deliveryAddress.address1"]').fill('Herzl 10');
  await page.locator('input[name="deliveryAddress.city"]').fill('Haifa');
  await page.locator('input[name="deliveryAddress.postalCode"]').fill('3303110');
  await page.screenshot({ path: test.info().outputPath('vouchers-payment-en.png'), fullPage: true });
  await payByCard(page, 'en');

  const codes = await issuedCodes(page);
  expect(codes).toHaveLength(2);
  expect(new Set(codes).size).toBe(2);
  await expect(page.getByTestId('issued-voucher').first()).toContainText('Worth ₪100.00');
  await expect(page.getByTestId('confirmation-total')).toContainText('₪215.00');
  await page.screenshot({ path: test.info().outputPath('vouchers-confirmation-en.png'), fullPage: true });

  await openVoucherDocument(page, codes);
  await expect(page.getByRole('heading', { name: 'Your vouchers', exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('vouchers-document-en.png'), fullPage: true });
  // Printed: the header and the print button stay off the paper.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByTestId('voucher-barcode').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('vouchers-print-en.png'), fullPage: true });
});

test('a voucher paid by PayPal: back in the shop the order is complete (en)', async ({ page }) => {
  await logInByEmail(page, 'avi@example.com', 'avi-demo-2026');
  await page.goto('/digital?language=en');
  await boardReady(page);
  await page.getByTestId('voucher-quantity-3').fill('1');
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await page.getByTestId('terms').check();
  await page.getByTestId('method-paypal').click();
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/sandbox\/paypal\/checkoutnow/);
  await page.getByTestId('paypal-approve').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page).toHaveURL(/\/digital\?language=en$/);
  await expect(page.getByTestId('confirmation-payment')).toContainText('PayPal');
  const codes = await issuedCodes(page);
  expect(codes).toHaveLength(1);
  await expect(page.getByTestId('issued-voucher')).toContainText('Two regular tickets for any 2D film');
});

test('going on with nothing chosen says mustSelectVouchers; an open price out of bounds says the bounds', async ({
  page,
}) => {
  await page.goto('/digital?language=en');
  await boardReady(page);
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('flow-notice')).toHaveText('Choose a voucher before you go on');
  await expect(page.getByTestId('step-title')).toHaveText('Choose vouchers');

  await page.getByTestId('voucher-amount-2').fill('10');
  await expect(page.getByTestId('flow-notice')).toHaveCount(0);
  await page.getByTestId('next-step').click();
  const offer = page.getByTestId('voucher-offer').filter({ has: page.getByTestId('voucher-amount-2') });
  await expect(offer).toContainText('The amount must be between ₪30.00 and ₪1,000.00');
  await expect(page.getByTestId('step-title')).toHaveText('Choose vouchers');

  // A date that is sold out cannot be chosen; a dated voucher without a date says so.
  await page.getByTestId('voucher-amount-2').fill('');
  await page.getByTestId('voucher-quantity-2').fill('0');
  await page.getByTestId('voucher-quantity-4').fill('1');
  await page.getByTestId('next-step').click();
  await expect(
    page.getByTestId('voucher-offer').filter({ has: page.getByTestId('voucher-date-4') }),
  ).toContainText('Choose a date');
});

test.describe('on a 390-pixel phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [lang, progress] of [
    ['he', 'שלב 1 מתוך 5'],
    ['en', 'Step 1 of 5'],
  ] as const) {
    test(`the voucher cards stack in one column and the steps shrink to one line (${lang})`, async ({
      page,
    }) => {
      await page.goto(`/digital?language=${lang}`);
      await boardReady(page);
      await expect(page.getByTestId('step-progress')).toHaveText(progress);
      const cards = page.getByTestId('voucher-offer');
      await expect(cards).toHaveCount(4);
      const first = (await cards.nth(0).boundingBox())!;
      const second = (await cards.nth(1).boundingBox())!;
      expect(second.y).toBeGreaterThan(first.y + first.height - 1);
      expect(first.width).toBeLessThanOrEqual(390);
      await page.getByTestId('voucher-price-12').click();
      await expect(page.getByTestId('cart-button')).toContainText('1');
      await page.screenshot({ path: test.info().outputPath(`vouchers-phone-${lang}.png`), fullPage: true });
      // No line runs off the screen's edge.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByTestId('next-step').click();
      await expect(page.getByTestId('login-panel')).toBeVisible();
      await page.screenshot({
        path: test.info().outputPath(`vouchers-phone-auth-${lang}.png`),
        fullPage: true,
      });
    });
  }
});

test('a gift card sent as a gift: the recipient’s e-mail, with the code and the message, reaches the outbox (en)', async ({
  page,
}) => {
  const to = `gift.${Date.now()}@example.com`;
  await logInByEmail(page, 'avi@example.com', 'avi-demo-2026');
  await page.goto('/digital?language=en');
  await boardReady(page);
  await page.getByTestId('voucher-offer').filter({ hasText: 'Cinema gift card' }).getByText('₪50.00').click();
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click(); // logged in
  await page.getByTestId('next-step').click(); // no extras

  const form = page.getByTestId('gift-form');
  await page.getByTestId('send-as-gift').check();
  await form.locator('input[name=giftRecipientName]').fill('Noa Barak');
  await form.locator('input[name=giftRecipientEmail]').fill(to);
  await form.locator('textarea[name=giftMessage]').fill('Happy birthday, Noa! <b>Enjoy</b>');
  // Today is the first day offered: the e-mail goes at once.
  const today = await form.locator('input[name=giftDeliverOn]').inputValue();
  await expect(form.locator('input[name=giftDeliverOn]')).toHaveAttribute('min', today);
  await page.screenshot({ path: test.info().outputPath('vouchers-gift-en.png'), fullPage: true });
  await payByCard(page, 'en');
  await expect(page.getByTestId('gift-sent')).toContainText(`Noa Barak (${to})`);
  const [code] = await issuedCodes(page);

  await page.goto('/dev/mail-outbox?language=en');
  const mail = page.getByTestId('mail').filter({ hasText: to });
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return mail.count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await expect(mail.getByTestId('mail-subject')).toHaveText('You have a gift card from Avi Cohen');
  await expect(mail).toContainText(code!);
  await expect(mail).toContainText('Happy birthday, Noa! <b>Enjoy</b>');
  await page.screenshot({ path: test.info().outputPath('vouchers-gift-outbox-en.png'), fullPage: true });
});
