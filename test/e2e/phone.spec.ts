import { expect, test } from '@playwright/test';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import { clampCamera, fitCamera, worldToScreen, zoomAt } from '../../src/seatmap/camera.ts';
import { parsePlan } from '../../workers/seatplan/parse.ts';
import { cinemaShows, fillCard, plainFreeSeats } from './helpers.ts';

/**
 * The seat step on a 390-pixel phone: the map comes first. The five-step
 * stepper becomes one line with a bar, the legend folds away behind a button, and the map's top shows
 * on the first screen. Plan 12, show 22: used here only, and nothing is locked.
 */
test.use({ viewport: { width: 390, height: 844 } });

for (const [lang, progress, legend, step2] of [
  ['he', 'שלב 1 מתוך 5', 'מקרא', 'בחירת סוגי כרטיסים'],
  ['en', 'Step 1 of 5', 'Legend', 'Choose ticket types'],
] as const) {
  test(`on a phone the seat map shows on the first screen, the steps in one line, the legend folded (${lang})`, async ({
    page,
    request,
  }) => {
    const show = (await cinemaShows(request, 12))[22]!;
    await page.goto(`/order/${show.id}?language=${lang}`);
    const canvas = page.getByTestId('seat-map-canvas').locator('canvas');
    await expect(canvas).toBeVisible();
    await expect(page.getByTestId('step-progress')).toHaveText(progress);
    // The later steps are not listed one by one.
    await expect(page.getByText(step2)).toHaveCount(0);
    const box = await page.getByTestId('seat-map-canvas').boundingBox();
    expect(box!.y).toBeLessThan(844 - 200);

    await expect(page.getByTestId('seat-legend')).toHaveCount(0);
    const toggle = page.getByTestId('legend-toggle');
    await expect(toggle).toHaveText(legend);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('seat-legend')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`seat-step-phone-${lang}.png`) });
  });
}

test('on a desktop the steps and the legend show in full', async ({ page, request }) => {
  const show = (await cinemaShows(request, 12))[22]!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/order/${show.id}?language=en`);
  await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('seat-legend')).toBeVisible();
  await expect(page.getByTestId('legend-toggle')).toHaveCount(0);
  await expect(page.getByTestId('step-progress')).toHaveCount(0);
  await expect(page.getByText('Choose ticket types')).toBeVisible();
});

/**
 * A phone buys two seats on the map with taps only (the text fields are typed, as on any phone): plan 12,
 * show 23, used here only. The sticky bar keeps the count, the total and Continue on screen.
 */
test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test('a customer taps two seats on the map, continues from the sticky bar and pays', async ({
    page,
    request,
  }) => {
    const show = (await cinemaShows(request, 12))[23]!;
    const plan = (await (
      await request.get(`/api/seats/seatplanV2?venueId=${show.venueId}&seatplanId=${show.seatplanId}`)
    ).json()) as Seatplan;
    const data = parsePlan(plan).data!;
    const free = new Set((await plainFreeSeats(request, show)).map((s) => s.key));
    const keyOf = (i: number) => `${data.sections[data.section[i]!]!.id}_${data.px[i]}_${data.py[i]}`;

    await page.goto(`/order/${show.id}?language=en`);
    const map = page.getByTestId('seat-map-canvas');
    await expect(map.locator('canvas')).toBeVisible();
    // The plan is in: its price levels are listed with their colours.
    await expect(page.getByTestId('price-legend')).toContainText('₪');
    // Two taps on the zoom-in button, as a customer would before aiming at a seat with a finger.
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    const fit = fitCamera(data.bounds, box.width, box.height);
    const limits = { min: fit.scale * 0.5, max: Math.max(fit.scale * 2, 48 / data.seatRadius) };
    let cam = fit;
    for (let k = 0; k < 2; k++)
      cam = clampCamera(
        zoomAt(cam, 1.4, box.width / 2, box.height / 2, limits),
        data.bounds,
        box.width,
        box.height,
      );

    // Two free plain seats side by side in a row, on screen above the sticky bar.
    const barTop = (await page.getByTestId('seat-step-bar').boundingBox())!.y;
    const onScreen = (i: number) => {
      const p = worldToScreen(cam, data.x[i]!, data.y[i]!);
      return p.x > 12 && p.x < box.width - 12 && box.y + p.y > box.y + 12 && box.y + p.y < barTop - 12;
    };
    let pair = -1;
    for (let i = 0; i + 1 < data.count && pair < 0; i++) {
      if (data.row[i] !== data.row[i + 1] || !free.has(keyOf(i)) || !free.has(keyOf(i + 1))) continue;
      if (onScreen(i) && onScreen(i + 1)) pair = i;
    }
    expect(pair).toBeGreaterThanOrEqual(0);
    for (const i of [pair, pair + 1]) {
      // Where the map is now: holding the first seat starts the step timer above it.
      const now = (await map.boundingBox())!;
      const p = worldToScreen(cam, data.x[i]!, data.y[i]!);
      await page.touchscreen.tap(now.x + p.x, now.y + p.y);
      // A tap shows the seat's card first (section, row, seat and price); its button takes the seat.
      const card = page.getByTestId('seat-card');
      await expect(card.getByTestId('seat-card-title')).toContainText(
        `Row ${data.rows[data.row[i]!]!.name} · Seat ${data.names[i]}`,
      );
      await expect(card).toContainText('₪');
      await card.getByTestId('seat-card-action').tap();
      await expect(card).toHaveCount(0);
      await expect(page.getByTestId('seats-chosen')).toContainText(
        `${data.rows[data.row[i]!]!.name}/${data.names[i]}`,
      );
    }
    await expect(page.getByTestId('seats-chosen')).toContainText('(2)');
    await expect(page.getByTestId('seats-total')).toContainText('Total');
    // The bar with Continue stays on the screen.
    const next = page.getByTestId('next-step');
    const nextBox = (await next.boundingBox())!;
    expect(nextBox.y + nextBox.height).toBeLessThanOrEqual(844);

    await next.tap();
    await expect(page.getByTestId('ticket-row')).toHaveCount(2);
    await page.getByTestId('next-step').tap();
    await page.getByTestId('next-step').tap();
    await expect(page.getByTestId('checkout')).toBeVisible();
    await page.locator('input[name=firstName]').fill('Dana');
    await page.locator('input[name=lastName]').fill('Levi');
    await page.locator('input[name=email]').fill('dana@example.com');
    await page.locator('input[name=mobileNumber]').fill('050-1234567');
    await page.getByTestId('terms').tap();
    await fillCard(page, 'en', '4111 1111 1111 1111');
    await page.getByTestId('pay').tap();
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByTestId('reservation-id')).toHaveText(/^[A-Z0-9]{10}$/);
    // Both seats are sold: nobody sees them free any more.
    const after = new Set((await plainFreeSeats(request, show)).map((s) => s.key));
    expect(after.has(keyOf(pair)) || after.has(keyOf(pair + 1))).toBe(false);
  });
});
