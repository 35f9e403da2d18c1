import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { issuedVisitor } from './visitors.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import {
  boardReady,
  cinemaShows as shows,
  fillCard,
  fillCustomer,
  openSeatList,
  plainFreeSeats,
  seatButton,
  shot,
  toPayment,
} from './helpers.ts';

/** The seat order flow in real Chromium against the real server and a fresh SQLite database. */

const texts = {
  en: {
    student: 'Student',
    declined: 'declined',
    taken: 'no longer available',
  },
  he: {
    student: 'סטודנט',
    declined: 'סירבה',
    taken: 'כבר אינו פנוי',
  },
} as const;
/** Hadar Cinema's street address (server/seed/catalogue.ts). */
const cinemaAddress = { en: '54 Herzl St, Haifa', he: 'רחוב הרצל 54, חיפה' } as const;
type Lang = keyof typeof texts;

const cinemaShows = (request: APIRequestContext) => shows(request, 11);
const freeRegularSeats = (request: APIRequestContext, p: PresentationSummary) =>
  plainFreeSeats(request, p, { ticketGroup: 1 });

async function fillDetails(page: Page, lang: Lang, cardNumber: string) {
  await fillCustomer(page);
  await fillCard(page, lang, cardNumber);
}

for (const [lang, index] of [
  ['he', 0],
  ['en', 1],
] as const) {
  test(`a customer buys two seats, a student ticket and a popcorn, and opens the e-ticket (${lang})`, async ({
    page,
    request,
  }) => {
    const show = (await cinemaShows(request))[index]!;
    const [a, b] = await freeRegularSeats(request, show);
    await openSeatList(page, lang, show.id);
    await expect(page.getByTestId('presentation-venue-address')).toHaveText(cinemaAddress[lang]);
    await seatButton(page, lang, a!).click();
    await expect(seatButton(page, lang, a!)).toHaveAttribute('aria-pressed', 'true');
    await seatButton(page, lang, b!).click();
    await expect(page.getByTestId('seats-chosen')).toContainText('(2)');
    await expect(page.getByTestId('step-timer')).toBeVisible();

    await page.getByTestId('next-step').click();
    const secondRow = page.getByTestId('ticket-row').nth(1);
    await secondRow.locator('input').first().click();
    await page.getByRole('option', { name: new RegExp(texts[lang].student) }).click();
    await expect(page.getByTestId('order-total')).toContainText('88.00'); // 42 + 36 + 2 × 5 handling fee

    await page.getByTestId('next-step').click();
    await page.getByTestId('product-list').locator('input').first().fill('1'); // large popcorn, 32
    await expect(page.getByTestId('order-total')).toContainText('120.00');

    await page.getByTestId('next-step').click();
    await fillDetails(page, lang, '4111 1111 1111 1111');
    await page.getByTestId('pay').click();

    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByTestId('reservation-id')).toHaveText(/^[A-Z0-9]{10}$/);
    await expect(page.getByTestId('confirmation-ticket')).toHaveCount(2);
    await expect(page.getByTestId('confirmation-ticket').nth(1)).toContainText(texts[lang].student);
    await expect(page.getByTestId('confirmation-total')).toContainText('120.00');

    await page.getByTestId('open-etickets').click();
    await expect(page.getByTestId('eticket')).toHaveCount(2);
    await expect(page.getByTestId('ticket-qr')).toHaveCount(2);
    await expect(page.getByTestId('ticket-qr').first()).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await expect(page.getByTestId('eticket-venue-address')).toHaveText([
      cinemaAddress[lang],
      cinemaAddress[lang],
    ]);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');

    // The seats are sold: nobody sees them free any more.
    const after = await freeRegularSeats(request, show);
    expect(after.some((s) => s.key === a!.key || s.key === b!.key)).toBe(false);
  });
}

test('in Hebrew the seats are named in Hebrew, side by side as one range, and the map names the screen (he, phone)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const show = (await shows(request, 12))[3]!;
  // Two free seats side by side in a row.
  const free = await plainFreeSeats(request, show);
  const a = free.find(
    (s, i) => free[i + 1]?.row === s.row && Number(free[i + 1]!.seat) === Number(s.seat) + 1,
  )!;
  const b = free[free.indexOf(a) + 1]!;
  await openSeatList(page, 'he', show.id);
  // The map writes the screen's name at it, in the page's language.
  await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toHaveAttribute(
    'data-stage-label',
    'מסך',
  );
  await toPayment(page, 'he', show, [b, a]);
  // The cinema's one section is "Hall": אולם in Hebrew, the two seats one range, lower number first.
  const place = `אולם, שורה ${a.row}, מושבים \u2066${a.seat}\u2013${b.seat}\u2069`;
  await expect(page.getByTestId('order-summary')).toContainText(place);
  await expect(page.getByTestId('order-summary')).not.toContainText('Hall');
  await fillDetails(page, 'he', '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation-ticket')).toHaveCount(1);
  await expect(page.getByTestId('confirmation-ticket')).toContainText(place);
  await shot(page, 'seat-place-he.png');
});

