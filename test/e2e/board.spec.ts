import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { boardReady, openSeatList, plainFreeSeats, seatButton, shot } from './helpers.ts';

/**
 * The events board in real Chromium against the real box office: one card per feature and day with its
 * showtimes as buttons, in Hebrew and English, and the venue, kind and search filters (in the URL).
 */

async function board(request: APIRequestContext): Promise<PresentationSummary[]> {
  const res = await request.get('/api/seats/presentations');
  return ((await res.json()) as { presentations: PresentationSummary[] }).presentations;
}

/** A film with at least two showtimes on one day that all still sell. */
async function filmDay(request: APIRequestContext) {
  const all = await board(request);
  const byKey = new Map<string, PresentationSummary[]>();
  for (const p of all.filter((x) => x.category === 'movie' && x.saleStatus === 'open')) {
    const key = `${p.businessDate}|${p.featureId}`;
    byKey.set(key, [...(byKey.get(key) ?? []), p]);
  }
  // Tomorrow or later: none of its showtimes starts while the test runs.
  const days = [...new Set(all.map((p) => p.businessDate))].sort();
  const [, shows] = [...byKey].find(([k, v]) => v.length >= 2 && k.split('|')[0]! > days[0]!)!;
  return { day: shows[0]!.businessDate, featureId: shows[0]!.featureId, shows, all };
}

async function renderedFeatureIds(page: Page): Promise<number[]> {
  return page
    .getByTestId('feature-card')
    .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-feature-id'))));
}

for (const lang of ['he', 'en'] as const) {
  test(`a film's showtimes of a day sit on one card with its poster (${lang})`, async ({ page, request }) => {
    const { day, featureId, shows } = await filmDay(request);
    await page.goto(`/?language=${lang}&date=${day}`);
    const section = page.locator(`section[data-day="${day}"]`);
    const card = section.locator(`[data-testid="feature-card"][data-feature-id="${featureId}"]`);
    await expect(card).toHaveCount(1);
    const title = shows[0]!.title[lang]!;
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(title);
    const buttons = card.getByTestId('purchase-button');
    await expect(buttons).toHaveCount(shows.length);
    expect(
      await buttons.evaluateAll((b) => b.map((x) => Number(x.getAttribute('data-presentation-id')))),
    ).toEqual(shows.map((s) => s.id));
    // The poster: the title in the page's language, a fixed 2:3 box, loaded.
    const poster = card.getByRole('img', { name: title });
    await expect(poster).toHaveAttribute('width', '120');
    await expect(poster).toHaveAttribute('height', '180');
    await expect(poster).toHaveAttribute('decoding', 'async');
    await expect
      .poll(() => poster.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
      .toBeGreaterThan(0);
    // A button's name is what it shows, then what it does for which feature.
    const name = lang === 'he' ? `רכישת כרטיסים ל${title}` : `Buy tickets for ${title}`;
    await expect(buttons.first()).toHaveAccessibleName(new RegExp(`^\\d{2}:\\d{2} .*${name}$`));
    await page.screenshot({ path: test.info().outputPath(`board-${lang}.png`) });

    await buttons.first().click();
    await expect(page).toHaveURL(new RegExp(`/order/${shows[0]!.id}(\\?|$)`));
    await expect(page.getByTestId('order-flow')).toBeVisible();
  });
}

test('the kind, venue and search filters narrow the board, share in the URL and reset (en)', async ({
  page,
  request,
}) => {
  const all = await board(request);
  const featuresOf = (pred: (p: PresentationSummary) => boolean) =>
    new Set(all.filter(pred).map((p) => p.featureId));
  await page.goto('/?language=en');
  await boardReady(page);
  await expect(page.getByTestId('feature-card').first()).toBeVisible();

  await page.getByTestId('kind-filter').getByText('Concerts', { exact: true }).click();
  await expect(page).toHaveURL(/kind=concert/);
  const concerts = featuresOf((p) => p.category === 'concert' || p.category === 'orchestra');
  // Until the board has redrawn, the cards of before are still there: wait for only concerts.
  await expect
    .poll(() => renderedFeatureIds(page).then((ids) => ids.filter((id) => !concerts.has(id))))
    .toEqual([]);
  expect(await renderedFeatureIds(page)).not.toEqual([]);

  // Another visitor opening the shared link sees the same board.
  await page.goto(page.url());
  await expect(page.getByTestId('kind-filter').locator('input[value="concert"]')).toBeChecked();

  await page.getByTestId('kind-filter').getByText('Everything', { exact: true }).click();
  await page.getByTestId('venue-filter').selectOption({ label: 'Music Hall' });
  await expect(page).toHaveURL(/venue=2/);
  const musicHall = featuresOf((p) => p.venueId === 2);
  await expect
    .poll(() => renderedFeatureIds(page).then((ids) => ids.filter((id) => !musicHall.has(id))))
    .toEqual([]);
  expect(await renderedFeatureIds(page)).not.toEqual([]);

  await page.getByTestId('venue-filter').selectOption({ label: 'All venues' });
  await page.getByTestId('board-search').fill('lighthouse');
  await expect(page).toHaveURL(/q=lighthouse/);
  await expect.poll(async () => new Set(await renderedFeatureIds(page))).toEqual(new Set([11, 1]));

  await page.getByTestId('board-search').fill('no such show anywhere');
  await expect(page.getByTestId('no-results')).toBeVisible();
  await page.getByTestId('no-results').getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('feature-card').first()).toBeVisible();
  await expect(page.getByTestId('board-search')).toHaveValue('');
  expect(new URL(page.url()).searchParams.get('q')).toBeNull();
});

