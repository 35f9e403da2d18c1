import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { boardReady } from './helpers.ts';

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
  await expect.poll(() => renderedFeatureIds(page)).not.toEqual([]);
  for (const id of await renderedFeatureIds(page)) expect(concerts).toContain(id);

  // Another visitor opening the shared link sees the same board.
  await page.goto(page.url());
  await expect(page.getByTestId('kind-filter').locator('input[value="concert"]')).toBeChecked();

  await page.getByTestId('kind-filter').getByText('Everything', { exact: true }).click();
  await page.getByTestId('venue-filter').selectOption({ label: 'Music Hall' });
  await expect(page).toHaveURL(/venue=2/);
  await expect.poll(() => renderedFeatureIds(page)).not.toEqual([]);
  for (const id of await renderedFeatureIds(page)) expect(featuresOf((p) => p.venueId === 2)).toContain(id);

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
