import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import type { OrderDocument } from '../../src/api/contract/order.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { addDaysIso, businessDate } from '../../src/domain/venue.ts';
import { fakeCameraArgs, writeCameraFile } from './camera.ts';
import { buySeats, cinemaShows, type Lang, shot, staffLogin } from './helpers.ts';

/**
 * The door page (issue 37) in real Chromium against the real server: a door user scans a bought
 * e-ticket's QR code with the phone's camera (Chromium's fake camera plays a real screenshot of it) and
 * is let in once, refused the second time with when and where; two ushers scanning one ticket at the
 * same moment let it in once; and a ticket without its code is found by name and let in.
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/**
 * The show the door admits: an open one of the premium hall (seat plan 13, which other tests leave
 * alone), today's last, else tomorrow's first (late at night today's have closed).
 */
async function doorShow(page: Page): Promise<PresentationSummary> {
  const shows = await cinemaShows(page.request, 13);
  const today = businessDate(Date.now());
  return (
    shows.filter((s) => s.businessDate === today).at(-1) ??
    shows.find((s) => s.businessDate === addDaysIso(today, 1))!
  );
}

/** An order of two seats of `show`, with its tickets' QR codes. */
async function twoTickets(page: Page, show: PresentationSummary) {
  const order = await buySeats(page.request, show, { count: 2 });
  const doc = (await (await page.request.get(`/api/edocument/${order.documentKey}`)).json()) as OrderDocument;
  return { ...order, tickets: doc.tickets };
}

/**
 * Logs in (the door user unless told; on /door unless `from` says /staff, which sends the door role
 * here) and sets the door up: the show, the door's name (the `door`th suggestion), in.
 */
async function openDoor(
  page: Page,
  lang: Lang,
  show: PresentationSummary,
  opts: {
    door?: number;
    from?: '/door' | '/staff';
    /** A manager at the staff area takes its link to the door page. */
    viaDoorLink?: boolean;
    user?: [string, string];
    beforeStart?: () => Promise<void>;
  } = {},
) {
  await page.goto(`${opts.from ?? '/door'}?language=${lang}`);
  await staffLogin(page, ...(opts.user ?? ['door', 'door-demo-2026']));
  if (opts.viaDoorLink) await page.getByTestId('staff-door-link').click();
  await expect(page).toHaveURL(/\/door(\?|$)/);
  if (show.businessDate !== businessDate(Date.now()))
    await page
      .getByTestId('door-day')
      .getByText(lang === 'he' ? 'מחר' : 'Tomorrow')
      .click();
  await page.locator(`[data-testid=door-presentation][data-id="${show.id}"]`).getByRole('checkbox').click();
  await page
    .getByTestId('door-name-suggestion')
    .nth(opts.door ?? 0)
    .click();
  await opts.beforeStart?.();
  await page.getByTestId('door-start').click();
  await expect(page.getByTestId('door-scan')).toBeVisible();
}

