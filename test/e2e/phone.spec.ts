import { expect, test } from '@playwright/test';
import { cinemaShows } from './helpers.ts';

/**
 * The seat step on a 390-pixel phone (issue 13, first step): the map comes first. The five-step
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
