import { expect, type Page, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { boardReady } from './helpers.ts';

/**
 * A phone shows the page before any script has run. The board is drawn by the box office with the
 * shop's own components (issue 39: server/http/seo/pageRender.ts) and hydrated without a change; an
 * order page's heading is still written by hand (server/http/seo/prepaint.ts) until its turn comes.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Paints = { shifts: number; lcpInPrepaint: boolean[] };

/**
 * Records the page's layout shifts and whether each largest paint was the box office's first screen (a
 * hand-written one, `#prepaint`; or the page it drew with React, `#root[data-ssr]`).
 */
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
        w.lcpInPrepaint.push(e.element?.closest('#prepaint, #root[data-ssr]') !== null);
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
  // The box office drew it with the shop's own components (issue 39): the real board, not a copy.
  await expect(page.getByRole('heading', { level: 1, name: 'Events board' })).toBeVisible();
  await expect(page.getByTestId('feature-card').first()).toBeVisible();
  const link = page.getByTestId('purchase-button').first();
  await expect(link).toHaveAttribute('href', /^\/order\/\d+$/);
  // The hall follows the time when the film's shows of the day are in several halls (time-of-day dependent).
  await expect(link).toHaveAccessibleName(/^\d{2}:\d{2}( [^—]+)? — Buy tickets for .+/);
  await page.screenshot({ path: test.info().outputPath('server-board-en-390.png') });

  // A plain link afterwards stays in English: the box office kept the language asked for (no script ran).
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // In Hebrew, right to left.
  await page.goto('/?language=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'לוח אירועים' })).toBeVisible();
  await expect(page.getByTestId('feature-card').first()).toBeVisible();
  await context.close();
});

test('hydrating the board changes nothing on screen, and its first paint is the largest', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await watchPaints(page);
  // The shop's script held back a moment, to see the page as the box office sent it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded: the page is looked at as soon as it is painted.
  await page.goto('/?language=en', { waitUntil: 'commit' });
  const cards = page.getByTestId('feature-card');
  await expect(cards.first()).toBeVisible();
  const where = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('h1, [data-testid=feature-card], [data-testid=purchase-button]')].map(
        (e) => {
          const r = e.getBoundingClientRect();
          return [e.textContent, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
        },
      ),
    );
  const before = await where();
  expect(await page.locator('#root[data-ready]').count()).toBe(0);
  release();
  await boardReady(page);
  await expect(page.locator('#root[data-ready]')).toHaveCount(1);
  expect(await where()).toEqual(before);
  // The same nodes, answering: a date chip filters the board.
  await page.getByTestId('date-filter').getByText('Tomorrow', { exact: false }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  expect(errors).toEqual([]);
  await page.goto('/?language=en');
  await boardReady(page);
  await expectUnmovedFirstPaint(page);
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

test('the board the box office draws speaks the language the customer chose last time', async ({ page }) => {
  await page.goto('/?language=en');
  await boardReady(page);
  // The next visit to the plain address: the box office reads the choice from its cookie.
  const res = await page.request.get('/');
  expect(await res.text()).toMatch(/<h1 [^>]*>Events board<\/h1>/);
});