test('on a Hebrew phone the camera reads an e-ticket: green with the seat, then red "already inside" with when and where', async ({
  page,
  browser,
}) => {
  const show = await doorShow(page);
  const order = await twoTickets(page, show);
  const first = order.tickets[0]!;

  // A real image of the e-ticket's first QR code, as a phone's screen shows it (twice the pixels).
  const ticketContext = await browser.newContext({ deviceScaleFactor: 2 });
  const ticketPage = await ticketContext.newPage();
  await ticketPage.goto(`${test.info().project.use.baseURL}/edocument/${order.documentKey}?language=he`);
  const qr = await ticketPage.getByTestId('ticket-qr').first().screenshot();
  const video = test.info().outputPath('ticket-qr.y4m');
  await writeCameraFile(ticketPage, qr, video);
  await ticketContext.close();

  const phoneBrowser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', ...fakeCameraArgs(video)],
  });
  try {
    const phone = await phoneBrowser.newPage({ ...PHONE, baseURL: test.info().project.use.baseURL });
    await openDoor(phone, 'he', show, {
      beforeStart: async () => {
        await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
        // As the phone shows it at the end of the list: the start button in reach.
        await phone.mouse.wheel(0, 5000);
        await shot(phone, 'door-setup-he-390.png', false);
      },
    });
    await phone.getByTestId('door-camera-start').click();

    const verdict = phone.getByTestId('door-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'admitted');
    await expect(verdict).toHaveAttribute('data-tone', 'green');
    await expect(verdict.getByTestId('door-verdict-seat')).toContainText(`שורה ${first.row}`);
    await expect(verdict.getByTestId('door-verdict-seat')).toContainText(`מושב ${first.seat}`);
    await expect(verdict).toContainText(order.reservationIdentifier);
    await shot(phone, 'door-green-he-390.png', false);

    // Held up, the ticket is not sent again; taken away and shown again, it is: and refused.
    await expect(verdict).toHaveAttribute('data-verdict', 'already_in', { timeout: 15_000 });
    await expect(verdict).toHaveAttribute('data-tone', 'red');
    await expect(verdict.getByTestId('door-verdict-title')).toHaveText('כבר בפנים');
    await expect(verdict.getByTestId('door-verdict-last')).toHaveText(
      /^נכנס ב-\d\d:\d\d דרך \u2068כניסה ראשית\u2069$/,
    );
    await shot(phone, 'door-red-he-390.png', false);

    // Red stays until tapped; underneath, the scanning screen fits the phone.
    await verdict.click();
    await expect(verdict).toHaveCount(0);
    await expect(phone.getByTestId('door-count-door').first()).toContainText('כניסה ראשית');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const height of await phone
      .locator('[data-testid=door-scan] button:visible, [data-testid=door-scan] input:visible')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      expect(height).toBeGreaterThanOrEqual(44);
    expect(await phone.evaluate(() => performance.getEntriesByName('door-answer').length)).toBeGreaterThan(0);
    await shot(phone, 'door-scan-he-390.png');
  } finally {
    await phoneBrowser.close();
  }
});

test('two ushers scan the same ticket at the same moment: one lets it in, the other is told it is inside', async ({
  page,
  browser,
}) => {
  const show = await doorShow(page);
  const ticket = (await twoTickets(page, show)).tickets[0]!;
  const ushers = await Promise.all(
    [0, 1].map(async (door) => {
      const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
      const usher = await context.newPage();
      // The second usher logs in at the staff area, which sends the door role to the door page.
      await openDoor(usher, 'he', show, { door, from: door === 0 ? '/door' : '/staff' });
      await usher.getByTestId('door-code-input').fill(ticket.doorCode!);
      return usher;
    }),
  );
  await Promise.all(ushers.map((usher) => usher.getByTestId('door-code-input').press('Enter')));
  const verdicts = await Promise.all(
    ushers.map(async (usher) => {
      const verdict = usher.getByTestId('door-verdict');
      await expect(verdict).toHaveAttribute('data-verdict', /^(admitted|already_in)$/);
      return verdict.getAttribute('data-verdict');
    }),
  );
  expect(verdicts.sort()).toEqual(['admitted', 'already_in']);
  await Promise.all(ushers.map((usher) => usher.context().close()));
});

test('on an English desktop a manager comes from the staff area, finds a ticket by name and lets it in', async ({
  page,
}) => {
  const show = await doorShow(page);
  const second = (await twoTickets(page, show)).tickets[1]!;
  await openDoor(page, 'en', show, {
    user: ['manager', 'manager-demo-2026'],
    from: '/staff',
    viaDoorLink: true,
    beforeStart: async () => {
      // Managers say per presentation whether a ticket that went out may come back.
      const card = page.locator(`[data-testid=door-presentation][data-id="${show.id}"]`);
      await expect(card.getByRole('switch', { name: 'Re-entry allowed' })).toBeVisible();
      await shot(page, 'door-setup-en.png');
    },
  });
  await page.getByTestId('door-search-input').fill('Levi');
  await page.getByTestId('door-search-submit').click();
  const found = page.locator(`[data-testid=door-search-result][data-ticket="${second.ticketIdentifier}"]`);
  await expect(found.getByTestId('door-search-entry')).toHaveText('Not arrived');
  await found.getByRole('button', { name: 'Let in' }).click();
  const verdict = page.getByTestId('door-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'admitted');
  await expect(verdict.getByTestId('door-verdict-title')).toHaveText('Come in');
  await expect(verdict.getByTestId('door-verdict-seat')).toContainText(
    `row ${second.row}, seat ${second.seat}`,
  );
  await shot(page, 'door-green-en.png', false);
  // Green goes by itself; the list then says the ticket is inside.
  await expect(verdict).toHaveCount(0);
  await expect(found.getByTestId('door-search-entry')).toContainText('Inside since');
  await shot(page, 'door-search-en.png');
});
