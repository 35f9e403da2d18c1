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

  // Dana is logged in: no login step.
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

/** An amount of nothing (₪0.00), not the end of ₪540.00. */
const ZERO = /(^|[^\d.,])0\.00/;

async function pickSeat(page: Page, lang: Lang) {
  await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: labels[lang].listView }).click();
  const list = page.getByTestId('seat-list-view');
  await list.locator('.mantine-Accordion-control').first().click();
  await list
    .getByRole('button', { name: new RegExp(`, ${labels[lang].row} `), pressed: false })
    .first()
    .click();
  await expect(page.getByTestId('chosen-seat')).toContainText(labels[lang].row);
}

test('two series memberships: one join button, the concerts on the card, four steps throughout, a seat for each held in every concert, the seat and concerts on the confirmation (en)', async ({
  page,
}) => {
  await logInByEmail(page, 'avi@example.com', 'avi-demo-2026');
  await page.goto('/membership?language=en');
  // One word for joining on every card; a series card names its concerts.
  await expect(page.getByTestId('enroll-button')).toHaveCount(7);
  for (const b of await page.getByTestId('enroll-button').all()) await expect(b).toHaveText('Join');
  const classics = page.getByTestId('membership-card-item').filter({ hasText: 'Classics series' });
  await expect(classics.getByTestId('series-concert')).toHaveCount(3);
  await expect(classics.getByTestId('series-concerts')).toContainText('Beethoven: Symphony No. 9');
  await expect(classics.getByTestId('series-concerts')).toContainText('Mahler: Symphony No. 5');

  await page.goto('/membership/SERIES-CLASSICS?language=en');
  const steps = page.locator('.mantine-Stepper-step');
  // Logged in: no login step, and the seats step is there from the start.
  await expect(steps).toHaveCount(4);
  await expect(page.locator('.mantine-Stepper-steps')).not.toContainText('Log in');
  const price = page.getByTestId('membership-price').first();
  await expect(price.getByRole('button')).toHaveCount(1);
  await expect(price.getByRole('button')).toHaveText('Join');
  await page.screenshot({ path: test.info().outputPath('memberships-series-choose-en.png'), fullPage: true });
  await price.getByTestId('add-membership').click();
  await expect(page.getByTestId('membership-seats')).toBeVisible();
  // The cart keeps the first; the second membership's page adds to it (at most 2 in all).
  await page.goto('/membership/SERIES-ROMANTIC?language=en');
  await expect(page.getByTestId('chosen-membership')).toHaveCount(1);
  await expect(steps).toHaveCount(4);
  await page.getByTestId('membership-price').first().getByTestId('add-membership').click();
  await expect(page.getByTestId('membership-seats')).toBeVisible();
  await expect(steps).toHaveCount(4);
  await expect(page.getByTestId('series-position')).toHaveText('Membership 1 of 2');

  // Continuing without a seat is refused.
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('seat-error')).toBeVisible();
  await pickSeat(page, 'en');
  const first = await page.getByTestId('chosen-seat').textContent();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('series-position')).toHaveText('Membership 2 of 2');
  await pickSeat(page, 'en');
  await page.screenshot({ path: test.info().outputPath('memberships-seat-en.png'), fullPage: true });
  await page.getByTestId('seats-back').click();
  await expect(page.getByTestId('series-position')).toHaveText('Membership 1 of 2');
  await expect(page.getByTestId('chosen-seat')).toHaveText(first!);
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('logged-in-as')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toContainText('1,080.00');
  await expect(steps).toHaveCount(4);
  await payByCard(page, 'en');
  await expect(steps).toHaveCount(4);
  await expect(page.getByTestId('member-number')).toHaveCount(2);
  // The confirmation: each series with its seat and its three concerts, each with its ticket; no ₪0.00.
  const series = page.getByTestId('series-tickets');
  await expect(series).toHaveCount(2);
  for (const one of await series.all()) {
    await expect(one.getByTestId('series-seat')).toContainText(
      /Your seat at every concert: .+, row \d+, seat \d+/,
    );
    await expect(one.getByTestId('series-ticket')).toHaveCount(3);
    await expect(one.getByTestId('series-ticket').first()).toContainText('Included in the series');
  }
  await expect(page.getByTestId('confirmation')).not.toContainText(ZERO);
  await page.screenshot({
    path: test.info().outputPath('memberships-series-confirmation-en.png'),
    fullPage: true,
  });
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
  await expect(page.getByTestId('order-total')).toContainText('300.00');
  await payByCard(page, 'en');
  await expect(page.getByTestId('member-number')).toHaveText('7201');
  await expect(page.getByTestId('membership-card')).toContainText('Member tickets left: 18');
  await page.screenshot({ path: test.info().outputPath('memberships-topup-en.png'), fullPage: true });
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('in Hebrew: the list, one join button, a series with its concerts, “step n of 4” throughout and its seat and concerts on the confirmation', async ({
    page,
  }) => {
    await logInByEmail(page, 'dana@example.com', 'dana-demo-2026');
    await page.goto('/membership?language=he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('membership-card-item')).toHaveCount(7);
    for (const b of await page.getByTestId('enroll-button').all()) await expect(b).toHaveText('הצטרפות');
    await expect(
      page
        .getByTestId('membership-card-item')
        .filter({ hasText: 'מנוי עונה' })
        .first()
        .getByTestId('enroll-button'),
    ).toHaveAttribute('href', /\/enroll\/SEASON-2027/);
    const chamber = page.getByTestId('membership-card-item').filter({ hasText: 'סדרה קאמרית' });
    await expect(chamber.getByTestId('series-concert')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('memberships-list-phone-he.png'), fullPage: true });

    await chamber.getByTestId('enroll-button').click();
    await expect(page).toHaveURL(/\/membership\/SERIES-CHAMBER/);
    const progress = page.getByTestId('step-progress');
    await expect(progress).toHaveText('שלב 1 מתוך 4');
    const price = page.getByTestId('membership-price').first();
    await expect(price.getByRole('button')).toHaveCount(1);
    await price.getByRole('button', { name: 'הצטרפות' }).tap();
    await expect(page.getByTestId('membership-seats')).toBeVisible();
    await expect(progress).toHaveText('שלב 2 מתוך 4');
    await pickSeat(page, 'he');
    await page.getByTestId('next-step').tap();
    // Dana is logged in: no login step, straight to the payment, still of four.
    await expect(page.getByTestId('checkout')).toBeVisible();
    await expect(progress).toHaveText('שלב 3 מתוך 4');
    await page.screenshot({
      path: test.info().outputPath('memberships-series-payment-phone-he.png'),
      fullPage: true,
    });
    await payByCard(page, 'he');
    await expect(progress).toHaveText('שלב 4 מתוך 4');
    const series = page.getByTestId('series-tickets');
    await expect(series.getByTestId('series-seat')).toContainText(
      /המושב שלכם בכל קונצרט: .+, שורה \d+, מושב \d+/,
    );
    await expect(series.getByTestId('series-ticket')).toHaveCount(3);
    await expect(page.getByTestId('confirmation')).not.toContainText(ZERO);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({
      path: test.info().outputPath('memberships-series-confirmation-phone-he.png'),
      fullPage: true,
    });

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
});
