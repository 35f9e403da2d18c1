import { expect, test } from '@playwright/test';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import { clampCamera, fitCamera, worldToScreen, zoomAt } from '../../src/seatmap/camera.ts';
import { parsePlan } from '../../workers/seatplan/parse.ts';
import { cinemaShows, fillCard, plainFreeSeats } from './helpers.ts';

/**
 * The seat step on a 390-pixel phone: the map comes first. The heading folds into two lines (the title
 * beside the calendar's icon, then date · venue · hall), the five-step stepper into one line with the
 * step's title, the legend away behind a button, and the map starts in the first screen's upper half
 * (issue 35). Plan 12, show 22: used here only, and nothing is locked.
 */
test.use({ viewport: { width: 390, height: 844 } });

for (const [lang, progress, legend, step2, calendar] of [
  ['he', 'שלב 1 מתוך 5', 'מקרא', 'בחירת סוגי כרטיסים', 'הוספה ליומן'],
  ['en', 'Step 1 of 5', 'Legend', 'Choose ticket types', 'Add to calendar'],
] as const) {
  test(`on a phone the seat map starts in the first screen's upper half, the steps in one line, the legend folded (${lang})`, async ({
    page,
    request,
  }) => {
    const show = (await cinemaShows(request, 12))[22]!;
    await page.goto(`/order/${show.id}?language=${lang}`);
    const canvas = page.getByTestId('seat-map-canvas').locator('canvas');
    await expect(canvas).toBeVisible();
    const map = (await page.getByTestId('seat-map-canvas').boundingBox())!;
    expect(map.y).toBeLessThan(844 / 2);

    // The title on one line, whole for screen readers, beside the calendar's 44-pixel icon button.
    const header = page.getByTestId('presentation-header');
    const name = show.title[lang]!;
    const title = header.getByRole('heading', { level: 1, name });
    await expect(title).toHaveAttribute('title', name);
    expect((await title.boundingBox())!.height).toBeLessThan(34);
    const cal = header.getByRole('link', { name: calendar });
    const icon = (await cal.boundingBox())!;
    expect([icon.width, icon.height]).toEqual([44, 44]);
    await expect(header.getByText(show.hallName[lang]!)).toBeVisible();
    // The category's badge is left out.
    await expect(header.getByText(lang === 'he' ? 'סרט' : 'Movie', { exact: true })).toHaveCount(0);

    // The step's number (its words for screen readers) and title on one line; the later steps are not
    // listed one by one.
    await expect(page.getByTestId('step-progress')).toContainText(progress);
    await expect(page.getByTestId('step-progress').locator('[aria-hidden="true"]')).toHaveText('1/5');
    const counter = (await page.getByTestId('step-progress').boundingBox())!;
    const stepTitle = (await page.getByTestId('step-title').boundingBox())!;
    expect(Math.abs(counter.y + counter.height / 2 - (stepTitle.y + stepTitle.height / 2))).toBeLessThan(3);
    await expect(page.getByText(step2)).toHaveCount(0);

    await expect(page.getByTestId('seat-legend')).toHaveCount(0);
    const toggle = page.getByTestId('legend-toggle');
    await expect(toggle).toHaveText(legend);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('seat-legend')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`seat-step-phone-${lang}.png`) });
  });
}

