import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Download, expect, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { buySeat, cinemaShows } from './helpers.ts';

/**
 * Found and shared: the head the box office writes for crawlers and link previews (JSON-LD Event, Open
 * Graph), and "add to calendar" from the order page and the e-ticket, opened at the right time in
 * Asia/Jerusalem whatever the browser's zone.
 */
test.use({ timezoneId: 'America/New_York' });

/** Wall time in Jerusalem as `YYYYMMDDTHHMMSS` and as `YYYY-MM-DDTHH:MM`. */
function jerusalem(iso: string): { ics: string; iso: string } {
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Jerusalem',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
  return { ics: text.replace(/[-:]/g, '').replace(' ', 'T'), iso: text.replace(' ', 'T').slice(0, 16) };
}

/** The DTSTART lines of a downloaded calendar's events (not its time zone's). */
async function eventStarts(download: Download): Promise<string[]> {
  const text = readFileSync(await download.path(), 'utf8').replace(/\r\n /g, '');
  const lines = text.split('\r\n');
  return lines.slice(lines.indexOf('END:VTIMEZONE')).filter((l) => l.startsWith('DTSTART'));
}

async function aShow(request: APIRequestContext): Promise<PresentationSummary> {
  const show = (await cinemaShows(request, 12)).find((p) => p.minPrice !== null);
  expect(show).toBeDefined();
  return show!;
}

test("a presentation's page carries its Event as JSON-LD and its Open Graph tags", async ({
  page,
  request,
}) => {
  const show = await aShow(request);
  await page.goto(`/order/${show.id}?language=en`);
  const title = show.title.en ?? '';
  await expect(page.getByTestId('presentation-header')).toBeVisible();

  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(scripts).toHaveLength(1);
  const event = JSON.parse(scripts[0]!) as Record<string, unknown>;
  const offers = event.offers as Record<string, unknown>;
  expect(event['@type']).toBe('Event');
  expect(event.name).toBe(title);
  expect(String(event.startDate).slice(0, 16)).toBe(jerusalem(show.dateTime).iso);
  expect(event.startDate).toMatch(/\+0[23]:00$/);
  expect(Date.parse(String(event.startDate))).toBe(Date.parse(show.dateTime));
  const price = show.minPrice!;
  expect(offers.lowPrice).toBe(`${Math.floor(price / 100)}.${String(price % 100).padStart(2, '0')}`);
  expect(offers.priceCurrency).toBe('ILS');
  expect(offers.availability).toBe(
    show.availability === 'soldOut' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
  );

  const meta = (key: string) => page.locator(`meta[property="${key}"]`).first().getAttribute('content');
  expect(await meta('og:title')).toBe(`${title} | Tickets`);
  expect(await meta('og:url')).toMatch(new RegExp(`/order/${show.id}\\?language=en$`));
  expect(await meta('og:image')).toMatch(/\/og-image\.png$/);
  const image = await request.get(new URL(String(await meta('og:image'))).pathname);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(title);
  await expect(page).toHaveTitle(`${title} | Tickets`);
});

test("the order page's calendar link downloads the show at its time in Asia/Jerusalem", async ({
  page,
  request,
}) => {
  const show = await aShow(request);
  await page.goto(`/order/${show.id}?language=en`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('presentation-calendar').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`presentation-${show.id}.ics`);
  expect(await eventStarts(download)).toEqual([
    `DTSTART;TZID=Asia/Jerusalem:${jerusalem(show.dateTime).ics}`,
  ]);
});

test("the e-ticket's calendar link downloads the order's show", async ({ page, request }) => {
  const show = (await cinemaShows(request, 12))[1]!;
  const { documentKey } = await buySeat(request, show);

  await page.goto(`/edocument/${documentKey}?language=en`);
  await expect(page.getByTestId('eticket')).toHaveCount(1);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('edocument-calendar').click(),
  ]);
  expect(await eventStarts(download)).toEqual([
    `DTSTART;TZID=Asia/Jerusalem:${jerusalem(show.dateTime).ics}`,
  ]);
});
