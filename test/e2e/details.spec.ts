import { type APIRequestContext, expect, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { cinemaShows, heldSeats, openSeatList, plainFreeSeats, seatButton } from './helpers.ts';

/**
 * Issue 20's details in real Chromium against the real server: the idle prompt of the order flow (five
 * minutes, page.clock), the top-centre toast (3 s), the on-demand catalogue at /digital/Presentation,
 * and a venue whose manager turned booking through the site off (location offline).
 */

test('an idle customer is asked whether they are still there; the seats stay held; a toast says so', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[2]!;
  const [a] = await plainFreeSeats(request, show, { ticketGroup: 1 });
  await page.clock.install();
  await openSeatList(page, 'en', show.id);
  await seatButton(page, 'en', a!).click();
  await expect(seatButton(page, 'en', a!)).toHaveAttribute('aria-pressed', 'true');

  const prompt = page.getByRole('dialog', { name: 'Are you still there?' });
  await page.clock.fastForward('04:50');
  await expect(prompt).toHaveCount(0);
  await page.clock.fastForward('00:15'); // five minutes without a pointer, key or touch
  await expect(prompt).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('idle-prompt-en.png') });
  // Asking is all it does: the seat is still the customer's, on the page and at the box office.
  expect(await heldSeats(page, show)).toEqual([a!.key]);
  await page.getByTestId('still-here').click();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByTestId('seats-chosen')).toContainText('(1)');

  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText(/Welcome back, your seats are still held/);
  const box = (await toast.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(4); // centred
  expect(box.y).toBeLessThan(120); // at the top, under the header
  // 3 s in all from when it is drawn: the clock stops here (the page's clock ran on by itself since, a
  // fraction of a second, or more on a busy machine), then moves on by hand.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 50));
  await page.clock.runFor(1_500);
  await expect(toast).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(toast).toHaveCount(0);
  await page.clock.resume();
  expect(await heldSeats(page, show)).toEqual([a!.key]);
});

test('/digital/Presentation lists the on-demand films and leads into the purchase', async ({ page }) => {
  await page.goto('/digital/Presentation?language=en');
  const films = page.getByTestId('digital-film');
  await expect(films.first()).toBeVisible();
  const first = films.first();
  await expect(first.getByRole('heading', { level: 2 })).not.toBeEmpty();
  await expect(first.getByTestId('digital-terms')).toHaveText('3 plays within 48 hours');
  await expect(first.getByTestId('digital-price')).toContainText('₪39.00');
  await expect(first.getByRole('img')).toBeVisible();
  await first.getByTestId('digital-rent').click();
  await expect(page).toHaveURL(/\/vod\/\d+$/);
  await expect(page.getByTestId('video-flow')).toHaveAttribute('data-step', 'choose');
});

test('the on-demand catalogue in Hebrew on a 390-px phone: right to left, nothing wider than the screen', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto('/digital/Presentation');
  await expect(page.getByTestId('digital-film').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('צפייה ביתית');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('digital-he-390.png'), fullPage: true });
  await context.close();
});

async function setOnlineSales(request: APIRequestContext, venueId: number, enabled: boolean) {
  const login = await request.post('/api/staff/login', {
    data: { username: 'manager', password: 'manager-demo-2026' },
  });
  expect(login.ok()).toBe(true);
  const res = await request.put(`/api/staff/venues/${venueId}/online-sales`, { data: { enabled } });
  expect(res.ok()).toBe(true);
}

test('a venue off online sales: its order page sends customers to the box office, the board has no buy button', async ({
  page,
  request,
}) => {
  const all = (await (await request.get('/api/seats/presentations')).json()) as {
    presentations: PresentationSummary[];
  };
  // A venue no other browser test buys at (the club), so turning it off disturbs nobody.
  const show = all.presentations.find((p) => p.venueId === 5 && !p.isVod && p.saleStatus === 'open')!;
  expect(show).toBeDefined();
  await setOnlineSales(request, show.venueId, false);
  try {
    // The box office's answers are cached a moment (hot reads): the page says so within seconds.
    await expect(async () => {
      await page.goto(`/order/${show.id}?language=en`);
      await expect(page.getByTestId('location-offline-message')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('location-offline-message')).toContainText(
      'Booking through the site is not possible for this venue; please contact the box office',
    );
    await expect(page.getByTestId('seat-map-canvas')).toHaveCount(0);

    await expect(async () => {
      await page.goto(`/?language=en&venue=${show.venueId}&date=${show.businessDate}`);
      await expect(
        page.locator(`[data-testid="showtime-closed"][data-presentation-id="${show.id}"]`),
      ).toHaveAttribute('data-mark', 'offline', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(
      page.locator(`[data-testid="purchase-button"][data-presentation-id="${show.id}"]`),
    ).toHaveCount(0);
  } finally {
    await setOnlineSales(request, show.venueId, true);
  }
  await expect(async () => {
    await page.goto(`/order/${show.id}?language=en`);
    await expect(page.getByTestId('order-flow')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
});