for (const [lang, width] of [
  ['he', 390],
  ['en', 390],
  ['en', 1280],
] as const) {
  test(`the order page's heading names the venue's address on the venue's line, a line no taller (${lang}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const show = (await cinemaShows(request))[0]!;
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/order/${show.id}?language=${lang}`);
    // Drawn for a desktop's browser (its user agent), then laid out for the narrow window it is in.
    await boardReady(page);
    const address = page.getByTestId('presentation-venue-address');
    await expect(address).toHaveAttribute('title', cinemaAddress[lang]);
    await expect(address).toBeVisible();
    const place = page.getByTestId('presentation-header').getByText(`${show.venueName[lang]} · `);
    const line = (await place.locator('..').boundingBox())!;
    const venue = (await place.boundingBox())!;
    const beside = (await address.boundingBox())!;
    // One line: the address sits within the venue's line, which is as tall as the venue's name alone.
    expect(line.height).toBeCloseTo(venue.height, 0);
    expect(beside.y).toBeGreaterThanOrEqual(venue.y);
    expect(beside.y + beside.height).toBeLessThanOrEqual(venue.y + venue.height + 0.5);
    expect(beside.width).toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath(`venue-address-${lang}-${width}.png`) });
  });
}

test('a declined card shows the payment error and keeps the seats; a good card then buys them', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request))[2]!;
  const [a] = await freeRegularSeats(request, show);
  await openSeatList(page, 'en', show.id);
  await seatButton(page, 'en', a!).click();
  await expect(page.getByTestId('seats-chosen')).toContainText('(1)');
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await fillDetails(page, 'en', '4000 0000 0000 0002');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('payment-error')).toContainText('Cannot perform the transaction');
  await expect(page.getByTestId('payment-error')).toContainText(texts.en.declined);
  await expect(page.getByTestId('order-flow')).toHaveAttribute('data-step', 'payment');

  // The box office still holds the seat for this visitor.
  const { uuid } = (await page.evaluate(() => fetch('/api/session').then((r) => r.json()))) as {
    uuid: string;
  };
  const status = await request.get(
    `/api/seats/seats-statusV2?presentationId=${show.id}&venueTypeId=${show.venueTypeId}&isReserved=1`,
    { headers: { uuid } },
  );
  expect(((await status.json()) as { held: string[] }).held).toContain(a!.key);

  await page.locator('input[name=cardnumber]').fill('5555 5555 5555 4444');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
});

/** The seat map of this context hears nothing after its first seat status: the stream and the polls fail. */
async function holdSeatStatus(context: BrowserContext) {
  await context.route('**/api/seats/status-stream**', (route) => route.abort());
  let loaded = false;
  await context.route('**/api/seats/seats-statusV2**', async (route) => {
    if (loaded) return route.abort();
    loaded = true;
    return route.continue();
  });
}

test('two customers race for one seat: exactly one gets it, and the other is told', async ({
  browser,
  request,
}) => {
  const show = (await cinemaShows(request))[3]!;
  const [seat] = await freeRegularSeats(request, show);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  // Both taps leave before either map hears of the other: the seat status each map loaded is all it gets
  // (the stream is down, and its polls answer the status as loaded). Otherwise a loaded machine lets one
  // map show the seat taken before its tap, and that customer never taps.
  await Promise.all(contexts.map(holdSeatStatus));
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  await Promise.all(pages.map((p) => openSeatList(p, 'en', show.id)));
  await Promise.all(pages.map((p) => seatButton(p, 'en', seat!).click()));

  const outcome = async (p: Page) =>
    (await p.getByTestId('seats-chosen').textContent())?.includes('(1)')
      ? 'won'
      : (await p.getByTestId('seat-message').count())
        ? 'lost'
        : 'pending';
  await expect.poll(async () => (await Promise.all(pages.map(outcome))).sort().join(',')).toBe('lost,won');
  const loser = (await outcome(pages[0]!)) === 'lost' ? pages[0]! : pages[1]!;
  await expect(loser.getByTestId('seat-message')).toContainText(texts.en.taken);
  await Promise.all(contexts.map((c) => c.close()));
});

