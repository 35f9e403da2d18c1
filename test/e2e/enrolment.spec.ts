import { expect, type Page, test } from '@playwright/test';
import { fillCard, labels, type Lang } from './helpers.ts';

/**
 * The fixed-seat season enrolment (SEASON-2027, server/seed/seasonSeed.ts): six required concerts
 * 8001–8006 and two of the optional 8007–8010, one seat held in all of them at once, paid by the
 * sandbox card; then that seat is taken in each of its concerts.
 */

test.describe.configure({ timeout: 90_000 });

const REQUIRED = [8001, 8002, 8003, 8004, 8005, 8006];
const CHOSEN = [8007, 8009];

async function logInByEmail(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/customer/login', {
    data: { email, password, includeMemberships: true },
  });
  expect(res.status()).toBe(200);
}

/** Picks the first free seat of the list view of the map on screen; answers its aria label. */
async function pickFirstSeat(page: Page, lang: Lang) {
  await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: labels[lang].listView }).click();
  const list = page.getByTestId('seat-list-view');
  await expect(list).toBeVisible();
  // The first section opens; its first free seat is taken.
  await list.locator('.mantine-Accordion-control').first().click();
  const seat = list
    .getByRole('button', { name: new RegExp(`, ${labels[lang].row} `), pressed: false })
    .first();
  await expect(seat).toBeVisible();
  const name = await seat.getAttribute('aria-label');
  await seat.click();
  return name ?? '';
}

async function freeIn(page: Page, presentationId: number): Promise<Record<string, string>> {
  const res = await page.request.get(
    `/api/seats/seats-statusV2?presentationId=${presentationId}&venueTypeId=3&isReserved=1`,
  );
  return ((await res.json()) as { seats: Record<string, string> }).seats;
}

test('enrols in the season in Hebrew with a fixed seat, a tariff and two optional concerts; the seat is taken in each concert', async ({
  page,
}) => {
  await logInByEmail(page, 'avi@example.com', 'avi-demo-2026');
  await page.goto('/enroll/SEASON-2027?language=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('enrolment-flow')).toHaveAttribute('data-step', 'choose');
  await expect(page.getByTestId('previous-seat')).toHaveCount(0);
  // Six steps from the first to the confirmation (no login step for Avi), and one word for a seat
  // (a chair is only the wheelchair's).
  const CHAIR = /כיסא(?! גלגלים)/;
  const steps = page.locator('.mantine-Stepper-step');
  await expect(steps).toHaveCount(6);
  await expect(page.getByTestId('enrolment-flow')).not.toContainText(CHAIR);

  // 1. The fixed seat.
  await pickFirstSeat(page, 'he');
  await expect(page.getByTestId('chosen-seat')).toContainText('שורה');
  await page.screenshot({ path: test.info().outputPath('enrol-seat-he.png'), fullPage: true });
  await page.getByTestId('next-step').click();

  // 2. The tariff: the seat's price level, its first ticket preselected.
  await expect(page.getByTestId('enrolment-flow')).toHaveAttribute('data-step', 'tariff');
  await expect(page.getByTestId('enrolment-tariff-step').getByRole('radio', { checked: true })).toHaveCount(
    1,
  );
  // The whole subscription's price is said here, where the tariff is chosen: what the payment charges.
  const total = (await page.getByTestId('enrolment-total').textContent())!.split(': ').pop()!;
  await page.getByTestId('next-step').click();

  // 3. The concerts: the six required, and exactly two optional ones.
  await expect(page.getByTestId('enrolment-flow')).toHaveAttribute('data-step', 'events');
  await expect(page.getByTestId('next-step')).toBeDisabled();
  for (const pi of CHOSEN) await page.getByTestId(`optional-${pi}`).check();
  await expect(page.getByTestId('optional-8008')).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('enrol-events-he.png'), fullPage: true });
  await page.getByTestId('next-step').click();

  // 4. Seats in the concerts: the fixed seat held in all eight at once.
  await expect(page.getByTestId('enrolment-flow')).toHaveAttribute('data-step', 'seats');
  for (const pi of [...REQUIRED, ...CHOSEN])
    await expect(page.getByTestId(`concert-seat-${pi}`)).toHaveAttribute('data-held', 'yes');
  await page.screenshot({ path: test.info().outputPath('enrol-seats-he.png'), fullPage: true });
  await page.getByTestId('next-step').click();

  // 5. Details and payment by the sandbox card.
  await expect(page.getByTestId('checkout')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await page.getByTestId('terms').check();
  await fillCard(page, 'he', '4111 1111 1111 1111');
  await page.screenshot({ path: test.info().outputPath('enrol-payment-he.png'), fullPage: true });
  await page.getByTestId('pay').click();

  // 6. The confirmation: the member number and the seat of each concert.
  await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('member-number')).toContainText(/\d{8}/);
  await expect(page.getByTestId('confirmation-concert')).toHaveCount(8);
  // Each concert with its seat and its ticket.
  await expect(page.getByTestId('confirmation-seat')).toHaveCount(8);
  await expect(page.getByTestId('confirmation-seat').first()).toContainText(/שורה \d+, מושב \d+/);
  await expect(page.getByTestId('confirmation-ticket')).toHaveCount(8);
  await expect(steps).toHaveCount(6);
  await expect(page.getByTestId('enrolment-flow')).not.toContainText(CHAIR);
  await page.screenshot({ path: test.info().outputPath('enrol-confirmation-he.png'), fullPage: true });

  // The seat is sold in each of its concerts: no status map lists it as free any more.
  const mine = (await (await page.request.get('/api/enroll/7/mine')).json()) as {
    enrolment: { state: string; seat: { sectionId: number; x: number; y: number } };
  };
  expect(mine.enrolment.state).toBe('valid');
  const key = `${mine.enrolment.seat.sectionId}_${mine.enrolment.seat.x}_${mine.enrolment.seat.y}`;
  for (const pi of [...REQUIRED, ...CHOSEN]) expect(Object.keys(await freeIn(page, pi))).not.toContain(key);
  // A concert not chosen still has it free.
  expect(Object.keys(await freeIn(page, 8010))).toContain(key);
});