test('the search finds Hebrew titles and ignores Hebrew points (he)', async ({ page }) => {
  await page.goto('/');
  await boardReady(page);
  await expect(page.getByTestId('feature-card').first()).toBeVisible();
  await page.getByTestId('board-search').fill('מִגְדַּלּוֹר');
  await expect.poll(async () => new Set(await renderedFeatureIds(page))).toEqual(new Set([11, 1]));
  await expect(page.getByTestId('board-count')).toContainText('אירועים:');
  await page.getByTestId('reset-filters').click();
  await expect.poll(async () => (await renderedFeatureIds(page)).length).toBeGreaterThan(3);
});

test('the board\'s "from" price is all in: one ticket at it costs exactly that at checkout (en)', async ({
  page,
  request,
}) => {
  const { day, featureId, shows } = await filmDay(request);
  // The card names its showtimes' lowest price; the test buys at the showtime that has it.
  const from = Math.min(...shows.map((s) => s.minPrice!));
  const show = shows.find((s) => s.minPrice === from)!;
  const { ticketGroups, serviceCharge } = (await (
    await request.get(`/api/presentations/${show.id}/ticketGroups`)
  ).json()) as { ticketGroups: TicketGroup[]; serviceCharge: { amount: number } };
  // The cheapest ticket one can buy alone, and its handling fee (its own, else the show's).
  const cheapest = ticketGroups
    .flatMap((g) =>
      g.tickets.map((tk) => ({ group: g.id, tk, fee: tk.serviceCharge || serviceCharge.amount })),
    )
    .filter(
      ({ tk }) => tk.multiplyFactor === 1 && !tk.isMultiplyFactorSubTicket && tk.requiredTicketId === null,
    )
    .sort((a, b) => a.tk.price + a.fee - (b.tk.price + b.fee))[0]!;
  expect(cheapest.fee).toBeGreaterThan(0);
  expect(show.minPrice).toBe(cheapest.tk.price + cheapest.fee);

  await page.goto(`/?language=en&date=${day}`);
  const card = page.locator(
    `section[data-day="${day}"] [data-testid="feature-card"][data-feature-id="${featureId}"]`,
  );
  const meta = await card.locator('p').first().textContent();
  const shown = /From (₪[\d,.]+) incl\. fees/.exec(meta ?? '')?.[1];
  expect(shown, meta ?? '').toBe(`₪${(from / 100).toFixed(2)}`);

  // The showtime's order: one seat of the cheapest ticket's level, that ticket, and the summary's total.
  const [seat] = (await plainFreeSeats(request, show, { ticketGroup: cheapest.group })).slice(-1);
  await card.locator(`[data-testid="purchase-button"][data-presentation-id="${show.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/order/${show.id}(\\?|$)`));
  await openSeatList(page, 'en', show.id);
  await seatButton(page, 'en', seat!).click();
  await expect(seatButton(page, 'en', seat!)).toHaveAttribute('aria-pressed', 'true');
  // The seat step's running total is all in too.
  await expect(page.getByTestId('seats-total')).toContainText('incl. fees');
  await page.getByTestId('next-step').click();
  await page.getByTestId('ticket-row').first().locator('input').first().click();
  await page.getByRole('option', { name: new RegExp(`^${cheapest.tk.name.en!}`) }).click();
  // Add-ons a ticket comes with ticked (a 3D film's glasses) are the customer's to drop: "from" is without them.
  const ticked = page.getByTestId('ticket-row').first().locator('input[type=checkbox]:checked');
  for (let n = await ticked.count(); n > 0; n--) await ticked.first().uncheck();
  await expect(page.getByTestId('order-total')).toHaveText(shown!);
});

