import { expect, type Page, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { boardReady } from './helpers.ts';

/**
 * The board's first screen comes with the page (server/http/seo/prepaint.ts): a phone shows the events
 * before any script has run, and the shop then takes its place without moving anything.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Paints = { shifts: number; lcpInPrepaint: boolean[] };

/** Records the page's layout shifts and whether each largest paint was the box office's first screen. */
async function watchPaints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Paints;
    w.shifts = 0;
    w.lcpInPrepaint = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
        w.lcpInPrepaint.push(e.element?.closest('#prepaint') !== null);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** No shift, and the largest paint is the first screen, not the shop's later copy of it. */
async function expectUnmovedFirstPaint(page: Page) {
  await page.waitForTimeout(500);
  const seen = await page.evaluate(() => {
    const w = window as unknown as Paints;
    return { shifts: w.shifts, lcpInPrepaint: w.lcpInPrepaint };
  });
  expect(seen.shifts).toBe(0);
  expect(seen.lcpInPrepaint.length).toBeGreaterThan(0);
  expect(seen.lcpInPrepaint.every(Boolean)).toBe(true);
}

test('without scripts the board already shows its events, with links to their orders', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto('/?language=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Events board' })).toBeVisible();
  await expect(page.locator('#prepaint article').first()).toBeVisible();
  const link = page.locator('#prepaint a.pp-time').first();
  await expect(link).toHaveAttribute('href', /^\/order\/\d+$/);
  // The hall follows the time when the film's shows of the day are in several halls (time-of-day dependent).
  await expect(link).toHaveAccessibleName(/^\d{2}:\d{2}( [^—]+)? — Buy tickets for .+/);
  await page.screenshot({ path: test.info().outputPath('prepaint-en-390.png') });

  // In Hebrew, right to left.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'לוח אירועים' })).toBeVisible();
  await context.close();
});

test('the shop takes the first screen’s place with no layout shift, its paint counted first', async ({
  page,
}) => {
  await watchPaints(page);
  await page.goto('/?language=en');
  await boardReady(page);
  await expect(page.getByTestId('feature-card').first()).toBeVisible();
  await expectUnmovedFirstPaint(page);
  await expect(page.locator('#prepaint-style')).toHaveCount(0);
});

test('an order page paints its heading before its scripts, then the seat step takes its place unmoved', async ({
  page,
  request,
}) => {
  const { presentations } = (await (await request.get('/api/seats/presentations')).json()) as {
    presentations: PresentationSummary[];
  };
  const show = presentations.find((p) => p.category === 'movie' && p.isReserved && p.saleStatus === 'open')!;
  const html = await (await request.get(`/order/${show.id}?language=en`)).text();
  expect(html).toContain(`<h1 class="pp-h1">${show.title.en}</h1>`);
  expect(html).toContain(`href="/api/presentations/${show.id}/calendar.ics?language=en"`);

  await watchPaints(page);
  await page.goto(`/order/${show.id}?language=en`);
  await expect(page.locator('#prepaint')).toHaveCount(0);
  await expect(page.getByTestId('presentation-header')).toBeVisible();
  await expectUnmovedFirstPaint(page);
});

test('the first screen speaks the language the customer chose last time', async ({ page }) => {
  await page.goto('/?language=en');
  await boardReady(page);
  // The next visit to the plain address: the box office reads the choice from its cookie.
  const res = await page.request.get('/');
  expect(await res.text()).toContain('<h1 class="pp-h1">Events board</h1>');
});
