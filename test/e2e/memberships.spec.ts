import { expect, type Page, test } from '@playwright/test';
import { fillCard, labels, type Lang } from './helpers.ts';

/**
 * The membership order in real Chromium against the real server (issue 16): the list, a hidden price
 * by its code with a reference, the terms, the member number on the confirmation and in the personal
 * area; a series membership whose seat is held in each of its concerts; the list on a phone in Hebrew.
 * Demo catalogue: server/seed/memberships.ts.
 */

test.describe.configure({ timeout: 90_000 });

async function logInByEmail(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/customer/login', {
    data: { email, password, includeMemberships: true },
  });
  expect(res.status()).toBe(200);
}

async function payByCard(page: Page, lang: Lang) {
  await expect(page.getByTestId('checkout')).toBeVisible();
  await page.getByTestId('terms').check();
  await fillCard(page, lang, '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
}

async function myMemberNumbers(page: Page): Promise<string[]> {
  const res = await page.request.post('/api/customer/refresh', { data: {} });
  const body = (await res.json()) as { data: { customerInfo: { members: { memberNumber: string }[] } } };
  return body.data.customerInfo.members.map((m) => m.memberNumber);
}

test('Friends of the Philharmonic with the price code YOUNG26 and a student card, in English', async ({
  page,
}) => {
  await logInByEmail(page, 'dana@example.com', 'dana-demo-2026');
  await page.goto('/memberships?language=en');
  await expect(page).toHaveURL(/\/membership\?language=en$/);
  await expect(page.getByTestId('membership-card-item')).toHaveCount(7);
  await page.screenshot({ path: test.info().outputPath('memberships-list-en.png'), fullPage: true });
  await page
    .getByTestId('membership-card-item')
    .filter({ hasText: 'Friends' })
    .getByTestId('enroll-button')
    .click();
  await expect(page).toHaveURL(/\/membership\/FRIENDS/);
  await expect(page.getByTestId('flow-title')).toBeVisible();

  // A code once: the hidden price shows; the same code again is codeAlreadyEntered; a wrong one priceNotFound.
  await page.getByTestId('price-code').fill('young26');
  await page.getByTestId('apply-code').click();
  const young = page.getByTestId('membership-price').filter({ hasText: 'Young member' });
  await expect(young).toBeVisible();
  await page.getByTestId('price-code').fill('YOUNG26');
  await page.getByTestId('apply-code').click();
  await expect(page.getByText('This code was already entered', { exact: false })).toBeVisible();
  await page.getByTestId('price-code').fill('NOPE');
  await page.getByTestId('apply-code').click();
  await expect(page.getByTestId('price-code')).toHaveAttribute('aria-invalid', 'true');

  await young.getByTestId('add-membership').click();
  const chosen = page.getByTestId('chosen-membership');
  await expect(chosen).toHaveCount(1);
  // The student card number is checked before the server sees it; the terms must be accepted.
  await chosen.getByTestId('reference-studentCard').fill('12ab');
  await chosen.getByTestId('next-step').click();
  await expect(chosen.getByTestId('reference-studentCard')).toHaveAttribute('aria-invalid', 'true');
  await chosen.getByTestId('reference-studentCard').fill('20261234');
  await chosen.getByTestId('accept-terms').check();
  await expect(chosen.getByTestId('terms-text')).toContainText('not transferable');
  await page.screenshot({ path: test.info().outputPath('memberships-choose-en.png'), fullPage: true });
  await chosen.getByTestId('next-step').click();

  await expect(page.getByTestId('logged-in-as')).toContainText('Dana');
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('order-total')).toContainText('250.00');
  await page.screenshot({ path: test.info().outputPath('memberships-payment-en.png'), fullPage: true });
  await payByCard(page, 'en');

  const number = (await page.getByTestId('member-number').first().textContent())!.trim();
  expect(number).toMatch(/^9\d{7}$/);
  await expect(page.getByTestId('membership-card')).toContainText('Friends of the Philharmonic');
  await page.screenshot({ path: test.info().outputPath('memberships-confirmation-en.png'), fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-card')).toBeHidden();
  await expect(page.getByTestId('membership-card')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('memberships-print-en.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  expect(await myMemberNumbers(page)).toContain(number);
});

test('two series memberships: a seat for each, next and previous through them, held in every concert (en)', async ({
  page,
}) => {
  await logInByEmail(page, 'avi@example.com', 'avi-demo-2026');
  await page.goto('/membership/SERIES-CLASSICS?language=en');
  await page.getByTestId('membership-price').first().getByTestId('add-membership').click();
  await expect(page.getByTestId('chosen-membership')).toHaveCount(1);
  // The cart keeps the first; the second membership's page adds to it (at most 2 in all).
  await page.goto('/membership/SERIES-ROMANTIC?language=en');
  await expect(page.getByTestId('chosen-membership')).toHaveCount(1);
  await page.getByTestId('membership-price').first().getByTestId('buy-membership').click();
  await expect(page.getByTestId('membership-seats')).toBeVisible();
  await expect(page.getByTestId('series-position')).toHaveText('Membership 1 of 2');

  const pick = async () => {
    await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible();
    await page.getByRole('button', { name: labels.en.listView }).click();
    const list = page.getByTestId('seat-list-view');
    await list.locator('.mantine-Accordion-control').first().click();
    await list
      .getByRole('button', { name: new RegExp(`, ${labels.en.row} `), pressed: false })
      .first()
      .click();
    await expect(page.getByTestId('chosen-seat')).toContainText('row');
  };
  // Continuing without a seat is refused.
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('seat-error')).toBeVisible();
  await pick();
  const first = await page.getByTestId('chosen-seat').textContent();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('series-position')).toHaveText('Membership 2 of 2');
  await pick();
  await page.screenshot({ path: test.info().outputPath('memberships-seat-en.png'), fullPage: true });
  await page.getByTestId('seats-back').click();
  await expect(page.getByTestId('series-position')).toHaveText('Membership 1 of 2');
  await expect(page.getByTestId('chosen-seat')).toHaveText(first!);
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('logged-in-as')).toBeVisible();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('order-total')).toContainText('1,080.00');
  await payByCard(page, 'en');
  await expect(page.getByTestId('member-number')).toHaveCount(2);
  // The seats are Avi's tickets: one in each of the six concerts.
  const mine = JSON.stringify(await (await page.request.get('/api/customer-area/reservations')).json());
  for (const id of [8001, 8004, 8007, 8002, 8005, 8008]) expect(mine).toContain(String(id));
});