test('a returning subscriber on a phone in English: last season’s seat first; where it is taken, the nearest seat is proposed and confirmed', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInByEmail(page, 'dana@example.com', 'dana-demo-2026');
  const season = (await (await page.request.get('/api/enroll/SEASON-2027')).json()) as {
    previousSeat: { sectionId: number; x: number; y: number; ticketGroupId: number };
  };
  const prev = season.previousSeat;
  expect(prev).not.toBeNull();
  // Someone else holds that seat at one optional concert.
  const other = ((await (await request.get('/api/session')).json()) as { uuid: string }).uuid;
  await request.put('/api/enroll/7/lock-seat', {
    headers: { uuid: other },
    data: { venueId: 3, seatplanId: 31, seasonId: 2, ...prev, presentationId: 8010, selections: [] },
  });

  await page.goto('/enroll/SEASON-2027?language=en');
  await expect(page.getByTestId('previous-seat')).toContainText(
    /Your seat of last season is (free for you|yours again)/,
  );
  await expect(page.getByTestId('chosen-seat')).toContainText('Section');
  await page.screenshot({ path: test.info().outputPath('enrol-previous-en-phone.png'), fullPage: true });
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  // The step change scrolls the page to the top, animated: tick the boxes once it has stopped (a box
  // moving under the click is not ticked).
  await expect(page.getByTestId('optional-8009')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // By keyboard: on a loaded machine the step's sticky hold badge can still sit over a box scrolled to it.
  for (const pi of [8009, 8010]) {
    const box = page.getByTestId(`optional-${pi}`);
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await page.getByTestId('next-step').click();

  // Held where it is free (the seed may have sold it at a concert or two too); proposed where it is taken.
  const taken = page.getByTestId('concert-seat-8010');
  await expect(taken.getByTestId('seat-taken')).toBeVisible();
  await expect(page.getByTestId('concert-seat-8009')).toHaveAttribute('data-held', 'yes');
  await expect(page.getByTestId('next-step')).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('enrol-proposal-en-phone.png'), fullPage: true });
  for (const pi of [...REQUIRED, 8009, 8010]) {
    const card = page.getByTestId(`concert-seat-${pi}`);
    if ((await card.getAttribute('data-held')) === 'yes') continue;
    await card.getByTestId(`confirm-proposal-${pi}`).click();
    await expect(card).toHaveAttribute('data-held', 'yes');
    await expect(card).toContainText('Another seat');
  }
  await expect(page.getByTestId('next-step')).toBeEnabled();
});
