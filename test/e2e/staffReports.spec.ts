import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { SANDBOX_CARDS } from '../../server/services/payments/sandbox/cards.ts';
import { JUMP, JUMP_TICKETS } from '../../server/seed/jumpPark.ts';
import { logInFromHeader, shot } from './helpers.ts';
import { issuedVisitor } from './visitors.ts';

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

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A parent buys two jumps over the API, signing the waiver for a child and a toddler. */
async function signedWaiver(request: APIRequestContext): Promise<string> {
  const { presentations } = (await (await request.get('/api/seats/presentations')).json()) as {
    presentations: PresentationSummary[];
  };
  const session = presentations.find((p) => p.venueId === JUMP.venue && p.saleStatus === 'open')!;
  const uuid = issuedVisitor();
  const places: { x: number; y: number }[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await request.put('/api/seats/lock-seat', {
      headers: { uuid },
      data: {
        seat: {
          PresentationId: session.id,
          VenueId: session.venueId,
          VenueSeatplanId: session.seatplanId,
          VenueSectionId: 1,
          TicketGroupId: JUMP.ticketGroup,
        },
      },
    });
    expect(res.status()).toBe(200);
    places.push(((await res.json()) as { lockedSeat: { x: number; y: number } }).lockedSeat);
  }
  const tickets = [JUMP_TICKETS[1].id, JUMP_TICKETS[0].id];
  const res = await request.post('/api/payment/commit', {
    headers: { uuid, 'idempotency-key': crypto.randomUUID() },
    data: {
      cart: {
        customerInfo: {
          firstName: 'Rina',
          lastName: 'Shalev',
          email: 'rina@example.com',
          mobileNumber: '052-7654321',
          termsAccepted: true,
        },
        creditcardInfo: {
          number: SANDBOX_CARDS.approveVisa,
          expiry: '12/29',
          cvv: '123',
          holderId: '123456782',
        },
        seats: places.map((s, i) => ({
          pi: session.id,
          si: 1,
          x: s.x,
          y: s.y,
          tg: JUMP.ticketGroup,
          ticketId: tickets[i]!,
        })),
        products: [],
        waiver: {
          presentationId: session.id,
          waiverId: JUMP.waiver,
          version: 1,
          locale: 'he',
          adult: { name: 'Rina Shalev', idNumber: '123456782', dateOfBirth: '1985-02-03' },
          jumpers: [
            { name: 'Omer Katz', dateOfBirth: '2018-05-01', ticketId: tickets[0] },
            { name: 'נועה שלו', dateOfBirth: '2022-09-30', ticketId: tickets[1] },
          ],
          accepted: true,
          signature: SIGNATURE,
        },
      },
      locale: 'en',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { reservationIdentifier: string }).reservationIdentifier;
}

/** Nothing wider than the screen, and every visible button of the staff area inside it. */
async function fitsTheScreen(page: Page) {
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const outside = await page
    .getByTestId('staff-area')
    .evaluate(
      (area) =>
        [...area.querySelectorAll('button, a, input, select')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.left < 0 || r.right > window.innerWidth)).length,
    );
  expect(outside).toBe(0);
}

test("issue 35: bars named by show and hall in percent; waivers found by a child's or the adult's name; no customer greeting; Hebrew phone cards", async ({
  page,
  browser,
}) => {
  const rid = await signedWaiver(page.request);
  // Dana used this browser last, as a customer.
  await logInFromHeader(page, 'en', '050-123-4567', 'Dana');
  await loginAsManager(page, 'en');
  await expect(page.getByTestId('staff-area')).not.toContainText('Dana');
  await expect(page.getByTestId('account-button')).toHaveCount(0);
  await expect(page.locator('header')).not.toContainText('Hello');

  // Each bar is named by its show and hall, and measures the share of the hall sold.
  const chart = page.getByTestId('reports-chart');
  const rows = page.getByTestId('report-row');
  await expect(rows).toHaveCount(25);
  const names = chart.getByTestId('reports-bar-name');
  await expect(names).toHaveCount(25);
  const firstRow = await rows.first().locator('td').allTextContents();
  await expect(names.first()).toContainText(firstRow[1]!.slice(0, 12));
  await expect(names.first()).toContainText(firstRow[0]!);
  await expect(chart.locator('.recharts-cartesian-axis-tick-value', { hasText: '100%' })).toBeVisible();
  // Its label: the share sold, and the tickets out of the hall's seats (as the table's row says).
  await expect(chart.locator('.reports-bar-value').first()).toHaveText(
    `${firstRow[5]} (${firstRow[3]}/${firstRow[4]})`,
  );
  await shot(page, 'issue35-reports-en.png');

  // The waivers: by a child's name, by the adult's name; each shows the children.
  await page.getByTestId('staff-tab-waivers').click();
  const search = page.getByTestId('staff-waivers-search');
  const waivers = page.getByTestId('staff-waiver-row');
  for (const q of ['omer', 'Shalev']) {
    // Through a search that finds nothing, so the list shown is the search's own.
    await search.fill('nobody by this name');
    await expect(page.getByTestId('staff-waivers-none')).toBeVisible();
    await search.fill(q);
    await expect(waivers).toHaveCount(1);
    await expect(waivers).toContainText(rid);
    await expect(waivers).toContainText('Rina Shalev');
    await expect(waivers).toContainText('Omer Katz, נועה שלו');
  }
  await shot(page, 'issue35-waivers-en.png');
  // The customer's session ended when staff logged in: the shop greets nobody.
  await page.goto('/?language=en');
  await expect(page.getByTestId('account-button')).not.toContainText('Dana');

  // Hebrew, on a touch phone: the reports and the waivers are cards, all within the screen.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const p = await phone.newPage();
  await loginAsManager(p, 'he');
  await expect(p.getByTestId('reports-bar-name').first()).toBeVisible();
  await expect(p.getByTestId('report-row')).toHaveCount(25);
  await expect(p.getByTestId('reports-table').locator('table')).toHaveCount(0);
  await expect(p.getByTestId('report-row').first()).toContainText('%');
  await fitsTheScreen(p);
  await shot(p, 'issue35-reports-he-phone.png');
  await p.getByTestId('staff-tab-waivers').click();
  await p.getByTestId('staff-waivers-search').fill('nobody by this name');
  await expect(p.getByTestId('staff-waivers-none')).toBeVisible();
  await p.getByTestId('staff-waivers-search').fill('נועה');
  const card = p.getByTestId('staff-waiver-row');
  await expect(card).toHaveCount(1);
  await expect(p.getByTestId('staff-waivers-table').locator('table')).toHaveCount(0);
  for (const value of [rid, 'Rina Shalev', 'Omer Katz, נועה שלו']) await expect(card).toContainText(value);
  await expect(card.getByTestId('staff-waiver-open')).toBeInViewport();
  await fitsTheScreen(p);
  await shot(p, 'issue35-waivers-he-phone.png');
  await phone.close();
});
