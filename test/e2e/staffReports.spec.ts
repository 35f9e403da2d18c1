import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';

/**
 * The staff reports in real Chromium against the real server, on the demo sales a fresh start seeds: a
 * manager opens each report and sees its chart and rows, changes rows per page and the sort, and
 * downloads a CSV. Screenshots of the reports in English and Hebrew, at desktop and phone widths.
 */
async function loginAsManager(page: Page, language: string) {
  await page.goto(`/staff?language=${language}`);
  const login = page.getByTestId('staff-login');
  await login.locator('input[name=username]').fill('manager');
  await login.locator('input[name=password]').fill('manager-demo-2026');
  await page.getByTestId('staff-login-submit').click();
  await expect(page.getByTestId('staff-reports')).toBeVisible();
}

const amount = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('a manager opens every report, pages and sorts it, and downloads it as CSV (en)', async ({ page }) => {
  await loginAsManager(page, 'en');
  const rows = page.getByTestId('report-row');
  const chart = page.getByTestId('reports-chart');

  // Attendance by show time and venue: the default report, 25 rows a page.
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(rows).toHaveCount(25);
  await expect(page.getByTestId('reports-pagination')).toBeVisible();
  await page.getByTestId('reports-page-size').selectOption('10');
  await expect(rows).toHaveCount(10);
  await page.getByTestId('reports-sort').selectOption('sales');
  await expect
    .poll(async () => {
      const revenue = await rows.locator('td:last-child').allTextContents();
      return revenue.length === 10 && revenue.map(amount).every((v, i, all) => i === 0 || all[i - 1]! >= v);
    })
    .toBe(true);
  await page.screenshot({ path: test.info().outputPath('reports-shows-en.png'), fullPage: true });

  for (const report of ['attendance-features', 'attendance-dates', 'top-features', 'sales-pos'] as const) {
    await page.getByTestId('reports-picker').selectOption(report);
    await expect(chart.locator('svg.recharts-surface')).toBeVisible();
    await expect(rows.first()).toBeVisible();
  }
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('reports-table')).toContainText('Box office');
  await expect(page.getByTestId('reports-table')).toContainText('Online');

  await page.getByTestId('reports-picker').selectOption('concessions');
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('reports-most').getByTestId('report-row').first()).toBeVisible();
  await expect(page.getByTestId('reports-least').getByTestId('report-row').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reports-concessions-en.png'), fullPage: true });

  await page.getByTestId('reports-picker').selectOption('attendance-dates');
  await expect(rows.first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('reports-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^attendance-dates-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('\uFEFFdate,shows,tickets,revenue');
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+,\d+\.\d{2}$/);
});

for (const [language, width] of [
  ['en', 1280],
  ['en', 390],
  ['he', 1280],
  ['he', 390],
] as const) {
  test(`the reports tab reads well in ${language} at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAsManager(page, language);
    await expect(page.getByTestId('reports-chart').locator('svg.recharts-surface')).toBeVisible();
    await expect(page.getByTestId('report-row').first()).toBeVisible();
    // Nothing wider than the screen but the table's own scroller.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: test.info().outputPath(`reports-${language}-${width}.png`),
      fullPage: true,
    });
  });
}
