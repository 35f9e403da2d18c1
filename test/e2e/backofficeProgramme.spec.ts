import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { HALL_1, shot, staffLogin as login, venueDay } from './helpers.ts';

/**
 * The programme in the back office (issue 34) in real Chromium against the real server: a manager adds
 * a film and schedules it in a cinema hall; the preview names the demo's shows it would run into, new
 * times fit, and the shows are created and sold (English, desktop); on a phone in Hebrew the preview
 * reads right to left and names its clash, and a spreadsheet brings shows in line by line.
 */

async function schedule(page: Page, times: string) {
  const form = page.getByTestId('schedule-form');
  await form.getByTestId('schedule-times').fill(times);
  await form.getByTestId('schedule-preview').click();
}

test('a manager adds a film, sees the clashes in a preview, and schedules it in a free slot (en)', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await page.goto('/staff/programme?language=en');
  await login(page);
  await expect(page.getByTestId('programme')).toBeVisible();

  await page.getByTestId('feature-new').click();
  const feature = page.getByTestId('feature-form');
  await feature.locator('input[name=title-en]').fill('Harbour Lights');
  await feature.locator('input[name=title-he]').fill('אורות הנמל');
  await feature.locator('input[name=durationMinutes]').fill('105');
  await feature.locator('select[name=language]').selectOption('fr');
  await feature.locator('select[name=subtitles]').selectOption('he');
  await feature.locator('[name=description-en]').fill('A keeper’s daughter keeps the harbour light burning.');
  await page.getByTestId('feature-save').click();
  const row = page.getByTestId('feature-row').filter({ hasText: 'Harbour Lights' });
  await expect(row).toContainText('105 min');

  // Its poster: a landscape photo is taken, cropped upright; a GIF is refused by what it is.
  await row.getByTestId('feature-edit').click();
  const pick = async (name: string, format: 'jpeg' | 'gif') => {
    const buffer = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 60, b: 140 } },
    })
      .toFormat(format)
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('poster-choose').click();
    await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer });
  };
  await pick('not-really.jpg', 'gif');
  await expect(page.getByTestId('poster-error')).toHaveText('A poster must be a JPEG, PNG or WebP picture.');
  await pick('harbour.jpg', 'jpeg');
  await expect(page.getByTestId('poster-shown')).toHaveAttribute('src', /-large\.webp$/);
  await expect(page.getByTestId('poster-error')).toHaveCount(0);
  await shot(page, 'feature-poster-en.png', false);
  await page.getByRole('button', { name: 'Cancel' }).first().click();

  const form = page.getByTestId('schedule-form');
  await form.getByTestId('schedule-feature').selectOption({ label: 'Harbour Lights' });
  // From the day after tomorrow: the shows made here never come first on the board, which other tests
  // buy from by their order.
  await form.getByTestId('schedule-from').fill(venueDay(2));
  await form.getByTestId('schedule-to').fill(venueDay(3));
  await form.getByTestId(`schedule-hall-${HALL_1}`).check();
  // The demo's evening shows fill Hall 1 from 16:45: 19:00 runs into them, twice.
  await schedule(page, '19:00');
  await expect(page.getByTestId('schedule-clashes')).toContainText('Shows that clash: 2');
  await expect(page.getByTestId('schedule-clash').first()).toContainText('Clashes with');
  await expect(page.getByTestId('schedule-create')).toBeDisabled();
  await shot(page, 'schedule-clash-en.png');

  await schedule(page, '10:00, 12:30');
  await expect(page.getByTestId('schedule-ready')).toHaveText('Shows to create: 4. None clashes.');
  await page.getByTestId('schedule-create').click();
  await expect(page.getByTestId('schedule-created')).toContainText('Shows created: 4');
  await expect(page.getByTestId('upcoming-show').filter({ hasText: 'Harbour Lights' })).toHaveCount(4);
  await shot(page, 'schedule-created-en.png');

  // On sale at once: the shop's board lists the new shows, with the uploaded poster.
  await expect
    .poll(async () => {
      const board = (await (await request.get('/api/seats/presentations')).json()) as {
        presentations: { title: { en?: string } }[];
      };
      return board.presentations.filter((p) => p.title.en === 'Harbour Lights').length;
    })
    .toBe(4);
  await page.goto('/?language=en&q=Harbour');
  const card = page.locator('[data-testid=feature-card]').filter({ hasText: 'Harbour Lights' }).first();
  await expect(card.locator('img').first()).toHaveAttribute('src', /-board\.webp$/);
  // Its page tells what it is, under the seat map.
  const board = (await (await request.get('/api/seats/presentations')).json()) as {
    presentations: { id: number; title: { en?: string } }[];
  };
  const show = board.presentations.find((p) => p.title.en === 'Harbour Lights')!;
  await page.goto(`/order/${show.id}?language=en`);
  await expect(page.getByTestId('about-feature')).toContainText('keeps the harbour light burning');
});

test('on a phone in Hebrew, the schedule preview names its clash; a spreadsheet brings shows in, line by line (he, 390 px)', async ({
  page,
}) => {
  test.setTimeout(45_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff/programme?language=he');
  await login(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const form = page.getByTestId('schedule-form');
  await expect(form).toBeVisible();
  await form.getByTestId('schedule-from').fill(venueDay(3));
  await form.getByTestId('schedule-to').fill(venueDay(3));
  await form.getByTestId(`schedule-hall-${HALL_1}`).check();
  await schedule(page, '20:00');
  await expect(page.getByTestId('schedule-clashes')).toContainText('הצגות מתנגשות: 1');
  await expect(page.getByTestId('schedule-clash')).toContainText('מתנגש עם');
  const preview = page.getByTestId('schedule-preview');
  const box = (await preview.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await form.screenshot({
    path: test.info().outputPath('schedule-clash-he-390.png'),
    animations: 'disabled',
  });

  // A spreadsheet in Hebrew names: two mornings fit, an evening runs into the demo's 19:30 show.
  const csv = [
    'feature,hall,date,time',
    `שומר המגדלור,אולם 1,${venueDay(4)},10:00`,
    `שומר המגדלור,אולם 1,${venueDay(5)},10:00`,
    `שומר המגדלור,אולם 1,${venueDay(4)},20:00`,
  ].join('\n');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('schedule-choose-file').click();
  await (await chooser).setFiles({ name: 'schedule.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('schedule-import-summary')).toHaveText('שורות מתאימות: 2. שורות שנדחו: 1.');
  await expect(page.locator('[data-testid=schedule-import-line][data-status=refused]')).toContainText(
    'מתנגש עם',
  );
  await page.getByTestId('schedule-import-create').click();
  await expect(page.getByTestId('schedule-import-summary')).toHaveText('הצגות שנוצרו: 2. שורות שנדחו: 1.');
  await expect(page.getByTestId('schedule-created')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page
    .getByTestId('schedule-import')
    .screenshot({ path: test.info().outputPath('schedule-import-he-390.png'), animations: 'disabled' });
});
