import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { makePlan } from '../../bench/seatmap/plans.ts';
import {
  type Camera,
  clampCamera,
  fitCamera,
  panBy,
  worldToScreen,
  zoomAt,
} from '../../src/seatmap/camera.ts';
import { DEFAULT_COLORS, hexToRgb } from '../../src/seatmap/palette.ts';
import { FLAG } from '../../workers/seatplan/model.ts';
import { parsePlan } from '../../workers/seatplan/parse.ts';

// The bench's 100,000-seat cinema: one hall of straight rows.
const plan = makePlan('cinema', 100_000);
const data = parsePlan(plan).data!;
const PLAIN = FLAG.handicap | FLAG.companion | FLAG.limitedView | FLAG.sofa;

/** The colour of one pixel of the viewport (CSS px, as boundingBox gives them), from a screenshot. */
async function pixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = PNG.sync.read(await page.screenshot());
  const o = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[o]!, png.data[o + 1]!, png.data[o + 2]!];
}

const near = (a: readonly number[], b: readonly number[], tolerance = 40) =>
  a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

/** The seat nearest the point (world units), among plain seats. */
function seatNear(wx: number, wy: number): number {
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < data.count; i++) {
    if (data.flags[i]! & PLAIN) continue;
    const d = Math.hypot(data.x[i]! - wx, data.y[i]! - wy);
    if (d < bestD) [best, bestD] = [i, d];
  }
  return best;
}

test('after zooming and panning a 100,000-seat plan, the seats are drawn and hit where they are in the world', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/preview?language=en');
  mkdirSync(test.info().outputDir, { recursive: true });
  const file = join(test.info().outputDir, 'cinema-100k.json');
  writeFileSync(file, JSON.stringify(plan));
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('preview-choose-plan').click();
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('preview-figures')).toContainText(/100[,.\s ]?000/, { timeout: 30_000 });

  const canvas = page.getByTestId('seat-map-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const fit = fitCamera(data.bounds, box.width, box.height);
  const limits = { min: fit.scale * 0.5, max: Math.max(fit.scale * 2, 48 / data.seatRadius) };
  const clamp = (c: Camera) => clampCamera(c, data.bounds, box.width, box.height);
  let cam = fit;

  // Zoom in with the wheel, towards a point left of the centre: 24 notches of e^0.15 each. Mouse events
  // land on whole pixels of the page, and the map zooms about the point they name.
  const mouse = { x: Math.round(box.x + box.width * 0.4), y: Math.round(box.y + box.height * 0.5) };
  const at = { x: mouse.x - box.x, y: mouse.y - box.y };
  await page.mouse.move(mouse.x, mouse.y);
  for (let k = 0; k < 24; k++) {
    await page.mouse.wheel(0, -100);
    cam = clamp(zoomAt(cam, Math.exp(0.15), at.x, at.y, limits));
  }
  // Then drag the plan 150 px left and 90 px down, in steps the map takes as a pan.
  const from = { x: Math.round(box.x + box.width * 0.6), y: Math.round(box.y + box.height * 0.4) };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(from.x - 15 * k, from.y + 9 * k);
  await page.mouse.up();
  cam = clamp(panBy(cam, -150, 90));
  expect(data.seatRadius * cam.scale).toBeGreaterThan(6);

  // The plain seat nearest the middle of the map, where the camera says it is.
  const mid = { x: (box.width / 2 - cam.x) / cam.scale, y: (box.height / 2 - cam.y) / cam.scale };
  const seat = seatNear(mid.x, mid.y);
  const p = worldToScreen(cam, data.x[seat]!, data.y[seat]!);
  const background = hexToRgb(DEFAULT_COLORS.background);
  // The seat is drawn there (once the settled map has its full-detail tiles), and the background between
  // it and the next seat of its row is background.
  await expect
    .poll(async () => near(await pixel(page, box.x + p.x, box.y + p.y), background), { timeout: 15_000 })
    .toBe(false);
  const next = data.row[seat + 1] === data.row[seat] ? seat + 1 : seat - 1;
  const q = worldToScreen(cam, (data.x[seat]! + data.x[next]!) / 2, (data.y[seat]! + data.y[next]!) / 2);
  expect(near(await pixel(page, box.x + q.x, box.y + q.y), background)).toBe(true);

  // A click there selects exactly that seat, and the map draws it selected: white centre, green ring.
  await page.mouse.click(box.x + p.x, box.y + p.y);
  const row = data.rows[data.row[seat]!]!;
  await expect(page.getByTestId('preview-selected')).toContainText(
    `Row ${row.name} · Seat ${data.names[seat]}`,
  );
  const r = data.seatRadius * cam.scale;
  await expect
    .poll(
      async () =>
        near(await pixel(page, box.x + p.x + r * 0.7, box.y + p.y), hexToRgb(DEFAULT_COLORS.selected)),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
  expect(near(await pixel(page, box.x + p.x, box.y + p.y), [255, 255, 255])).toBe(true);
});
