import { expect, type Page, test } from '@playwright/test';
import type { Attendance } from '../../src/api/contract/attendance.ts';
import type { OrderDocument } from '../../src/api/contract/order.ts';
import { buySeats, cinemaShows, shot, staffLogin } from './helpers.ts';

/**
 * Attendance at the door (issue 37) in real Chromium: an usher scans one ticket of a two-ticket order
 * over the admin API; the manager's report beside the sales reports shows it arrived and the other
 * ticket's holder as a no-show (English desktop), and reads well on a Hebrew phone (a screenshot).
 */
async function openAttendance(page: Page, language: 'en' | 'he', date: string, presentationId: number) {
  await page.goto(`/staff?language=${language}`);
  await staffLogin(page);
  await page
    .getByTestId('reports-view')
    .getByText(language === 'en' ? 'At the door' : 'בכניסה')
    .click();
  await page.getByTestId('attendance-date').fill(date);
  await page.getByTestId('attendance-presentation').selectOption(String(presentationId));
}

test('the door attendance report shows who came and who did not (en), and on a Hebrew phone', async ({
  page,
  playwright,
  browser,
}) => {
  // A show nobody else's test scans: the last open one of the standard hall.
  const show = (await cinemaShows(page.request, 12)).at(-1)!;
  const order = await buySeats(page.request, show, { count: 2 });
  const doc = (await (await page.request.get(`/api/edocument/${order.documentKey}`)).json()) as OrderDocument;
  const [first, second] = doc.tickets;

  const usher = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await usher.post('/api/staff/login', {
    data: { username: 'door', password: 'door-demo-2026' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const before = await usher.get(`/api/admin/door/counts?presentationIds=${show.id}`);
  const arrivedBefore = ((await before.json()) as { presentations: { arrived: number }[] }).presentations[0]!
    .arrived;
  const scanned = await usher.post('/api/admin/door/scans', {
    data: {
      deviceId: 'e2e-attendance',
      scans: [
        {
          nonce: `e2e-attendance-${Date.now()}`,
          code: first!.doorCode,
          presentationIds: [show.id],
          door: 'Main entrance',
          direction: 'in',
          scannedAt: new Date().toISOString(),
        },
      ],
    },
  });
  expect(((await scanned.json()) as { results: { verdict: string }[] }).results[0]!.verdict).toBe('admitted');
  await usher.dispose();

  await openAttendance(page, 'en', show.businessDate, show.id);
  await expect(page.getByTestId('attendance-arrived')).toHaveText(String(arrivedBefore + 1));
  const mine = page.getByTestId('attendance-no-show').filter({ hasText: order.reservationIdentifier });
  await expect(mine).toContainText('Dana Levi');
  await expect(mine).toContainText(`Row ${second!.row} · Seat ${second!.seat}`);
  await expect(mine).not.toContainText(`Row ${first!.row} · Seat ${first!.seat}`);
  await expect(page.getByTestId('attendance-doors')).toContainText('Main entrance');
  await expect(page.getByTestId('attendance-chart').locator('svg.recharts-surface')).toBeVisible();
  const csv = await page.request.get((await page.getByTestId('attendance-csv').getAttribute('href')) ?? '');
  expect(await csv.text()).toContain(`${second!.ticketIdentifier},Dana Levi`);
  await shot(page, 'attendance-en-desktop.png');

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    baseURL: test.info().project.use.baseURL,
  });
  const he = await phone.newPage();
  await openAttendance(he, 'he', show.businessDate, show.id);
  await expect(he.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    he.getByTestId('attendance-no-show').filter({ hasText: order.reservationIdentifier }),
  ).toBeVisible();
  const report = (await (
    await he.request.get(`/api/staff/reports/door-attendance?presentationId=${show.id}`)
  ).json()) as Attendance;
  expect(report.arrived).toBe(arrivedBefore + 1);
  await shot(he, 'attendance-he-phone.png');
  await phone.close();
});
