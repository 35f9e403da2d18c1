import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { cinemaHallPlan } from '../../server/seed/seatplans.ts';
import { fitCamera, worldToScreen } from '../../src/seatmap/camera.ts';
import { FLAG } from '../../workers/seatplan/model.ts';
import { parsePlan } from '../../workers/seatplan/parse.ts';

const plan = cinemaHallPlan(
  { venueId: 1, seatplanId: 11, name: 'Hall 1' },
  { rows: 10, seatsPerRow: 14, levels: { regular: 1, sofa: 3 }, variant: 'sofas' },
);
const data = parsePlan(plan).data!;

async function loadPlanFile(page: Page, contents: string, name = 'hall.json') {
  mkdirSync(test.info().outputDir, { recursive: true });
  const file = join(test.info().outputDir, name);
  writeFileSync(file, contents);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('preview-choose-plan').click();
  await (await chooser).setFiles(file);
}

test.describe('the seat map in the staff preview', () => {
  test('loads a plan file and shows its figures', async ({ page }) => {
    await page.goto('/preview?language=en');
    await loadPlanFile(page, JSON.stringify(plan));
    const figures = page.getByTestId('preview-figures');
    await expect(figures).toContainText('Seats');
    await expect(figures).toContainText(String(data.count));
    await expect(figures).toContainText('0.000');
    await expect(page.getByTestId('seat-legend')).toContainText('Wheelchair space');
  });

  test('names the seat that broke a malformed plan, and refuses a file that is not JSON', async ({
    page,
  }) => {
    await page.goto('/preview?language=en');
    const broken = structuredClone(plan) as { S: { G: { R: { S: { x: unknown }[] }[] }[] }[] };
    broken.S[0]!.G[0]!.R[2]!.S[3]!.x = 'left';
    await loadPlanFile(page, JSON.stringify(broken), 'broken.json');
    await expect(page.getByTestId('preview-issues')).toContainText('S[0].G[0].R[2].S[3]');
    await expect(page.getByTestId('preview-figures')).toContainText(String(data.count - 1));
    await loadPlanFile(page, '{"S": [', 'garbage.json');
    await expect(page.getByTestId('preview-error')).toBeVisible();
  });

  test('a click on a seat selects it, and a second click releases it', async ({ page }) => {
    await page.goto('/preview?language=en');
    await loadPlanFile(page, JSON.stringify(plan));
    await expect(page.getByTestId('preview-figures')).toContainText(String(data.count));
    // A plain seat in the middle of row 5, aimed at with the map's own camera maths.
    const row = data.rows[4]!;
    let seat = row.start + 3;
    while (data.flags[seat]! & (FLAG.handicap | FLAG.companion | FLAG.limitedView | FLAG.sofa)) seat++;
    const canvas = page.getByTestId('seat-map-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const cam = fitCamera(data.bounds, box.width, box.height);
    const p = worldToScreen(cam, data.x[seat]!, data.y[seat]!);
    await page.mouse.click(box.x + p.x, box.y + p.y);
    await expect(page.getByTestId('preview-selected')).toContainText(`Row 5 · Seat ${data.names[seat]}`);
    await expect(page.getByTestId('preview-selected')).toContainText('Selected seats: 1');
    await page.mouse.click(box.x + p.x, box.y + p.y);
    await expect(page.getByTestId('preview-selected')).toContainText('Selected seats: 0');
  });

  test('selects a seat with the keyboard and reads it out', async ({ page }) => {
    await page.goto('/preview?language=en');
    await loadPlanFile(page, JSON.stringify(plan));
    await expect(page.getByTestId('preview-figures')).toContainText(String(data.count));
    await page.getByTestId('seat-map-canvas').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('seat-map-live')).toHaveText(/^Hall, row 2, seat 2, Available/);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('preview-selected')).toContainText('Hall · Row 2 · Seat 2');
    await expect(page.getByTestId('seat-map-live')).toHaveText(/row 2, seat 2/);
  });

  test('asks before taking a limited-view seat', async ({ page }) => {
    await page.goto('/preview?language=en');
    await loadPlanFile(page, JSON.stringify(plan));
    await expect(page.getByTestId('preview-figures')).toContainText(String(data.count));
    await page.getByTestId('seat-map-canvas').focus();
    // Focus lands on the first seat of row 1, which has a limited view.
    await expect(page.getByTestId('seat-map-live')).toHaveText(/row 1, seat 1, Limited view/);
    await page.keyboard.press('Enter');
    await expect(page.getByText('This seat has a limited view of the stage.')).toBeVisible();
    await page.getByTestId('confirm-seat').click();
    await expect(page.getByTestId('preview-selected')).toContainText('Selected seats: 1');
  });

  test('offers the free seats as a list', async ({ page }) => {
    await page.goto('/preview?language=en');
    await loadPlanFile(page, JSON.stringify(plan));
    await page.getByRole('button', { name: 'Show as a list' }).click();
    const list = page.getByTestId('seat-list-view');
    await expect(list).toContainText('Hall');
    await list.getByRole('button', { name: /^Hall, row 3, seat 4,/ }).click();
    await expect(page.getByTestId('preview-selected')).toContainText('Row 3 · Seat 4');
  });
});
