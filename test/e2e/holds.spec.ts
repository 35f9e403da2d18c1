import { expect, test } from '@playwright/test';
import {
  buySeat,
  cinemaShows,
  fillCard,
  logInFromHeader,
  logInInPanel,
  plainFreeSeats,
  toPayment,
} from './helpers.ts';

/**
 * Hold orders: a member reserves now and pays at the box office (logging in from the order when
 * needed); premium seats cannot be held, and one click turns the order into a normal one.
 */

test("a member's hold order: login from the order, the deadline on the confirmation, the e-ticket and the personal area (he)", async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[12]!;
  const seats = (await plainFreeSeats(request, show)).slice(0, 2);
  await toPayment(page, 'he', show, seats);
  await page.getByTestId('order-type').getByText('שמירה ותשלום בקופה').click();
  // Not logged in: the login dialog for holds opens; Dana is a member whose membership allows holds.
  await expect(page.getByTestId('login-panel')).toBeVisible();
  await logInInPanel(page, 'he', '050-1234567');
  await expect(page.getByTestId('login-panel')).toBeHidden();
  await expect(page.getByTestId('hold-explained')).toContainText('30 דקות');
  await expect(page.locator('input[name=cardnumber]')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toContainText('84.00'); // 2 × ₪42, no handling fee
  await page.getByTestId('terms').check();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('hold-deadline')).toContainText('בקופה');
  const id = (await page.getByTestId('reservation-id').textContent())!.trim();

  // Held seats are not free for anyone else.
  const free = new Set((await plainFreeSeats(request, show)).map((s) => s.key));
  for (const s of seats) expect(free.has(s.key)).toBe(false);

  await page.getByTestId('open-etickets').click();
  await expect(page.getByTestId('edocument-hold')).toBeVisible();
  await expect(page.getByTestId('ticket-qr')).toHaveCount(0);

  await page.goto('/customer-area?language=he');
  const card = page.locator(`[data-reservation="${id}"]`);
  await expect(card.getByTestId('hold-badge')).toBeVisible();
  await expect(card.getByTestId('hold-deadline')).toBeVisible();
});

test('premium seats cannot be held: the box office refuses, and one click makes it a normal order (en)', async ({
  page,
  request,
}) => {
  await logInFromHeader(page, 'en', '052-7654321', 'Avi');

  const show = (await cinemaShows(request, 13))[0]!;
  const premium = (await plainFreeSeats(request, show, { premium: true })).slice(0, 2);
  expect(premium).toHaveLength(2);
  await toPayment(page, 'en', show, premium);
  await page.getByTestId('order-type').getByText('Reserve, pay at the box office').click();
  await page.getByTestId('terms').check();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('premium-hold-refused')).toContainText('Premium seats cannot be reserved');
  await page.getByTestId('switch-to-normal').click();
  await expect(page.getByTestId('premium-hold-refused')).toHaveCount(0);
  await fillCard(page, 'en', '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('hold-deadline')).toHaveCount(0);
});

test('a new customer is not offered a hold: after the hold’s login they are told why and pay now (en)', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[13]!;
  // A customer who has bought a ticket once, and holds no membership.
  const mobile = `054-${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  await buySeat(request, show, mobile);
  const seats = (await plainFreeSeats(request, show)).slice(0, 1);
  await toPayment(page, 'en', show, seats);
  // Not logged in yet: the choice is there, and asks who they are.
  await page.getByTestId('order-type').getByText('Reserve, pay at the box office').click();
  await expect(page.getByTestId('login-panel')).toBeVisible();
  await logInInPanel(page, 'en', mobile);
  await expect(page.getByTestId('login-panel')).toBeHidden();
  await expect(page.getByTestId('order-type')).toHaveCount(0);
  await expect(page.getByTestId('payment-error')).toContainText('needs an active membership');
  await expect(page.locator('input[name=cardnumber]')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('hold-not-offered-en.png'), fullPage: true });
});
