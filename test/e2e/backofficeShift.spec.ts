import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { buySeats, cinemaShows, shot, staffLogin } from './helpers.ts';

/**
 * The clerk's shift at the counter (issue 36, part 3) in real Chromium against the real server: the
 * box-office clerk opens a shift with a float, collects a member's hold order paid in cash (with
 * change), and closes the shift counting exactly the cash expected: the cash-up balances. In English, a
 * shift that does not balance shows its difference, in the cash-up and in the shifts list.
 */

const CLERK = { username: 'boxoffice', password: 'boxoffice-demo-2026' };

/** Dana (a member whose membership allows holds) reserves one seat to pay at the box office, over the API. */
async function placeHold(request: APIRequestContext): Promise<{ rid: string; total: number }> {
  const login = await request.post('/api/customer/login', {
    data: { email: 'dana@example.com', password: 'dana-demo-2026' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const shows = await cinemaShows(request, 12);
  const answer = await buySeats(request, shows[shows.length - 1]!, { hold: true, locale: 'he' });
  return { rid: answer.reservationIdentifier, total: answer.order.totals.total };
}

/** The clerk logged in at the counter, with no shift open (one an earlier test left open is closed). */
async function atCounter(page: Page, lang: 'he' | 'en') {
  await page.goto(`/staff?language=${lang}`);
  await staffLogin(page, CLERK.username, CLERK.password);
  await expect(page.getByTestId('staff-tabs')).toBeVisible();
  const mine = (await (await page.request.get('/api/admin/counter/shift')).json()) as { shift: unknown };
  if (mine.shift)
    expect(
      (await page.request.post('/api/admin/counter/shift/close', { data: { countedCash: 0 } })).status(),
    ).toBe(200);
  await page.getByTestId('staff-tab-counter').click();
  await expect(page.getByTestId('shift-none')).toBeVisible();
}

const shekels = (agorot: number) => (agorot / 100).toFixed(2);

test('the clerk opens a shift, collects a hold paid in cash and closes a cash-up that balances (he)', async ({
  page,
  request,
}) => {
  const hold = await placeHold(request);
  await atCounter(page, 'he');
  const bar = page.getByTestId('shift-bar');
  await bar.getByTestId('shift-float').fill('500');
  await bar.getByTestId('shift-open-button').click();
  await expect(bar.getByTestId('shift-expected')).toContainText('500.00');
  await shot(page, 'counter-shift-open-he.png', false);

  await page.getByTestId('holds-button').click();
  const query = page.getByTestId('holds-query');
  await expect(query).toBeFocused();
  await query.fill(hold.rid);
  await query.press('Enter');
  await expect(page.locator('[data-hold]')).toHaveCount(1);
  await query.press('Enter'); // one hold found: Enter again picks it
  await expect(page.getByTestId('hold-total')).toContainText(shekels(hold.total));
  const tendered = Math.ceil((hold.total + 1) / 10_000) * 100; // the next round ₪100 above the total
  await page.getByTestId('counter-cash-tendered').fill(String(tendered));
  const change = tendered * 100 - hold.total;
  await expect(page.getByTestId('holds-change')).toContainText(shekels(change));
  await shot(page, 'holds-collect-he.png');
  await page.getByTestId('counter-cash-tendered').press('Enter');
  await expect(page.getByTestId('holds-done-rid')).toHaveText(hold.rid);
  await expect(page.getByTestId('holds-done-change')).toContainText(shekels(change));
  await page.getByTestId('holds-close').click();

  const expected = 50_000 + hold.total;
  await expect(bar.getByTestId('shift-expected')).toContainText(shekels(expected));
  await bar.getByTestId('shift-close-button').click();
  await page.getByTestId('shift-counted').fill(shekels(expected));
  await page.getByTestId('shift-close-confirm').click();
  const cashUp = page.getByTestId('cashup');
  await expect(cashUp.getByTestId('cashup-balanced')).toBeVisible();
  await expect(cashUp.getByTestId('cashup-sales-cash')).toContainText(shekels(hold.total));
  await expect(cashUp.getByTestId('cashup-expected')).toContainText(shekels(expected));
  await expect(cashUp.getByTestId('cashup-difference')).toContainText('0.00');
  await expect(cashUp.getByTestId('cashup-csv')).toHaveAttribute(
    'href',
    /\/api\/admin\/counter\/shifts\/sh_[\w-]+\.csv$/,
  );
  await shot(page, 'shift-cashup-he.png');
  await page.getByTestId('shift-closed-done').click();
  await expect(bar.getByTestId('shift-none')).toBeVisible();
});

test('a shift that does not balance shows its difference, in the cash-up and the shifts list (en)', async ({
  page,
}) => {
  await atCounter(page, 'en');
  const bar = page.getByTestId('shift-bar');
  await bar.getByTestId('shift-float').fill('100');
  await bar.getByTestId('shift-float').press('Enter');
  await expect(bar.getByTestId('shift-expected')).toContainText('100.00');
  await bar.getByTestId('shift-close-button').click();
  await page.getByTestId('shift-counted').fill('95');
  await page.getByTestId('shift-counted').press('Enter');
  await expect(page.getByTestId('cashup-unbalanced')).toHaveText('Does not balance');
  await expect(page.getByTestId('cashup-difference')).toContainText('-₪5.00');
  await page.getByTestId('shift-closed-done').click();

  await bar.getByTestId('shift-list-button').click();
  const row = page.locator('[data-shift]').first();
  await expect(row).toContainText('-₪5.00');
  await shot(page, 'shift-list-en.png', false);
  await row.getByTestId('shift-open').click();
  await expect(page.getByTestId('cashup-counted')).toContainText('₪95.00');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'shift-list-cashup-390-en.png');
});
