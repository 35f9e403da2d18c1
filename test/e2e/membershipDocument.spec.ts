import { expect, type Page, test } from '@playwright/test';
import { fillCard, labels, type Lang } from './helpers.ts';

/**
 * The order's e-document (/edocument/{documentKey}) of a membership order and of a season enrolment
 * (issue 16): the confirmation's "open the order" link shows the membership card with the member
 * number and its barcode, on screen and in print, in English and in Hebrew (and on a phone); the
 * enrolment's document shows the season and the subscriber's member number above one e-ticket per
 * concert. Demo catalogue: server/seed/memberships.ts, server/seed/seasonSeed.ts.
 */

test.describe.configure({ timeout: 120_000 });

async function logInByEmail(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/customer/login', {
    data: { email, password, includeMemberships: true },
  });
  expect(res.status()).toBe(200);
}

/**
 * A new customer (a fresh mobile number, as the purchase flows' login opens an account for one): each run
 * enrols someone who is not enrolled yet, whatever the other specs did with the demo customers.
 */
async function logInAsNewCustomer(page: Page) {
  const mobile = `054${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const sent = await page.request.post('/api/customer/mobile-login', {
    data: { mobileNumber: mobile, sendSmsRegardlessOfCustomerExistence: true },
  });
  expect(sent.status()).toBe(200);
  const out = await page.request.get('/api/dev/sms-outbox', { params: { mobileNumber: mobile } });
  const { messages } = (await out.json()) as { messages: { text: string }[] };
  const smsCode = /\b(\d{6})\b/.exec(messages[0]!.text)![1]!;
  const login = await page.request.post('/api/customer/mobile-login-validation-area', {
    data: { mobileNumber: mobile, smsCode },
  });
  expect(login.status()).toBe(200);
}

async function payByCard(page: Page, lang: Lang) {
  await expect(page.getByTestId('checkout')).toBeVisible();
  await page.getByTestId('terms').check();
  await fillCard(page, lang, '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
}

test('a Friends membership: the order’s document prints the card with the member number (en, he, print, phone)', async ({
  page,
}) => {
  await logInByEmail(page, 'dana@example.com', 'dana-demo-2026');
  await page.goto('/membership/FRIENDS?language=en');
  await expect(page.getByTestId('flow-title')).toBeVisible();
  await page.getByTestId('membership-price').first().getByTestId('add-membership').click();
  const chosen = page.getByTestId('chosen-membership');
  await expect(chosen).toHaveCount(1);
  await chosen.getByTestId('accept-terms').check();
  // Logged in already: no login step (issue 35), straight to the payment.
  await chosen.getByTestId('next-step').click();
  await expect(page.getByTestId('order-total')).toContainText('450.00');
  await payByCard(page, 'en');

  const number = (await page.getByTestId('member-number').first().textContent())!.trim();
  expect(number).toMatch(/^9\d{7}$/);
  await page.getByTestId('open-document').click();
  await expect(page).toHaveURL(/\/edocument\/[A-Za-z0-9_-]{16,64}\?language=en$/);
  await expect(page.getByTestId('edocument')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Membership cards');
  const card = page.getByTestId('membership-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Friends of the Philharmonic');
  await expect(card).toContainText('Dana');
  await expect(card.getByTestId('member-number')).toHaveText(number);
  await expect(card.getByTestId('member-barcode')).toHaveAttribute('data-value', number);
  await expect(card.getByTestId('membership-validity')).toContainText('Valid from');
  await expect(card.getByTestId('membership-paid')).toContainText('450.00');
  await expect(card.getByTestId('membership-terms')).toBeVisible();
  await expect(page.getByTestId('eticket')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('membership-document-en.png'), fullPage: true });

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(card.getByTestId('member-barcode')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('membership-document-print-en.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  const url = page.url().replace('language=en', 'language=he');
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('membership-card').getByTestId('member-number')).toHaveText(number);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('כרטיסי חבר');
  await page.screenshot({ path: test.info().outputPath('membership-document-he.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('member-barcode')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('membership-document-phone-he.png'), fullPage: true });
});

test('a season enrolment: its document names the season and the member number above one e-ticket per concert (he)', async ({
  page,
}) => {
  await logInAsNewCustomer(page);
  await page.goto('/enroll/SEASON-2027?language=he');
  await expect(page.getByTestId('enrolment-flow')).toHaveAttribute('data-step', 'choose');
  await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: labels.he.listView }).click();
  const list = page.getByTestId('seat-list-view');
  // The last section's last free seat: the other specs take the first ones.
  await list.locator('.mantine-Accordion-control').last().click();
  await list
    .getByRole('button', { name: new RegExp(`, ${labels.he.row} `), pressed: false })
    .last()
    .click();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('enrolment-flow')).toHaveAttribute('data-step', 'tariff');
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('enrolment-flow')).toHaveAttribute('data-step', 'events');
  for (const pi of [8007, 8010]) await page.getByTestId(`optional-${pi}`).check();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('enrolment-flow')).toHaveAttribute('data-step', 'seats');
  await expect(page.getByTestId('concert-seat-8010')).toHaveAttribute('data-held', 'yes');
  await page.getByTestId('next-step').click();
  // A new customer's details are asked by the checkout (the orderMemberships block).
  await expect(page.getByTestId('checkout')).toBeVisible();
  await page.locator('input[name=firstName]').fill('נועה');
  await page.locator('input[name=lastName]').fill('ברק');
  await page.locator('input[name=email]').fill('noa.barak@example.com');
  await payByCard(page, 'he');
  const number = (await page.getByTestId('member-number').first().textContent())!.match(/\d{8}/)![0];

  await page.getByTestId('open-document').click();
  await expect(page).toHaveURL(/\/edocument\//);
  const box = page.getByTestId('enrolment-document');
  await expect(box).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('המינוי שלך לעונה');
  await expect(box.getByTestId('enrolment-season')).toContainText('2026/27');
  await expect(box.getByTestId('enrolment-member-number')).toHaveText(number);
  await expect(box.getByTestId('enrolment-barcode')).toHaveAttribute('data-value', number);
  await expect(page.getByTestId('eticket')).toHaveCount(8);
  await page.screenshot({ path: test.info().outputPath('enrolment-document-he.png'), fullPage: true });
  await page.goto(page.url().replace('language=he', 'language=en'));
  await expect(page.getByTestId('enrolment-document')).toContainText('Season');
  await expect(page.getByTestId('eticket')).toHaveCount(8);
  await page.screenshot({ path: test.info().outputPath('enrolment-document-en.png'), fullPage: true });
});