test('a member tops up the cinema club balance from the order page (en)', async ({ page }) => {
  await logInByEmail(page, 'avi@example.com', 'avi-demo-2026');
  await page.goto('/membership/CINEMA10?language=en');
  const panel = page.getByTestId('renew-panel');
  await expect(panel).toContainText('Member 7201');
  await panel.getByTestId('renew-topUp').first().click();
  const chosen = page.getByTestId('chosen-membership');
  await expect(chosen).toContainText('Member 7201');
  await chosen.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('order-total')).toContainText('300.00');
  await payByCard(page, 'en');
  await expect(page.getByTestId('member-number')).toHaveText('7201');
  await expect(page.getByTestId('membership-card')).toContainText('Member tickets left: 18');
  await page.screenshot({ path: test.info().outputPath('memberships-topup-en.png'), fullPage: true });
});

test('the list in Hebrew on a 390-px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/membership?language=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('membership-card-item')).toHaveCount(7);
  await expect(
    page
      .getByTestId('membership-card-item')
      .filter({ hasText: 'מנוי עונה' })
      .first()
      .getByTestId('enroll-button'),
  ).toHaveAttribute('href', /\/enroll\/SEASON-2027/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('memberships-list-phone-he.png'), fullPage: true });
  await page.goto('/membership/FRIENDS?language=he');
  await expect(page.getByTestId('membership-price').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('memberships-order-phone-he.png'), fullPage: true });
  // The order on a desktop in Hebrew, with the hidden price of the path's code.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/membership/FRIENDS/EARLY?language=he');
  await expect(page.getByTestId('membership-price')).toHaveCount(3);
  await expect(page.getByTestId('membership-price').filter({ hasText: '15%' })).toContainText('382.50');
  await page.screenshot({ path: test.info().outputPath('memberships-order-he.png'), fullPage: true });
});
