import { expect, type Page, test } from '@playwright/test';
import { cinemaShows, fillCard, fillCustomer, heldSeats, plainFreeSeats, toPayment } from './helpers.ts';

/**
 * Payments that leave the shop or wait for the customer elsewhere, against the sandbox acquirer's own
 * pages: PayPal (approve and cancel), BLIK (confirmed in the banking app, and left to expire), and the
 * provider's hosted payment page (paid, and cancelled, which starts the order again).
 */

/** The sandbox banking app in another tab: a fresh BLIK code. */
async function blikCode(page: Page): Promise<{ bank: Page; code: string }> {
  const bank = await page.context().newPage();
  await bank.goto('/sandbox/blik?lang=en');
  await bank.getByTestId('blik-new-code').click();
  const code = (await bank.getByTestId('blik-code').textContent())!.trim();
  expect(code).toMatch(/^\d{6}$/);
  return { bank, code };
}

async function typeBlik(page: Page, code: string) {
  await page.getByTestId('method-blik').click();
  await page.locator('[data-testid="blik-code-input"] input').first().click();
  await page.keyboard.type(code);
}

test('PayPal: approved on PayPal, back in the shop the order is complete (en)', async ({ page, request }) => {
  const show = (await cinemaShows(request, 12))[6]!;
  await toPayment(page, 'en', show, (await plainFreeSeats(request, show)).slice(0, 2));
  await fillCustomer(page);
  await page.getByTestId('method-paypal').click();
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/sandbox\/paypal\/checkoutnow/);
  await expect(page.locator('.amount')).toContainText('94.00');
  await page.getByTestId('paypal-approve').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-payment')).toContainText('PayPal');
  expect(page.url()).not.toContain('PayerID');
});

test('PayPal: cancelled on PayPal, the customer is back at payment with the seats held (he)', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[7]!;
  const seats = (await plainFreeSeats(request, show)).slice(0, 1);
  await toPayment(page, 'he', show, seats);
  await fillCustomer(page);
  await page.getByTestId('method-paypal').click();
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/sandbox\/paypal\/checkoutnow/);
  await page.getByTestId('paypal-cancel').click();
  await expect(page.getByTestId('payment-error')).toContainText('PayPal');
  await expect(page.getByTestId('order-flow')).toHaveAttribute('data-step', 'payment');
  expect(await heldSeats(page, show)).toContain(seats[0]!.key);
  // Another way to pay still works on the same seats.
  await page.getByTestId('method-card').click();
  await fillCard(page, 'he', '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
});

test('BLIK: a code from the banking app, confirmed there, pays the order (en)', async ({ page, request }) => {
  const show = (await cinemaShows(request, 12))[8]!;
  await toPayment(page, 'en', show, (await plainFreeSeats(request, show)).slice(0, 1));
  await fillCustomer(page);
  const { bank, code } = await blikCode(page);
  await typeBlik(page, code);
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('secure-payment')).toContainText('Confirm in your banking app');
  await expect(page.getByTestId('blik-countdown')).toContainText('s');
  await bank.goto('/sandbox/blik?lang=en');
  await bank.getByTestId('blik-approve').click();
  await expect(bank.getByTestId('blik-done')).toContainText('confirmed');
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-payment')).toContainText('BLIK');
});

test('BLIK: not confirmed in time, the payment expires and the seats stay held (en)', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[9]!;
  const seats = (await plainFreeSeats(request, show)).slice(0, 1);
  await toPayment(page, 'en', show, seats);
  await fillCustomer(page);
  const { code } = await blikCode(page);
  await typeBlik(page, code);
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('blik-countdown')).toBeVisible();
  // The e2e server waits 6 s for the banking app (SANDBOX_BLIK_APPROVAL_SECONDS).
  await expect(page.getByTestId('payment-error')).toContainText('not confirmed in time', { timeout: 15_000 });
  await expect(page.getByTestId('blik-countdown')).toBeHidden();
  expect(await heldSeats(page, show)).toContain(seats[0]!.key);
});

test('the hosted payment page: the card is typed there, and the order completes back in the shop (he)', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[10]!;
  await toPayment(page, 'he', show, (await plainFreeSeats(request, show)).slice(0, 1));
  await fillCustomer(page);
  await page.getByTestId('method-redirect').click();
  await expect(page.locator('input[name=cardnumber]')).toHaveCount(0);
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/sandbox\/pay\//);
  await page.locator('input[name=number]').fill('4111111111111111');
  await page.locator('input[name=expiry]').fill('12/29');
  await page.locator('input[name=cvv]').fill('123');
  await page.locator('input[name=holderId]').fill('123456782');
  await page.getByTestId('hosted-pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-payment')).toContainText('1111');
});

test('the hosted payment page: cancelled there, the order is cancelled and starts again (en)', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[11]!;
  const seats = (await plainFreeSeats(request, show)).slice(0, 1);
  await toPayment(page, 'en', show, seats);
  await fillCustomer(page);
  await page.getByTestId('method-redirect').click();
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/sandbox\/pay\//);
  await page.getByTestId('hosted-cancel').click();
  await expect(page.getByTestId('flow-notice')).toContainText('order was cancelled');
  await expect(page.getByTestId('order-flow')).toHaveAttribute('data-step', 'seats');
  await expect.poll(() => heldSeats(page, show)).toEqual([]);
});