test('a show after midnight reads as the night before on the board and its order page (en desktop, he phone)', async ({
  page,
  request,
}) => {
  // The demo's 00:15 cinema show after Thursdays and Fridays: its business date is the evening before.
  const all = await board(request);
  const calendarDay = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date(iso));
  const night = all.find(
    (p) => p.category === 'movie' && p.saleStatus === 'open' && calendarDay(p.dateTime) !== p.businessDate,
  )!;
  expect(night, 'a show after midnight on sale').toBeTruthy();
  const day = night.businessDate;
  const evening = new Date(`${day}T12:00:00Z`).getUTCDay();
  expect([4, 5]).toContain(evening);
  const words = {
    en: { night: ['Thursday night', 'Friday night'][evening - 4]!, heading: /^(Thursday|Friday), / },
    he: { night: ['חמישי בלילה', 'שישי בלילה'][evening - 4]!, heading: /^יום (חמישי|שישי), / },
  };

  for (const lang of ['en', 'he'] as const) {
    if (lang === 'he') await page.setViewportSize({ width: 390, height: 844 });
    const w = words[lang];
    await page.goto(`/?language=${lang}&date=${day}`);
    await boardReady(page);
    // On the board: under the evening's heading, as "Friday night, 00:15".
    const section = page.locator(`section[data-day="${day}"]`);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(w.heading);
    const button = section.locator(`[data-testid="purchase-button"][data-presentation-id="${night.id}"]`);
    await expect(button).toContainText(`${w.night}, 00:15`);
    await button.scrollIntoViewIfNeeded();
    await shot(page, `night-board-${lang}.png`, false);

    // Its order page: the night, and the show's real calendar date beside it.
    await button.click();
    const header = page.getByTestId('presentation-header');
    await expect(header).toContainText(`${w.night}, 00:15 (`);
    // A desktop's long date (05/12/2026); a phone's one line has the short one (5.12).
    const [y, m, d] = calendarDay(night.dateTime).split('-');
    await expect(header).toContainText(lang === 'en' ? `${d}/${m}/${y}` : `${Number(d)}.${Number(m)}`);
    await shot(page, `night-order-${lang}.png`, false);
    // The box office's first paint of the page says the same.
    const html = await (await request.get(`/order/${night.id}?language=${lang}`)).text();
    expect(html).toContain(`${w.night}, 00:15 (`);
  }
});
