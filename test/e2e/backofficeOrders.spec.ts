import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { buySeat, cinemaShows, shot, staffLogin } from './helpers.ts';

/**
 * Serving customers (issue 36) in real Chromium against the real server: a box-office clerk finds Dana's
 * order by her phone, sees its tickets and payments and sends the confirmation again to a corrected
 * e-mail (Hebrew); a scanned ticket opens its order at once and the clerk corrects the customer's name
 * (English). Each test buys an order of its own as Dana, so that what it changes touches no other test.
 */

async function danaBuys(request: APIRequestContext) {
  const [show] = await cinemaShows(request, 11);
  return buySeat(request, show!);
}

async function clerkLogin(page: Page, query: string) {
  await page.goto(`/staff${query}`);
  await staffLogin(page, 'boxoffice', 'boxoffice-demo-2026');
  // The box office's first tab is the orders, its search field ready for typing or a scan.
  await expect(page).toHaveURL(/\/staff\/orders/);
  await expect(page.getByTestId('orders-search-q')).toBeFocused();
}

test('a clerk finds Dana’s order by her phone, sees its tickets and payments, and resends it to a corrected e-mail (he)', async ({
  page,
  request,
}) => {
  const { reservationIdentifier: rid } = await danaBuys(request);
  await clerkLogin(page, '');
  await page.getByTestId('orders-search-q').fill('050-123-4567');
  await page.keyboard.press('Enter');
  const row = page.locator(`[data-testid=orders-result][data-reservation="${rid}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('orders-search-read-as')).toContainText('טלפון');
  await shot(page, 'orders-search-he.png');

  await row.getByTestId('orders-result-open').click();
  const order = page.getByTestId('order-page');
  await expect(order).toHaveAttribute('data-reservation', rid);
  await expect(order.getByTestId('order-ticket')).toHaveCount(1);
  await expect(
    order.locator('[data-testid=order-payment][data-method=card][data-status=approved]'),
  ).toBeVisible();
  await expect(order.getByTestId('order-customer')).toContainText('Dana Levi');

  await order.getByTestId('order-resend').click();
  const form = page.getByTestId('order-resend-form');
  await expect(form.locator('input[name=to]')).toHaveValue('dana@example.com');
  await form.locator('input[name=to]').fill('dana.new@example.com');
  await page.getByTestId('order-resend-send').click();
  await expect(form).toHaveCount(0);
  const sent = order.locator('[data-testid=order-message][data-channel=email]');
  await expect(sent).toContainText('dana.new@example.com');
  await expect(sent).toHaveAttribute('data-status', /queued|sending|sent/);
  // The resend is in the history (the message it queued may be sent, and listed above it, at once).
  await expect(order.locator('[data-testid=order-history-entry][data-event="order.resend"]')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header at the top of the picture
  await shot(page, 'order-page-he.png');
});

test('a scanned ticket opens its order at once, and the clerk corrects the customer’s name (en)', async ({
  page,
  request,
}) => {
  const { reservationIdentifier: rid, documentKey } = await danaBuys(request);
  const doc = (await (await request.get(`/api/edocument/${documentKey}`)).json()) as {
    tickets: { ticketIdentifier: string }[];
  };
  const ticket = doc.tickets[0]!.ticketIdentifier;
  await clerkLogin(page, '?language=en');

  // A handheld scanner types what the e-ticket's QR code holds, then Enter.
  await page.getByTestId('orders-search-q').pressSequentially(ticket, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/staff/orders/${rid}\\?`));
  const order = page.getByTestId('order-page');
  await expect(order.getByTestId('order-ticket')).toContainText(ticket);

  await order.getByTestId('order-customer-edit').click();
  const form = page.getByTestId('order-customer-form');
  await form.locator('input[name=email]').fill('dana@');
  await page.getByTestId('order-customer-save').click();
  await expect(form).toContainText('valid e-mail');
  await form.locator('input[name=email]').fill('dana@example.com');
  await form.locator('input[name=firstName]').fill('Daniela');
  await page.getByTestId('order-customer-save').click();
  await expect(form).toHaveCount(0);
  await expect(order.getByTestId('order-customer')).toContainText('Daniela Levi');
  const entry = order.locator('[data-testid=order-history-entry][data-event="order.customer_update"]');
  await expect(entry).toContainText('Dana → Daniela');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'order-page-en.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(order.getByTestId('order-summary')).toBeVisible();
  await shot(page, 'order-page-phone-en.png');
});
