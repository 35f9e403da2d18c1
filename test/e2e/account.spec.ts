import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { CancellationQuote, ReservationsAnswer } from '../../src/api/contract/customer.ts';
import { boardReady, shot } from './helpers.ts';

/**
 * The personal area in real Chromium against the real server: login by mobile number with the code
 * read from the development SMS outbox, my tickets, cancelling after seeing the fee, a replacement
 * voucher, and logout. Hebrew logs in as the demo customer Dana, English as Avi.
 */

const who = {
  he: {
    mobile: '050-1234567',
    mobileKey: '0501234567',
    name: 'Dana',
    mobileLabel: 'טלפון נייד',
    concert: 'נועה לוי',
    loggedOutButton: 'האזור האישי',
    forReplacement: 'להחלפה',
    exchangeDays: 'בתוך 30 ימים',
  },
  en: {
    mobile: '052-7654321',
    mobileKey: '0527654321',
    name: 'Avi',
    mobileLabel: 'Mobile number',
    concert: 'Noa Levi',
    loggedOutButton: 'Personal area',
    forReplacement: 'For replacement',
    exchangeDays: 'within 30 days',
  },
} as const;

async function latestSms(request: APIRequestContext, mobile: string): Promise<string> {
  const res = await request.get('/api/dev/sms-outbox', { params: { mobileNumber: mobile } });
  expect(res.ok()).toBe(true);
  const { messages } = (await res.json()) as { messages: { text: string }[] };
  // The newest login code: order confirmations go to the same number too.
  const code = messages.find((m) => /\b\d{6}\b/.test(m.text));
  expect(code).toBeDefined();
  return code!.text;
}

async function logInByPhone(page: Page, lang: keyof typeof who) {
  const w = who[lang];
  await page.goto(`/?language=${lang}`);
  await boardReady(page);
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('login-panel')).toBeVisible();
  await page.getByLabel(w.mobileLabel).fill(w.mobile);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('code-sent')).toContainText(w.mobileKey);
  const code = /\b(\d{6})\b/.exec(await latestSms(page.request, w.mobileKey))![1]!;
  await page.locator('[data-testid="sms-code"] input').first().click();
  await page.keyboard.type(code);
  await expect(page.getByTestId('customer-area')).toBeVisible();
  await expect(page.getByTestId('account-button')).toContainText(w.name);
}

const shekels = (agorot: number) => (agorot / 100).toFixed(2);

