import { expect, test } from '@playwright/test';
import { calendarDate, wallTime } from '../../src/domain/venue.ts';
import { HALL_1, ownShows, shot, staffLogin } from './helpers.ts';

/**
 * The waiting room (issue 40) in real Chromium against the real server: a manager puts one in front of a
 * show of the test's own and the other show going on sale with it (English, desktop), the sale opening in
 * an hour; a customer on a phone (Hebrew, right to left) waits with a place to be drawn, keeps it in a
 * second tab on the other show, and is let in to the seats when the manager opens the sale; the manager
 * watches the figures live.
 */

/** An instant as the venue's datetime-local field shows it (YYYY-MM-DDTHH:MM), as the dialog writes it. */
const venueWall = (at: number) => `${calendarDate(at)}T${wallTime(at)}`;

test('a manager opens a sale through a waiting room; a customer waits on a phone and is let in (en, he)', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto('/staff/programme?language=en');
  await staffLogin(page);
  await expect(page.getByTestId('programme')).toBeVisible();

  // Two shows of the test's own, on sale together, so no other test meets their queue. (Early enough that
  // a retry a day later ends, cleaning included, before backofficeShows' 07:00 show.)
  const api = page.request;
  const {
    ids: [showId, otherId],
  } = await ownShows(api, { en: 'The Long Line', he: 'התור הארוך' }, 80, ['03:30', '05:00'], 5);

  // The manager puts a waiting room in front of it, the sale opening in an hour.
  await page.reload();
  await page.getByTestId('upcoming-hall').selectOption(String(HALL_1));
  await page
    .locator(`[data-testid=upcoming-show][data-presentation-id="${showId}"]`)
    .getByTestId('show-waiting-room')
    .click();
  const form = page.getByTestId('waiting-room-form');
  await form.getByTestId('waiting-room-mode').selectOption('on');
  await form.getByTestId('waiting-room-opens').fill(venueWall(Date.now() + 3_600_000));
  await form.getByTestId('waiting-room-rate-input').fill('60');
  // The other show going on sale at the same moment shares the queue.
  await form.getByTestId('waiting-room-also-for').click();
  await page.getByRole('option', { name: /^The Long Line · / }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('waiting-room-save').click();
  await expect(page.getByTestId('waiting-room-state')).toHaveText('In force');

  // The customer, on a phone in Hebrew: in the waiting room, the place to be drawn at the opening.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(`/order/${showId}`);
  const room = customer.getByTestId('waiting-room');
  await expect(room).toBeVisible({ timeout: 20_000 });
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(room).toContainText('אתם בחדר ההמתנה');
  await expect(customer.getByTestId('queue-draw')).toContainText('מקום אקראי');
  await expect(customer.getByTestId('queue-countdown')).toBeVisible();
  await shot(customer, 'waiting-room-he-phone.png');

  // A second tab, on the other show of the sale, keeps the same place: one visitor waits.
  const secondTab = await phone.newPage();
  await secondTab.goto(`/order/${otherId}`);
  await expect(secondTab.getByTestId('waiting-room')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('waiting-room-waiting')).toHaveText('1', { timeout: 10_000 });
  await secondTab.close();

  // The manager opens the sale: the place is drawn, let in, and the seats appear with the pass's end.
  await form.getByTestId('waiting-room-opens').fill(venueWall(Date.now() - 60_000));
  await page.getByTestId('waiting-room-save').click();
  await expect(page.getByTestId('waiting-room-admitted')).toHaveText('1', { timeout: 15_000 });
  await expect(customer.getByTestId('queue-admitted')).toBeVisible({ timeout: 30_000 });
  await expect(customer.getByTestId('queue-admitted')).toContainText('הגיע תורכם');
  await expect(customer.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await shot(customer, 'waiting-room-admitted-he-phone.png');
  await shot(page, 'waiting-room-staff-en.png');

  // Switched off again, so the show sells as usual.
  await form.getByTestId('waiting-room-mode').selectOption('off');
  await page.getByTestId('waiting-room-save').click();
  await expect(page.getByTestId('waiting-room-state')).toHaveText('Not in force');
  await phone.close();
});
