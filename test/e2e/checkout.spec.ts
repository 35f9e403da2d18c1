import { expect, test } from '@playwright/test';
import type { CancellationQuote, VouchersAnswer } from '../../src/api/contract/customer.ts';
import type { OwnGiftCardsAnswer } from '../../src/api/contract/vouchers.ts';
import {
  cinemaShows,
  fillCard,
  fillCustomer,
  heldSeats,
  logInFromHeader,
  logInInPanel,
  plainFreeSeats,
  shot,
  toPayment,
} from './helpers.ts';

const shekels = (agorot: number) => (agorot / 100).toFixed(2);
const DANA = { email: 'dana@example.com', password: 'dana-demo-2026' };

/**
 * The one checkout in real Chromium against the real server and its sandbox acquirer: 3-D Secure
 * challenges, a saved card, and vouchers (gift cards) paying part or all of an order.
 */

test('a 3-D Secure challenge approved on the bank page completes the order (he)', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[0]!;
  const seats = (await plainFreeSeats(request, show)).slice(0, 2);
  await toPayment(page, 'he', show, seats);
  await fillCustomer(page);
  await fillCard(page, 'he', '4000 0000 0000 3220');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('secure-payment')).toContainText('אישור התשלום מול הבנק');
  const bank = page.frameLocator('[data-testid=challenge-frame]');
  await bank.getByTestId('bank-approve').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-payment')).toContainText('3220');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const free = new Set((await plainFreeSeats(request, show)).map((s) => s.key));
  for (const s of seats) expect(free.has(s.key)).toBe(false);
});

test('a failed 3-D Secure challenge says so and keeps the seats; a good card then pays (en)', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[1]!;
  const seats = (await plainFreeSeats(request, show)).slice(0, 1);
  await toPayment(page, 'en', show, seats);
  await fillCustomer(page);
  await fillCard(page, 'en', '4000 0000 0000 3220');
  await page.getByTestId('pay').click();
  await page.frameLocator('[data-testid=challenge-frame]').getByTestId('bank-fail').click();
  await expect(page.getByTestId('payment-error')).toContainText('could not verify the payment');
  await expect(page.getByTestId('challenge-frame')).toBeHidden();
  expect(await heldSeats(page, show)).toContain(seats[0]!.key);
  await page.locator('input[name=cardnumber]').fill('4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
});

test('a logged-in customer saves a card and pays the next order with it, without typing it (en)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // two whole orders
  await logInFromHeader(page, 'en', '052-7654321', 'Avi');

  const [first, second] = (await cinemaShows(request, 12)).slice(2, 4);
  await toPayment(page, 'en', first!, (await plainFreeSeats(request, first!)).slice(0, 1));
  await page.getByTestId('terms').check();
  await fillCard(page, 'en', '5555 5555 5555 4444');
  await page.getByTestId('save-card').check();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();

  await toPayment(page, 'en', second!, (await plainFreeSeats(request, second!)).slice(0, 1));
  await page.getByTestId('terms').check();
  await page.getByTestId('method-savedCard').click();
  await page.getByTestId('open-saved-cards').click();
  // A retry of this test has saved the card once more: the one saved is there, whichever it is.
  const saved = page.getByTestId('saved-card-dialog').getByRole('radio', { name: /Mastercard ending 4444/ });
  await expect(saved.first()).toBeVisible();
  await saved.first().click();
  await page.getByTestId('use-saved-card').click();
  await expect(page.getByTestId('chosen-saved-card')).toContainText('4444');
  await expect(page.locator('input[name=cardnumber]')).toHaveCount(0);
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-payment')).toContainText('4444');
});

/**
 * Half by a gift card, half by card, on a Hebrew phone (plan 12, show 4; GIFT-150-SANDBOX is used here
 * only): every place that shows the order names both payments with their own amounts, and cancelling it
 * in the personal area shows, before and after, what goes back to the gift card and what to the card.
 */
