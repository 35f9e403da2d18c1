import { expect, type Page, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { boardReady, buySeats, cinemaShows } from './helpers.ts';

/**
 * A phone shows the page before any script has run. The public pages are drawn by the box office with
 * the shop's own components (issue 39: server/http/seo/pageRender.ts, drawnPages.ts) and hydrated
 * without a change.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Paints = { shifts: number; lcpInPrepaint: boolean[] };

/** Records the page's layout shifts and whether each largest paint was the page the box office drew. */
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
        w.lcpInPrepaint.push(e.element?.closest('#root[data-ssr]') !== null);
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

/**
 * Holds the shop's script back until the returned function is called: the page is seen as the box office
 * sent it, then taken over by the shop.
 */
async function holdShopScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
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
  const release = await holdShopScript(page);
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

/** A phone's browser: the box office draws the page for a phone's screen (server/http/shopPages.ts). */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

/** A phone, as a phone's browser says it is. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: PHONE_UA };

/** A presentation on sale with a seat map, as the board lists it. */
async function reservedShow(page: Page): Promise<PresentationSummary> {
  const { presentations } = (await (await page.request.get('/api/seats/presentations')).json()) as {
    presentations: PresentationSummary[];
  };
  return presentations.find((p) => p.category === 'movie' && p.isReserved && p.saleStatus === 'open')!;
}

test('without scripts an order page, the lists and the 404 page already show what they are', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    userAgent: PHONE_UA,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const show = await reservedShow(page);
  // An order page: what, where and when, and the calendar's link, drawn for a phone.
  await page.goto(`/order/${show.id}?language=en`);
  await expect(page.getByRole('heading', { level: 1, name: show.title.en })).toBeVisible();
  await expect(page.getByTestId('presentation-calendar')).toHaveAttribute(
    'href',
    `/api/presentations/${show.id}/calendar.ics?language=en`,
  );
  await page.screenshot({ path: test.info().outputPath('server-order-en-390.png') });
  // The voucher shop's vouchers, the donation funds and the memberships, right to left in Hebrew.
  await page.goto('/digital?language=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('voucher-offer').first()).toBeVisible();
  await page.goto('/donations?language=en');
  await expect(page.getByTestId('donation-fund').first()).toBeVisible();
  await page.goto('/membership?language=en');
  await expect(page.getByTestId('membership-list')).toBeVisible();
  await expect(page.getByTestId('enroll-button').first()).toBeVisible();
  // A path the shop has no page for: its 404 page, with the status.
  const missing = await page.goto('/no-such-page?language=en');
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the events board' })).toHaveAttribute('href', '/');
  await context.close();
});

/** The rectangles of what the page shows first (headings, buttons, links, cards), by their text. */
const layoutOf = (page: Page, selector: string) =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll(`#root ${sel}`)].map((e) => {
        const r = e.getBoundingClientRect();
        return [e.textContent, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
      }),
    selector,
  );

test('hydrating an order page, the lists and the 404 page changes nothing on a phone', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('404')) errors.push(m.text());
  });
  const show = await reservedShow(page);
  const pages = [
    [
      `/order/${show.id}?language=en`,
      'h1, [data-testid=presentation-calendar], [data-testid=presentation-header]',
    ],
    ['/digital?language=en', 'h1, h2, h3, button, [data-testid=voucher-offer]'],
    ['/donations?language=he', 'h1, h2, button, [data-testid=donation-fund]'],
    ['/membership?language=en', 'h1, a, [data-testid=membership-list]'],
    ['/no-such-page?language=en', 'h1, a'],
  ] as const;
  for (const [url, selector] of pages) {
    // The shop's script held back, to see the page as the box office sent it.
    const release = await holdShopScript(page);
    await page.goto(url, { waitUntil: 'commit' });
    await expect(page.locator('#root[data-ssr] h1').first()).toBeVisible();
    const before = await layoutOf(page, selector);
    expect(before.length, url).toBeGreaterThan(1);
    expect(await page.locator('#root[data-ready]').count()).toBe(0);
    release();
    await boardReady(page);
    expect(await layoutOf(page, selector), url).toEqual(before);
    await page.unrouteAll();
  }
  // A tap before the shop answers is not lost: it lands once the shop has taken the page over.
  const release = await holdShopScript(page);
  await page.goto('/donations?language=en', { waitUntil: 'commit' });
  await page.getByTestId('donation-custom-1').click();
  expect(await page.locator('#root[data-ready]').count()).toBe(0);
  release();
  await expect(page.getByTestId('donation-custom-amount-1')).toBeVisible();
  await page.unrouteAll();
  // The order page answers: its seat step comes in under the heading, which stays where it was.
  await page.goto(`/order/${show.id}?language=en`);
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  await expect(page.getByTestId('order-flow')).toBeVisible();
  expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(heading);
  expect(errors).toEqual([]);
  await context.close();
});

test('an e-ticket is drawn with its order and its QR codes, in its language, and hydrates unmoved', async ({
  browser,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[30]!;
  const { documentKey } = await buySeats(request, show, { count: 2, locale: 'en' });
  // Without scripts: the tickets and their QR codes, in the order's language (the link names none).
  const bare = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const still = await bare.newPage();
  const res = await still.goto(`/edocument/${documentKey}`);
  expect(res?.headers()['cache-control']).toBe('private, no-store');
  await expect(still.locator('html')).toHaveAttribute('lang', 'en');
  await expect(still.getByTestId('ticket-qr')).toHaveCount(2);
  await expect(still.getByTestId('ticket-qr').first()).toHaveAttribute('src', /^data:image\/svg\+xml,/);
  await still.screenshot({ path: test.info().outputPath('server-edocument-en-390.png'), fullPage: true });
  await bare.close();
  // With them: nothing moves as the shop takes it over.
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const release = await holdShopScript(page);
  await page.goto(`/edocument/${documentKey}`, { waitUntil: 'commit' });
  await expect(page.getByTestId('ticket-qr').first()).toBeVisible();
  const selector = 'h1, button, [data-testid=ticket-qr], [data-testid=edocument]';
  const before = await layoutOf(page, selector);
  release();
  await boardReady(page);
  expect(await layoutOf(page, selector)).toEqual(before);
  expect(errors).toEqual([]);
  await context.close();
});

test('the board the box office draws speaks the language the customer chose last time', async ({ page }) => {
  await page.goto('/?language=en');
  await boardReady(page);
  // The next visit to the plain address: the box office reads the choice from its cookie.
  const res = await page.request.get('/');
  expect(await res.text()).toMatch(/<h1 [^>]*>Events board<\/h1>/);
});
