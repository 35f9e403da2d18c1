import { expect, type Page, test } from '@playwright/test';
import { formatDateTime } from '../../src/i18n/format.ts';
import { boardReady } from './helpers.ts';

/** Where the heading's text itself sits (a block element spans the whole width either way). */
async function headingTextBox(page: Page): Promise<{ left: number; right: number; width: number }> {
  return page.getByRole('heading', { level: 1 }).evaluate((h) => {
    const range = document.createRange();
    range.selectNodeContents(h);
    const r = range.getBoundingClientRect();
    return { left: r.left, right: r.right, width: document.documentElement.clientWidth };
  });
}

test.describe('the shop shell', () => {
  test('shows the events board in Hebrew, right to left, by default', async ({ page }) => {
    await page.goto('/');
    await boardReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'לוח אירועים' })).toBeVisible();
    await expect(page.getByTestId('feature-card').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /לרכישת כרטיסים|רכישת כרטיסים/ }).first()).toBeVisible();
    // Right to left for real: the heading starts at the right edge of the page.
    const box = await headingTextBox(page);
    expect(box.left).toBeGreaterThan(box.width / 2);
  });

  test('switching to English turns the page left to right and is remembered', async ({ page }) => {
    await page.goto('/');
    await boardReady(page);
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Events board' })).toBeVisible();
    const box = await headingTextBox(page);
    expect(box.right).toBeLessThan(box.width / 2);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Events board' })).toBeVisible();
  });

  test('a language that is not enabled gives the 404 page', async ({ page }) => {
    await page.goto('/?language=pl');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByText('הדף לא נמצא.')).toBeVisible();
    await expect(page.getByTestId('events-list')).toHaveCount(0);
  });

  test('an unknown page gives the 404 page', async ({ page }) => {
    const res = await page.goto('/no/such/page?language=en');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('This page could not be found.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the events board' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Events board' })).toBeVisible();
  });

  test('a purchase button leads to the presentation’s order page', async ({ page }) => {
    await page.goto('/order?language=en');
    const card = page
      .getByTestId('feature-card')
      .filter({ has: page.getByTestId('purchase-button') })
      .first();
    const title = (await card.getByRole('heading').textContent())!;
    const showtime = card.getByTestId('purchase-button').first();
    const id = await showtime.getAttribute('data-presentation-id');
    await showtime.click();
    await expect(page).toHaveURL(new RegExp(`/order/${id}(\\?|$)`));
    await expect(page.getByTestId('presentation-header').getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('order-flow')).toHaveAttribute('data-step', 'seats');
  });

  test('the date filter shows one business date', async ({ page }) => {
    await page.goto('/?language=en');
    await boardReady(page);
    await page.getByText('Tomorrow', { exact: false }).click();
    await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
    const date = new URL(page.url()).searchParams.get('date')!;
    const [y, m, d] = date.split('-');
    // Showtimes sit under their day's heading: that one day (and video on demand, watchable any day).
    await expect(page.getByTestId('purchase-button').first()).toBeVisible();
    const days = await page
      .locator('[data-day]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-day')));
    expect(days.filter((x) => x !== 'vod')).toEqual([date]);
    await expect(page.locator(`[data-day="${date}"] h2`)).toContainText(`${d}/${m}/${y}`);
  });
});

test.describe('in a browser far from Israel', () => {
  test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' });

  test('shows show times in Israel time', async ({ page, request }) => {
    const { presentations } = (await (await request.get('/api/seats/presentations')).json()) as {
      presentations: { id: number; dateTime: string; isVod: boolean }[];
    };
    const first = presentations.find((p) => !p.isVod)!;
    await page.goto('/?language=en');
    await boardReady(page);
    // The day's heading and the showtime's button together say the Israel date and time.
    const [date, time] = formatDateTime(first.dateTime, 'en').split(/, (?=\d{2}:\d{2}$)/);
    const showtime = page.locator(`[data-presentation-id="${first.id}"]`);
    await expect(showtime).toContainText(time!);
    await expect(page.locator('section', { has: showtime }).getByRole('heading', { level: 2 })).toHaveText(
      date!,
    );
  });
});

test('a path beginning with /http sends the browser to that address (a host the venue trusts)', async ({
  request,
}) => {
  // The demo partner's return origin is trusted; other hosts get a page first (externalLinks.spec.ts).
  const res = await request.get('/https://partner.example/tickets', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()['location']).toBe('https://partner.example/tickets');
});