test('half by a gift card and half by card: each payment shown, and each refunded its own part (he, phone)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const show = (await cinemaShows(request, 12))[4]!;
  const seats = (await plainFreeSeats(request, show)).slice(0, 2); // 2 × ₪42 + 2 × ₪5 = ₪94
  await toPayment(page, 'he', show, seats);
  await fillCustomer(page); // Dana's mobile number: the order is in her personal area
  await page.getByTestId('add-voucher').click();
  const dialog = page.getByTestId('voucher-dialog');
  await dialog.locator('input[name=voucherCode]').fill('gift-150-sandbox');
  await dialog.getByTestId('voucher-check').click();
  await expect(dialog.getByTestId('voucher-found')).toContainText('150.00');
  await dialog.locator('input[name=voucherAmount]').fill('47');
  await dialog.getByTestId('voucher-apply').click();
  await expect(page.getByTestId('applied-voucher')).toContainText('GIFT-150-SANDBOX');
  await expect(page.getByTestId('amount-due')).toContainText('47.00');
  // The summary keeps the order's total and says how it is paid: the gift card's part and the card's.
  await expect(page.getByTestId('order-total')).toContainText('94.00');
  const split = page.getByTestId('summary-payment');
  await expect(split).toHaveCount(2);
  await expect(split.nth(0)).toContainText('••••DBOX');
  await expect(split.nth(0)).toContainText('47.00');
  await expect(split.nth(1)).toContainText('כרטיס אשראי');
  await expect(split.nth(1)).toContainText('47.00');
  await fillCard(page, 'he', '4111 1111 1111 1111');
  await expect(page.getByTestId('pay')).toContainText('47.00');
  await page.getByTestId('summary-payments').scrollIntoViewIfNeeded();
  await shot(page, 'gift-card-summary-he.png', false);
  await page.getByTestId('pay').click();

  await expect(page.getByTestId('confirmation')).toBeVisible();
  const paid = page.getByTestId('confirmation-payment');
  await expect(paid).toHaveCount(2);
  await expect(paid.filter({ hasText: '••••DBOX' })).toContainText('47.00');
  await expect(paid.filter({ hasText: '1111' })).toContainText('47.00');
  // The gift card's code pays like cash: no page after the checkout shows it whole.
  await expect(page.getByTestId('confirmation')).not.toContainText('GIFT-150');
  const rid = (await page.getByTestId('reservation-id').textContent())!.trim();
  const balance = async () =>
    (
      (await (await request.get('/api/payment/voucher-balance?reference=GIFT-150-SANDBOX')).json()) as {
        balance: number;
      }
    ).balance;
  expect(await balance()).toBe(10_300);

  await page.goto('/customer-area?language=he');
  await logInInPanel(page, 'he', '050-1234567');
  const order = page.locator(`[data-reservation="${rid}"]`);
  await expect(order.getByTestId('reservation-payment')).toHaveCount(2);
  await expect(order.getByTestId('reservation-payments')).toContainText('••••DBOX');

  // Before: the dialog shares the refund out as the box office will, the gift card first.
  const quote = (await (
    await page.request.get(`/api/customer-area/reservations/${rid}/cancellation`)
  ).json()) as CancellationQuote;
  expect(quote.refunds.map((r) => [r.method, r.amount])).toEqual([
    ['voucher', 4700],
    ['card', quote.refund - 4700],
  ]);
  const toGiftCard = shekels(4700);
  const toCard = shekels(quote.refund - 4700);
  await order.getByTestId('cancel-reservation').click();
  const parts = page.getByTestId('cancel-split').getByTestId('refund-part');
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toContainText(toGiftCard);
  await expect(parts.nth(0)).toContainText('••••DBOX');
  await expect(parts.nth(1)).toContainText(toCard);
  await expect(parts.nth(1)).toContainText('1111');
  await shot(page, 'gift-card-cancel-he.png', false);

  // After: the same split, done; the gift card has its part back.
  await page.getByTestId('confirm-cancel').click();
  const done = page.getByTestId('cancel-done');
  await expect(done).toContainText(rid);
  await expect(done.getByTestId('refund-part').nth(0)).toContainText(toGiftCard);
  await expect(done.getByTestId('refund-part').nth(1)).toContainText(toCard);
  await done.scrollIntoViewIfNeeded();
  await shot(page, 'gift-card-cancelled-he.png', false);
  expect(await balance()).toBe(10_300 + 4700);
});

