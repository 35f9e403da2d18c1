import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { shot, staffLogin as login } from './helpers.ts';

/**
 * The venue's seat plans in the back office (issue 33) in real Chromium against the real server: a
 * manager adds a hall, brings its plan in from a spreadsheet, fixes the error it names on the map,
 * publishes and downloads it (English, desktop); and brings a pretix plan into a hall on a phone, in
 * Hebrew, right to left.
 */
const EXAMPLES = new URL('../../docs/examples/', import.meta.url);

/** Adds a hall to the first venue of the list; the hall's page opens. */
async function addHall(page: Page, name: { field: string; value: string }) {
  await page.getByTestId('staff-venue').first().getByTestId('hall-add').click();
  await page.locator(`input[name=${name.field}]`).fill(name.value);
  await page.getByTestId('hall-name-save').click();
  await expect(page).toHaveURL(/\/staff\/venues\/halls\/\d+\?language=/);
}

async function chooseFile(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('plan-choose-file').click();
  await (await chooser).setFiles(new URL(file, EXAMPLES).pathname);
}

test('a manager imports a spreadsheet into a new hall, fixes its error on the map, publishes and exports it; the audit log shows it (en)', async ({
  page,
}) => {
  // A whole plan's life, from a new hall to the exported file and the log: longer than one step.
  test.setTimeout(60_000);
  await page.goto('/staff/venues?language=en');
  await login(page);
  await expect(page.getByTestId('staff-venue').first()).toBeVisible();
  await shot(page, 'venues-en.png');
  await addHall(page, { field: 'hall-en', value: 'E2E Hall' });

  // The dry run names the one error and its seat; the draft is kept with it.
  await chooseFile(page, 'seatplan.csv');
  await expect(page.getByTestId('plan-format')).toHaveValue('csv');
  const error = page.locator('[data-testid=plan-error][data-code=companion_without_wheelchair]');
  await expect(error).toContainText('A companion seat has no wheelchair space beside it');
  await expect(error).toContainText('Balcony, row E, seat 4');
  await expect(page.getByTestId('plan-figure-seats')).toContainText('40');
  await shot(page, 'hall-import-en.png');
  await page.getByTestId('plan-save-draft').click();
  await expect(page).toHaveURL(/\/staff\/venues\/plans\/\d+\?language=en$/);
  await expect(page.getByTestId('plan-status')).toHaveText('Draft');

  // The problem's seat is selected on the map; "companion" off, and the error is gone.
  await expect(page.getByTestId('seat-map')).not.toContainText('Loading the seat map');
  await page
    .locator('[data-testid=plan-error][data-code=companion_without_wheelchair]')
    .getByTestId('plan-problem-show')
    .click();
  await expect(page.getByTestId('plan-selected-count')).toHaveText('Selected seats: 1');
  await expect(page.getByTestId('plan-selected-seats')).toHaveText('Balcony, row E, seat 4');
  const companion = page.getByTestId('plan-edit-companion');
  await expect(companion).toBeChecked();
  // Price levels by the venue's names for them.
  await expect(page.getByTestId('plan-edit-level').locator('option:checked')).toHaveText('Standard');
  await shot(page, 'plan-draft-en.png');
  await companion.click();
  await expect(companion).not.toBeChecked();
  await expect(page.getByTestId('plan-error')).toHaveCount(0);
  await expect(page.getByTestId('plan-publish-blocked')).toHaveCount(0);

  await page.getByTestId('plan-publish').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('plan-status')).toHaveText('Published');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('plan-export-pretix').click(),
  ]);
  expect(download.suggestedFilename()).toBe('e2e-hall-v1.pretix.json');
  const pretix = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { zones: unknown[] };
  expect(pretix.zones.length).toBeGreaterThan(0);

  await page.getByTestId('staff-tab-audit').click();
  for (const action of ['seatplan.import', 'seatplan.edit', 'seatplan.publish'])
    await expect(page.locator(`[data-testid=audit-entry][data-action="${action}"]`).first()).toBeVisible();
});

test('a manager brings a pretix plan into a new hall on a phone, in Hebrew, right to left', async ({
  page,
}) => {
  test.setTimeout(45_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff/venues?language=he');
  await login(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('staff-venue').first()).toBeVisible();
  const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await noSideways()).toBeLessThanOrEqual(390);
  await shot(page, 'venues-he-390.png');
  await addHall(page, { field: 'hall-he', value: 'אולם בדיקה' });

  await chooseFile(page, 'seatplan-pretix.json');
  await expect(page.getByTestId('plan-format')).toHaveValue('pretix');
  await expect(page.getByTestId('plan-figures')).toBeVisible();
  await expect(page.getByTestId('plan-figure-seats')).toContainText('מושבים');
  expect(await noSideways()).toBeLessThanOrEqual(390);
  await shot(page, 'hall-import-he-390.png');

  await page.getByTestId('plan-save-draft').click();
  await expect(page).toHaveURL(/\/staff\/venues\/plans\/\d+\?language=he$/);
  await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('seat-map')).not.toContainText('טוען את מפת המושבים');
  expect(await noSideways()).toBeLessThanOrEqual(390);
  await shot(page, 'plan-he-390.png');
});