test('a seat another customer takes disappears from the free seats within two seconds', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request))[4]!;
  const seats = await freeRegularSeats(request, show);
  const target = seats[seats.length - 1]!;
  await openSeatList(page, 'en', show.id);
  await expect(seatButton(page, 'en', target)).toBeVisible();

  const [sectionId, x, y] = target.key.split('_').map(Number);
  const other = issuedVisitor();
  const locked = await request.put('/api/seats/lock-seat', {
    headers: { uuid: other },
    data: {
      seat: {
        PresentationId: show.id,
        VenueId: show.venueId,
        VenueSeatplanId: show.seatplanId,
        VenueSectionId: sectionId,
        TicketGroupId: 1,
        XCoordinate: x,
        YCoordinate: y,
      },
    },
  });
  expect(locked.status()).toBe(200);
  const lockedAt = Date.now();
  await expect(seatButton(page, 'en', target)).toHaveCount(0, { timeout: 2_000 });
  expect(Date.now() - lockedAt).toBeLessThanOrEqual(2_000);
});

test('a concert whose sale has not begun shows the sale message instead of the flow', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/seats/presentations');
  const { presentations } = (await res.json()) as { presentations: PresentationSummary[] };
  const later = presentations.find((p) => p.saleStatus === 'not_started')!;
  await page.goto(`/order/${later.id}?language=en`);
  await expect(page.getByTestId('sale-window-message')).toBeVisible();
  await expect(page.getByTestId('order-flow')).toHaveCount(0);
});

test('an unknown e-ticket key shows the 404 page', async ({ page }) => {
  await page.goto('/edocument/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?language=en');
  await expect(page.getByText('This page could not be found.')).toBeVisible();
});

test('when a step’s time runs out the customer may extend it once, then the seats are released', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request))[5]!;
  const [a] = await freeRegularSeats(request, show);
  await page.clock.install();
  await openSeatList(page, 'en', show.id);
  await seatButton(page, 'en', a!).click();
  await expect(page.getByTestId('step-timer')).toContainText('TIME LEFT 07:5', { ignoreCase: true });

  await page.clock.fastForward('08:05'); // the cinema gives 8 minutes to choose seats
  await expect(page.getByRole('dialog')).toContainText('more time once');
  await page.getByTestId('extend-time').click();
  // The box office extends the hold by its clock; the page's fake clock runs ahead of it, so the
  // dialog may come back on the next tick (useStepTimer's hazard): the extension itself is what shows.
  await expect(page.getByText('Your time has been extended.')).toBeVisible();

  await page.clock.fastForward('08:05');
  await expect(page.getByRole('dialog')).toContainText('run out again');
  await expect(page.getByTestId('extend-time')).toHaveCount(0);
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByTestId('flow-notice')).toContainText('seats were released');
  await expect(page.getByTestId('seats-chosen')).toContainText('No seats chosen yet');
  const after = await freeRegularSeats(request, show);
  expect(after.some((s) => s.key === a!.key)).toBe(true);
});

/** In-app navigation (react-router listens to popstate): the in-memory cart survives it. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('the cart: removing a presentation releases its seats; another business cannot join it', async ({
  page,
  request,
}) => {
  const [showA, showB] = [(await cinemaShows(request))[6]!, (await cinemaShows(request))[7]!];
  const [a] = await freeRegularSeats(request, showA);
  const [b] = await freeRegularSeats(request, showB);
  const isFree = async (show: PresentationSummary, key: string) =>
    (await freeRegularSeats(request, show)).some((s) => s.key === key);

  await openSeatList(page, 'en', showA.id);
  await seatButton(page, 'en', a!).click();
  await expect(page.getByTestId('cart-button')).toContainText('1');

  // Another cinema show: the first one waits in the cart until the customer removes it.
  await navigate(page, `/order/${showB.id}?language=en`);
  await page.getByRole('button', { name: 'Show as a list' }).click();
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-menu').getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('confirm-remove').click();
  await expect(page.getByTestId('cart-button')).toHaveCount(0);
  await expect.poll(() => isFree(showA, a!.key)).toBe(true);

  // A concert of another business: 'Incompatible Business', with a way out that releases the seats.
  await seatButton(page, 'en', b!).click();
  await expect(page.getByTestId('cart-button')).toContainText('1');
  const { presentations } = (await (await request.get('/api/seats/presentations')).json()) as {
    presentations: PresentationSummary[];
  };
  const concert = presentations.find((p) => p.businessId !== showB.businessId && p.saleStatus === 'open')!;
  await navigate(page, `/order/${concert.id}?language=en`);
  await expect(page.getByTestId('cart-conflict')).toContainText('cannot be bought in one order');
  await page.getByRole('button', { name: 'Remove the other events from my cart and continue' }).click();
  await expect(page.getByTestId('order-flow')).toBeVisible();
  await expect.poll(() => isFree(showB, b!.key)).toBe(true);
});