test('an order paid wholly by a gift card asks for no card (en)', async ({ page, request }) => {
  const show = (await cinemaShows(request, 12))[5]!;
  await toPayment(page, 'en', show, (await plainFreeSeats(request, show)).slice(0, 1));
  await fillCustomer(page);
  await page.getByTestId('add-voucher').click();
  const dialog = page.getByTestId('voucher-dialog');
  await dialog.locator('input[name=voucherCode]').fill('GIFT-1000-SANDBOX');
  await dialog.getByTestId('voucher-check').click();
  await expect(dialog.getByTestId('voucher-found')).toBeVisible();
  await dialog.getByTestId('voucher-apply').click();
  await expect(page.getByTestId('amount-due')).toContainText('0.00');
  await expect(page.getByTestId('payment-methods')).toHaveCount(0);
  await expect(page.locator('input[name=cardnumber]')).toHaveCount(0);
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-payment')).toHaveCount(1);
  await expect(page.getByTestId('confirmation-payment')).toContainText('••••DBOX');
});

test('a logged-in customer taps her own gift card in the voucher dialog: no code typed, none shown (he, phone)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Dana owns a ₪100 gift card (server/seed/customers.ts); the personal area is where its code is kept.
  expect((await page.request.post('/api/customer/login', { data: DANA })).status()).toBe(200);
  const mine = (await (
    await page.request.get('/api/customer-area/system-vouchers')
  ).json()) as VouchersAnswer;
  const codes = mine.systemVouchers.filter((v) => v.IsStoredValue).map((v) => v.Reference);
  expect(codes.length).toBeGreaterThan(0);

  const show = (await cinemaShows(request, 12))[16]!;
  const seats = (await plainFreeSeats(request, show)).slice(0, 2); // 2 × ₪42 + 2 × ₪5 = ₪94
  await toPayment(page, 'he', show, seats);
  await fillCustomer(page);
  await page.getByTestId('add-voucher').click();
  const dialog = page.getByTestId('voucher-dialog');
  // Her card with what it can pay, above the code field; its code masked.
  const card = dialog.getByTestId('own-gift-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('כרטיס מתנה');
  await expect(card).toContainText('••••');
  await expect(card.getByTestId('own-gift-card-balance')).toContainText('100.00');
  await shot(page, 'own-gift-card-dialog-he.png', false);
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByTestId('voucher-found')).toContainText('100.00');
  await expect(dialog.locator('input[name=voucherAmount]')).toHaveValue('₪94.00');
  await expect(dialog.locator('input[name=voucherCode]')).toHaveValue('');
  await dialog.getByTestId('voucher-apply').click();

  await expect(page.getByTestId('applied-voucher')).toContainText('••••');
  await expect(page.getByTestId('amount-due')).toContainText('0.00');
  await expect(page.locator('input[name=cardnumber]')).toHaveCount(0);
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-payment')).toHaveCount(1);
  await expect(page.getByTestId('confirmation-payment')).toContainText('94.00');
  for (const code of codes) await expect(page.locator('body')).not.toContainText(code);
  // What is left on the card, as the next dialog will offer it.
  const left = (await (await page.request.get('/api/customer-area/gift-cards')).json()) as OwnGiftCardsAnswer;
  expect(left.giftCards.map((c) => c.balance)).toEqual([600]);
});