for (const lang of ['he', 'en'] as const) {
  test(`a returning customer logs in by phone, cancels a reservation after seeing its fee, replaces a voucher keeping its dates and logs out (${lang})`, async ({
    page,
  }) => {
    const w = who[lang];
    await logInByPhone(page, lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');

    // My tickets: the upcoming concert with its seats, service charge and e-ticket.
    const concert = page.getByTestId('reservation').filter({ hasText: w.concert });
    await expect(concert).toHaveCount(1);
    const reservationId = (await concert.getByTestId('reservation-number').textContent())!.trim();
    await expect(concert.getByTestId('reservation-etickets')).toHaveAttribute('href', /\/edocument\//);
    await expect(page.getByTestId('reservation')).toHaveCount(2);

    // Cancel: the dialog shows the fee the box office computes before anything happens.
    const quote = (await (
      await page.request.get(`/api/customer-area/reservations/${reservationId}/cancellation`)
    ).json()) as CancellationQuote;
    expect(quote.fee).toBeGreaterThan(0);
    await concert.getByTestId('cancel-reservation').click();
    await expect(page.getByTestId('cancel-fee')).toContainText(shekels(quote.fee));
    await expect(page.getByTestId('cancel-refund')).toContainText(shekels(quote.refund));
    await page.getByTestId('confirm-cancel').click();
    await expect(page.getByTestId('cancel-done')).toContainText(reservationId);
    await expect(page.getByTestId('reservation')).toHaveCount(1);
    const after = (await (
      await page.request.get('/api/customer-area/reservations')
    ).json()) as ReservationsAnswer;
    expect(after.upcoming.map((r) => r.reservationIdentifier)).not.toContain(reservationId);

    // A voucher becomes a replacement voucher.
    await page.getByTestId('tab-vouchers').click();
    const voucher = page.locator('[data-testid="voucher"][data-status="active"]').filter({
      has: page.getByTestId('replace-voucher'),
    });
    const reference = (await voucher.first().getAttribute('data-reference'))!;
    const row = page.locator(`[data-testid="voucher"][data-reference="${reference}"]`);
    // Valid for months, bought weeks ago: a replacement keeps both dates (issue 35), and says so first.
    const purchased = await row.getByTestId('voucher-purchased').innerText();
    const expires = await row.getByTestId('voucher-expires').innerText();
    await row.getByTestId('replace-voucher').click();
    await expect(page.getByTestId('voucher-dialog')).toContainText(w.exchangeDays);
    await expect(page.getByTestId('replacement-valid-until')).toContainText(expires);
    await expect(page.getByTestId('replacement-purchased')).toContainText(purchased);
    if (lang === 'he') await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `replacement-dialog-${lang}.png`, false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('confirm-voucher').click();
    await expect(page.getByTestId('voucher-done')).toContainText(reference);
    await expect(page.getByTestId('voucher-done')).toContainText(expires);
    await expect(row).toHaveAttribute('data-status', 'for_replacement');
    await expect(row.getByTestId('voucher-status')).toHaveText(w.forReplacement);
    await expect(row.getByTestId('voucher-purchased')).toHaveText(purchased);
    await expect(row.getByTestId('voucher-expires')).toHaveText(expires);

    // Logout ends the session on the server too: a reload shows the login again.
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('login-panel')).toBeVisible();
    await expect(page.getByTestId('account-button')).toHaveText(w.loggedOutButton);
    await page.reload();
    await expect(page.getByTestId('login-panel')).toBeVisible();
    const refresh = await page.request.post('/api/customer/refresh', { data: {} });
    expect(((await refresh.json()) as { data: { customerInfo: unknown } }).data.customerInfo).toBeNull();
  });
}

test('a wrong code is refused; the login link from the SMS works once', async ({ page, browser }) => {
  await page.goto('/customer-area?language=en');
  await page.getByLabel('Mobile number').fill('0501234567');
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('code-sent')).toBeVisible();
  const sms = await latestSms(page.request, '0501234567');
  const code = /\b(\d{6})\b/.exec(sms)![1]!;
  const wrong = code === '000000' ? '111111' : '000000';
  await page.locator('[data-testid="sms-code"] input').first().click();
  await page.keyboard.type(wrong);
  await expect(page.getByTestId('login-error')).toContainText('Wrong verification code');

  const link = /https?:\/\/\S+\/customer-area\/login\/\S+/.exec(sms)![0]!;
  const path = new URL(link).pathname + new URL(link).search;
  const other = await browser.newContext();
  const linkPage = await other.newPage();
  await linkPage.goto(path);
  await expect(linkPage.getByTestId('customer-area')).toBeVisible();
  await expect(linkPage.getByTestId('customer-name')).toContainText('Dana Levi');
  await linkPage.getByTestId('tab-memberships').click();
  await expect(linkPage.getByTestId('membership')).toHaveCount(3);
  await other.close();

  await page.goto(path);
  await expect(page.getByTestId('link-login-error')).toContainText('already used');
});