test('on a desktop the steps and the legend show in full', async ({ page, request }) => {
  const show = (await cinemaShows(request, 12))[22]!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/order/${show.id}?language=en`);
  await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('seat-legend')).toBeVisible();
  await expect(page.getByTestId('legend-toggle')).toHaveCount(0);
  await expect(page.getByTestId('step-progress')).toHaveCount(0);
  await expect(page.getByText('Choose ticket types')).toBeVisible();
  // The heading as it was: the category's badge, and the calendar's link in words.
  const header = page.getByTestId('presentation-header');
  await expect(header.getByText('Movie', { exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Add to calendar' })).toHaveText('Add to calendar');
});

/**
 * A phone buys two seats on the map with taps only (the text fields are typed, as on any phone): plan 12,
 * show 23, used here only. The sticky bar keeps the count, the total and Continue on screen.
 */
test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test('a customer taps two seats on the map, continues from the sticky bar and pays', async ({
    page,
    request,
  }) => {
    const show = (await cinemaShows(request, 12))[23]!;
    const plan = (await (
      await request.get(`/api/seats/seatplanV2?venueId=${show.venueId}&seatplanId=${show.seatplanId}`)
    ).json()) as Seatplan;
    const data = parsePlan(plan).data!;
    const free = new Set((await plainFreeSeats(request, show)).map((s) => s.key));
    const keyOf = (i: number) => `${data.sections[data.section[i]!]!.id}_${data.px[i]}_${data.py[i]}`;

    await page.goto(`/order/${show.id}?language=en`);
    const map = page.getByTestId('seat-map-canvas');
    await expect(map.locator('canvas')).toBeVisible();
    // The plan is in: its price levels are listed with their colours.
    await expect(page.getByTestId('price-legend')).toContainText('₪');
    // Two taps on the zoom-in button, as a customer would before aiming at a seat with a finger.
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    const fit = fitCamera(data.bounds, box.width, box.height);
    const limits = { min: fit.scale * 0.5, max: Math.max(fit.scale * 2, 48 / data.seatRadius) };
    let cam = fit;
    for (let k = 0; k < 2; k++)
      cam = clampCamera(
        zoomAt(cam, 1.4, box.width / 2, box.height / 2, limits),
        data.bounds,
        box.width,
        box.height,
      );

    // Two free plain seats side by side in a row, on screen above the sticky bar.
    const barTop = (await page.getByTestId('seat-step-bar').boundingBox())!.y;
    const onScreen = (i: number) => {
      const p = worldToScreen(cam, data.x[i]!, data.y[i]!);
      return p.x > 12 && p.x < box.width - 12 && box.y + p.y > box.y + 12 && box.y + p.y < barTop - 12;
    };
    let pair = -1;
    for (let i = 0; i + 1 < data.count && pair < 0; i++) {
      if (data.row[i] !== data.row[i + 1] || !free.has(keyOf(i)) || !free.has(keyOf(i + 1))) continue;
      if (onScreen(i) && onScreen(i + 1)) pair = i;
    }
    expect(pair).toBeGreaterThanOrEqual(0);
    for (const i of [pair, pair + 1]) {
      // Where the map is now: holding the first seat starts the step timer above it.
      const now = (await map.boundingBox())!;
      const p = worldToScreen(cam, data.x[i]!, data.y[i]!);
      await page.touchscreen.tap(now.x + p.x, now.y + p.y);
      // A tap shows the seat's card first (section, row, seat and price); its button takes the seat.
      const card = page.getByTestId('seat-card');
      await expect(card.getByTestId('seat-card-title')).toContainText(
        `row ${data.rows[data.row[i]!]!.name}, seat ${data.names[i]}`,
      );
      await expect(card).toContainText('₪');
      await card.getByTestId('seat-card-action').tap();
      await expect(card).toHaveCount(0);
      await expect(page.getByTestId('seats-chosen')).toContainText(
        `row ${data.rows[data.row[i]!]!.name}, seat`,
      );
    }
    await expect(page.getByTestId('seats-chosen')).toContainText('(2)');
    await expect(page.getByTestId('seats-total')).toContainText('Total');
    // The countdown shares the step's line: a clock and the time, its words for screen readers.
    const timer = page.getByTestId('step-timer');
    await expect(timer).toContainText(/Time left \d\d:\d\d/);
    const line = async () => {
      const [a, b] = [(await timer.boundingBox())!, (await page.getByTestId('step-title').boundingBox())!];
      return Math.abs(a.y + a.height / 2 - (b.y + b.height / 2));
    };
    await expect.poll(line).toBeLessThan(3);
    // The bar with Continue stays on the screen.
    const next = page.getByTestId('next-step');
    const nextBox = (await next.boundingBox())!;
    expect(nextBox.y + nextBox.height).toBeLessThanOrEqual(844);

    await next.tap();
    await expect(page.getByTestId('ticket-row')).toHaveCount(2);
    await expect(page.getByTestId('step-progress')).toContainText('Step 2 of 5');
    await expect.poll(line).toBeLessThan(3);
    await page.screenshot({ path: test.info().outputPath('ticket-step-phone-en.png') });
    await page.getByTestId('next-step').tap();
    await page.getByTestId('next-step').tap();
    await expect(page.getByTestId('checkout')).toBeVisible();
    await page.locator('input[name=firstName]').fill('Dana');
    await page.locator('input[name=lastName]').fill('Levi');
    await page.locator('input[name=email]').fill('dana@example.com');
    await page.locator('input[name=mobileNumber]').fill('050-1234567');
    await page.getByTestId('terms').tap();
    await fillCard(page, 'en', '4111 1111 1111 1111');
    await page.getByTestId('pay').tap();
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByTestId('reservation-id')).toHaveText(/^[A-Z0-9]{10}$/);
    // Both seats are sold: nobody sees them free any more.
    const after = new Set((await plainFreeSeats(request, show)).map((s) => s.key));
    expect(after.has(keyOf(pair)) || after.has(keyOf(pair + 1))).toBe(false);
  });
});

/**
 * Small controls on a Hebrew touch phone (issue 35): the code from the SMS logs in as its last digit is
 * typed, each box named in Hebrew; the optional concerts of the season enrolment are named by their
 * concert; the seat count and the products step with named 44-pixel buttons. Show 27 of plan 12: used
 * here only (its seats stay held when the test ends).
 */
test.describe('small controls on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test('named 44-pixel steppers, code boxes and concert checkboxes in Hebrew; the full code logs in by itself', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    // The code: six boxes with their own Hebrew names; the sixth digit logs in, in one request.
    await page.goto('/customer-area?language=he');
    await page.getByLabel('טלפון נייד').fill('050-1234567');
    await page.getByTestId('send-code').tap();
    await expect(page.getByTestId('code-sent')).toBeVisible();
    const out = await request.get('/api/dev/sms-outbox', { params: { mobileNumber: '0501234567' } });
    const { messages } = (await out.json()) as { messages: { text: string }[] };
    const code = /\b(\d{6})\b/.exec(messages.find((m) => /\b\d{6}\b/.test(m.text))!.text)![1]!;
    const boxes = page.getByTestId('sms-code').locator('input');
    await expect(boxes).toHaveCount(6);
    for (let n = 1; n <= 6; n++) await expect(boxes.nth(n - 1)).toHaveAccessibleName(`ספרה ${n} מתוך 6`);
    await expect(boxes.first()).toHaveAttribute('autocomplete', 'one-time-code');
    expect((await boxes.first().boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: test.info().outputPath('code-phone-he.png') });
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/customer/mobile-login-validation')) checks.push(r.url());
    });
    await boxes.first().tap();
    await page.keyboard.type(code);
    await expect(page.getByTestId('customer-area')).toBeVisible();
    expect(checks).toHaveLength(1);

    // The season's optional concerts: each checkbox named by its concert, its line a finger's target.
    await page.goto('/enroll/SEASON-FLEX?language=he');
    await expect(page.getByTestId('enrolment-flow')).toHaveAttribute('data-step', 'tariff');
    await page.getByTestId('next-step').tap();
    const concerts = page.getByTestId('enrolment-events-step').getByRole('checkbox');
    await expect(concerts).toHaveCount(4);
    const tree = await page.getByTestId('enrolment-events-step').ariaSnapshot();
    const names = [...tree.matchAll(/checkbox "([^"]+)"/g)].map((m) => m[1]);
    expect(names).toHaveLength(4);
    expect(new Set(names).size).toBe(4);
    // A tap on the concert's title ticks its box.
    await page.getByTestId('concert-8007').locator('label').tap();
    await expect(concerts.first()).toBeChecked();
    await page.screenshot({ path: test.info().outputPath('concerts-phone-he.png'), fullPage: true });

    // The seat count: its buttons named in Hebrew, 44 pixels.
    const show = (await cinemaShows(request, 12))[27]!;
    await page.goto(`/order/${show.id}?language=he`);
    const auto = page.getByTestId('auto-select');
    const more = auto.getByRole('button', { name: 'הגדלה: מספר מקומות' });
    await expect(more).toBeVisible();
    await expect(auto.getByRole('button', { name: 'הקטנה: מספר מקומות' })).toBeVisible();
    expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await more.tap();
    await expect(page.getByTestId('auto-select-count')).toHaveValue('3');
    await auto.getByRole('button', { name: 'הקטנה: מספר מקומות' }).tap();
    await expect(page.getByTestId('auto-select-count')).toHaveValue('2');
    await page.getByTestId('choose-for-me').tap();
    await expect(page.getByTestId('seats-chosen')).toContainText('(2)');
    await page.getByTestId('next-step').tap();
    await expect(page.getByTestId('ticket-row')).toHaveCount(2);
    await page.getByTestId('next-step').tap();

    // The products: every stepper button named after its product, and 44 pixels tall.
    const list = page.getByTestId('product-list');
    const steppers = list.getByRole('button', { name: /^(הגדלה|הקטנה): כמות / });
    // Two for each product (the back-office tests may have offered one more with this show).
    await expect(list.locator('input').first()).toBeVisible();
    expect(await steppers.count()).toBe(2 * (await list.locator('input').count()));
    for (const box of await steppers.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44);
    const total = (await page.getByTestId('order-total').textContent())!;
    await list
      .getByRole('button', { name: /^הגדלה: כמות / })
      .first()
      .tap();
    await expect(list.locator('input').first()).toHaveValue('1');
    await expect(page.getByTestId('order-total')).not.toHaveText(total);
    await page.screenshot({ path: test.info().outputPath('products-phone-he.png'), fullPage: true });
  });
});
