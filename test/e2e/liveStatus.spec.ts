import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { cinemaShows, openSeatList, plainFreeSeats, seatButton } from './helpers.ts';

/**
 * Live seat status (issue 12): a seat one customer takes turns taken for another through the status
 * stream, with no status-map polls while the stream is healthy; with the stream cut, the polls take over,
 * and stop again once the stream is back. Shows used here and nowhere else: hall 2 (plan 12), 20 and 21.
 */

// Two pages drawing seat maps by software WebGL on a shared machine.
test.slow();

interface Watched {
  page: Page;
  /** The seat-map worker's status-map fetches after the load's own: the polls (and `reset` reloads). */
  polls: () => number;
  /** Stream answers seen, with their status. */
  streams: number[];
}

/** A page of its own browser context (another visitor), whose status traffic is counted. */
async function visitor(browser: Browser, contexts: BrowserContext[]): Promise<Watched> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  let fetches = 0;
  const streams: number[] = [];
  page.on('request', (r) => {
    // The worker (its requests name its script as their referrer) fetches the status map with the plan
    // when the map loads, then for every poll; the page's own reads (what this visitor holds) are not polls.
    if (r.url().includes('/api/seats/seats-statusV2') && /worker/.test(r.headers().referer ?? '')) fetches++;
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/seats/status-stream')) streams.push(r.status());
  });
  return { page, polls: () => Math.max(0, fetches - 1), streams };
}

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

test('a seat taken in one page turns taken in another within a second, through the stream, without polls', async ({
  browser,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[20]!;
  const [seat] = await plainFreeSeats(request, show);
  const [taker, watcher] = [await visitor(browser, contexts), await visitor(browser, contexts)];
  await openSeatList(taker.page, 'en', show.id);
  await openSeatList(watcher.page, 'en', show.id);
  await expect(seatButton(watcher.page, 'en', seat!)).toBeVisible();
  await expect.poll(() => watcher.streams).toEqual([200]);

  await seatButton(taker.page, 'en', seat!).click();
  await expect(seatButton(taker.page, 'en', seat!)).toHaveAttribute('aria-pressed', 'true');
  const heldAt = Date.now();
  await expect(seatButton(watcher.page, 'en', seat!)).toHaveCount(0, { timeout: 1_000 });
  expect(Date.now() - heldAt).toBeLessThanOrEqual(1_000);

  // Released in the first page, the seat comes back in the second the same way.
  await seatButton(taker.page, 'en', seat!).click();
  await expect(seatButton(taker.page, 'en', seat!)).toHaveAttribute('aria-pressed', 'false');
  await expect(seatButton(watcher.page, 'en', seat!)).toBeVisible({ timeout: 1_000 });

  // Two poll periods more, and still the one stream and no poll in either page.
  await watcher.page.waitForTimeout(3_200);
  expect(watcher.polls()).toBe(0);
  expect(taker.polls()).toBe(0);
  expect(watcher.streams).toEqual([200]);
});

test('with the stream cut the status map is polled instead, and the polls stop once the stream is back', async ({
  browser,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[21]!;
  const [seat] = await plainFreeSeats(request, show);
  const [taker, watcher] = [await visitor(browser, contexts), await visitor(browser, contexts)];
  await watcher.page.route('**/api/seats/status-stream**', (route) => route.abort());
  await openSeatList(taker.page, 'en', show.id);
  await openSeatList(watcher.page, 'en', show.id);
  await expect(seatButton(watcher.page, 'en', seat!)).toBeVisible();

  await seatButton(taker.page, 'en', seat!).click();
  await expect(seatButton(taker.page, 'en', seat!)).toHaveAttribute('aria-pressed', 'true');
  const heldAt = Date.now();
  await expect(seatButton(watcher.page, 'en', seat!)).toHaveCount(0, { timeout: 2_500 });
  expect(Date.now() - heldAt).toBeLessThanOrEqual(2_500);
  expect(watcher.polls()).toBeGreaterThan(0);

  // The stream reachable again: it is opened anew (by the EventSource or after the back-off), and
  // once it is healthy nothing polls.
  await watcher.page.unroute('**/api/seats/status-stream**');
  await expect.poll(() => watcher.streams, { timeout: 15_000 }).toContain(200);
  await watcher.page.waitForTimeout(500);
  const polled = watcher.polls();
  await watcher.page.waitForTimeout(3_200);
  expect(watcher.polls()).toBe(polled);

  // And changes come through it: the seat released in the first page is free again in the second.
  await seatButton(taker.page, 'en', seat!).click();
  await expect(seatButton(taker.page, 'en', seat!)).toHaveAttribute('aria-pressed', 'false');
  await expect(seatButton(watcher.page, 'en', seat!)).toBeVisible({ timeout: 1_000 });
  expect(watcher.polls()).toBe(polled);
});