test('my vouchers: a gift card is one card with its value in its own column, a ticket voucher counts its uses (en desktop, he phone)', async ({
  page,
}) => {
  const login = await page.request.post('/api/customer/login', {
    data: { email: 'avi@example.com', password: 'avi-demo-2026' },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/customer-area?language=en');
  await page.getByTestId('tab-vouchers').click();
  // Seeded: a ₪200 gift card spent in full, and five tickets with two used.
  const spent = page
    .locator('[data-testid="voucher"][data-status="no_balance"]')
    .filter({ has: page.getByTestId('voucher-value').getByText('₪200.00', { exact: true }) });
  await expect(spent.getByTestId('voucher-quantity')).toHaveText('1');
  await expect(spent.getByTestId('voucher-balance')).toHaveText('₪0.00');
  const spentRef = (await spent.getAttribute('data-reference'))!;
  const tickets = page
    .locator('[data-testid="voucher"][data-status="partially_redeemed"]')
    .filter({ has: page.getByTestId('voucher-quantity').getByText('5', { exact: true }) });
  await expect(tickets.getByTestId('voucher-value')).toHaveText('—');
  await expect(tickets.getByTestId('voucher-balance')).toHaveText('3');
  await page.screenshot({ path: test.info().outputPath('vouchers-tab-en.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/customer-area?language=he');
  await page.getByTestId('tab-vouchers').click();
  const spentHe = page.locator(`[data-testid="voucher"][data-reference="${spentRef}"]`);
  await expect(spentHe.getByTestId('voucher-quantity')).toHaveText('1');
  await expect(spentHe.getByTestId('voucher-value')).toContainText('200.00');
  await page.screenshot({ path: test.info().outputPath('vouchers-tab-phone-he.png'), fullPage: true });
});

/** Every box in `root` lies within the window's width: nothing to scroll sideways to. */
async function expectWithinWidth(root: Locator, width: number) {
  const outside = await root.evaluate((el, w) => {
    const out: string[] = [];
    for (const node of [el, ...el.querySelectorAll('*')]) {
      const r = node.getBoundingClientRect();
      if (r.width > 0 && (r.left < -0.5 || r.right > w + 0.5))
        out.push(
          `${node.tagName}.${node.getAttribute('data-testid') ?? ''} ${Math.round(r.left)}..${Math.round(r.right)}`,
        );
    }
    return out;
  }, width);
  expect(outside).toEqual([]);
}

/** No sideways scroll on the page, and each card's buttons whole on screen and 44 px tall. */
async function expectPhoneCards(page: Page, cards: Locator) {
  const width = await page.evaluate(() => window.innerWidth);
  expect(width).toBe(390);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
  for (const card of await cards.all()) {
    await expectWithinWidth(card, width);
    for (const button of await card.getByRole('button').or(card.getByRole('link')).all()) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
  }
}

test('the personal area on a phone: tickets, vouchers and memberships as cards with their amounts, dates and buttons on screen (he phone, en desktop tables)', async ({
  browser,
}) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await phone.newPage();
  const login = await page.request.post('/api/customer/login', {
    data: { email: 'dana@example.com', password: 'dana-demo-2026' },
  });
  expect(login.ok()).toBe(true);

  // My tickets: each order a card, its lines and total within the screen, its buttons full width.
  await page.goto('/customer-area?language=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The tabs and the logout: a finger's target each.
  for (const target of await page.getByRole('tab').or(page.getByTestId('logout')).all())
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const reservations = page.getByTestId('reservation');
  await expect(reservations.first()).toBeVisible();
  await expect(reservations.first().getByTestId('reservation-total')).toBeInViewport();
  await expectPhoneCards(page, reservations);
  await shot(page, 'account-tickets-phone-he.png');
  await page.getByTestId('tab-past').click();
  await expect(page.getByTestId('reservations-past').getByTestId('reservation').first()).toBeVisible();
  await expectPhoneCards(page, reservations);

  // My vouchers: a card each, with balance and expiry labelled, and replace/cancel on screen.
  await page.getByTestId('tab-vouchers').click();
  const vouchers = page.getByTestId('voucher');
  await expect(vouchers.first()).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  const active = vouchers.filter({ has: page.getByTestId('replace-voucher') }).first();
  await expect(active.getByTestId('voucher-balance')).toBeVisible();
  await expect(active.getByTestId('voucher-expires')).toHaveText(/\d/);
  await expect(active).toContainText('יתרה');
  await active.getByTestId('replace-voucher').scrollIntoViewIfNeeded();
  await expect(active.getByTestId('replace-voucher')).toBeInViewport();
  await expectPhoneCards(page, vouchers);
  await shot(page, 'account-vouchers-phone-he.png', false);

  // Memberships: validity and balance on each card.
  await page.getByTestId('tab-memberships').click();
  const members = page.getByTestId('membership');
  await expect(members).toHaveCount(3);
  await expect(members.getByTestId('member-validity').first()).toHaveText(/\d/);
  await expect(members.filter({ hasText: '300.00' })).toContainText('יתרה');
  await expectPhoneCards(page, members);
  await shot(page, 'account-memberships-phone-he.png');
  await phone.close();

  // A desktop keeps the vouchers' table, its buttons in the status column.
  const desktop = await browser.newPage();
  expect(
    (
      await desktop.request.post('/api/customer/login', {
        data: { email: 'dana@example.com', password: 'dana-demo-2026' },
      })
    ).ok(),
  ).toBe(true);
  await desktop.goto('/customer-area?tab=vouchers&language=en');
  const table = desktop.locator('table').filter({ has: desktop.getByTestId('voucher') });
  await expect(table.getByRole('columnheader', { name: 'Balance' })).toBeVisible();
  await expect(table.locator('tr[data-testid="voucher"]').first()).toBeVisible();
  await expect(table.getByTestId('replace-voucher').first()).toBeVisible();
  await shot(desktop, 'account-vouchers-desktop-en.png');
  await desktop.close();
});
