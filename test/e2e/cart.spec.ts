import { expect, type Page, test } from '@playwright/test';
import {
  boardReady,
  cinemaShows,
  fillCard,
  fillCustomer,
  heldSeats,
  openSeatList,
  plainFreeSeats,
  seatButton,
  toPayment,
} from './helpers.ts';

/**
 * The cart kept by the box office (a reload or a second tab finds it, a reset empties it), the
 * customer's details kept for the next order, the venue's order-received page, and the auth-required
 * setting. Cinema plan 12, shows 24 to 28 (other specs use the earlier ones).
 */

const cartCount = (page: Page) => page.getByTestId('cart-button');

test('the cart survives a reload and shows in a second tab (en)', async ({ page, context, request }) => {
  const show = (await cinemaShows(request, 12))[24]!;
  const [seat] = await plainFreeSeats(request, show);
  await openSeatList(page, 'en', show.id);
  await seatButton(page, 'en', seat!).click();
  await expect(seatButton(page, 'en', seat!)).toHaveAttribute('aria-pressed', 'true');
  await expect(cartCount(page)).toContainText('1');

  await page.reload();
  await expect(cartCount(page)).toContainText('1');
  await expect(page.getByTestId('seats-chosen')).toContainText(`row ${seat!.row}, seat ${seat!.seat}`);

  const second = await context.newPage();
  await second.goto('/?language=en');
  await boardReady(second);
  await expect(second.getByTestId('cart-button')).toContainText('1');
  await second.getByTestId('cart-button').click();
  await expect(second.getByTestId('cart-menu')).toContainText('Seats held: 1');
});

test('emptying the cart releases its seats (he)', async ({ page, request }) => {
  const show = (await cinemaShows(request, 12))[25]!;
  const seats = (await plainFreeSeats(request, show)).slice(0, 2);
  await openSeatList(page, 'he', show.id);
  for (const s of seats) {
    await seatButton(page, 'he', s).click();
    await expect(seatButton(page, 'he', s)).toHaveAttribute('aria-pressed', 'true');
  }
  expect(await heldSeats(page, show)).toHaveLength(2);
  await page.goto('/?language=he');
  await boardReady(page);
  await page.getByTestId('cart-button').click();
  await page.getByTestId('empty-cart').click();
  await page.getByTestId('confirm-empty').click();
  await expect(page.getByTestId('cart-button')).toBeHidden();
  await expect.poll(() => heldSeats(page, show)).toEqual([]);
  const restored = page.waitForResponse(
    (r) => r.url().endsWith('/api/cart') && r.request().method() === 'GET',
  );
  await page.reload();
  expect((await (await restored).json()).cart.presentations).toEqual([]);
  await expect(page.getByTestId('cart-button')).toBeHidden();
});

test('the details of an order fill the next one, and the venue’s order-received page follows (en)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // two whole orders
  const [first, second] = (await cinemaShows(request, 12)).slice(26, 28);
  await toPayment(page, 'en', first!, (await plainFreeSeats(request, first!)).slice(0, 1));
  await fillCustomer(page);
  await fillCard(page, 'en', '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();

  // The venue's page: the box office's answer names it (as with order.orderReceivedUrl in the settings).
  await page.route('**/api/payment/commit', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { status: string; reservationIdentifier: string };
    const json =
      answer.status === 'completed'
        ? {
            ...answer,
            orderReceivedUrl: `https://venue.example/thanks?reservation=${answer.reservationIdentifier}`,
          }
        : answer;
    await route.fulfill({ response, json });
  });
  await page.route('https://venue.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Thank you for your order</h1>' }),
  );

  await toPayment(page, 'en', second!, (await plainFreeSeats(request, second!)).slice(0, 1));
  await expect(page.locator('input[name=firstName]')).toHaveValue('Dana');
  await expect(page.locator('input[name=email]')).toHaveValue('dana@example.com');
  await page.getByTestId('terms').check();
  await fillCard(page, 'en', '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await page.waitForURL(/^https:\/\/venue\.example\/thanks\?reservation=/);
  await expect(page.locator('h1')).toHaveText('Thank you for your order');
});

test('a venue that sells to logged-in customers only asks to log in first (he)', async ({
  page,
  request,
}) => {
  await page.route('**/api/settings', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), authRequired: true } });
  });
  const show = (await cinemaShows(request, 12))[28]!;
  await page.goto(`/order/${show.id}?language=he`);
  await expect(page.getByTestId('login-required')).toContainText('כדי לקנות כרטיסים יש להתחבר');
  await expect(page.getByTestId('seat-map-canvas')).toHaveCount(0);
});
