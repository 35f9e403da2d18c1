import { expect, type Page, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { cinemaShows, shot, staffLogin } from './helpers.ts';

/**
 * Selling at the counter (issue 36) in real Chromium against the real server: the box-office clerk picks
 * a show with the keyboard, takes the best two seats, is paid and prints. The browser's print dialog is
 * stood in for (window.print counts its calls); the print layout is checked under print media.
 */

/** window.print as a counter of its calls: headless Chromium has no dialog to close. */
async function countPrints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

/** Types the show's title in the picker, walks to it with the arrow keys and opens it with Enter. */
async function pickShow(page: Page, show: PresentationSummary, title: string) {
  const search = page.getByTestId('counter-show-search');
  await expect(search).toBeFocused();
  await search.fill(title.slice(0, 12));
  const listed = () =>
    page
      .getByTestId('counter-show')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-presentation-id'))));
  // Asked until the list shows what was typed (it follows the field a moment later).
  await expect.poll(async () => (await listed()).includes(show.id)).toBe(true);
  const at = (await listed()).indexOf(show.id);
  for (let i = 0; i < at; i++) await search.press('ArrowDown');
  await expect(page.locator(`[data-presentation-id="${show.id}"]`)).toHaveAttribute('aria-selected', 'true');
  await shot(page, `counter-pick-${test.info().title.endsWith('(he)') ? 'he' : 'en'}.png`);
  await search.press('Enter');
  await expect(page.getByTestId('counter-show-title')).toHaveText(title);
}

/** The best two seats, held on the map and listed in the sale. */
async function takeBestTwo(page: Page) {
  // The map's plan and live status load first: the first WebGL map of a browser compiles its shaders,
  // which takes seconds on a busy machine without a GPU.
  await expect(page.getByTestId('counter-best')).toBeEnabled({ timeout: 45_000 });
  await page.getByTestId('counter-best').click();
  await expect(page.getByTestId('counter-seat-line')).toHaveCount(2);
}

test('a clerk sells two seats for cash with change and prints the tickets (en)', async ({
  page,
  request,
}) => {
  // A whole sale (the show, the map, the money, the print): longer than one step of a flow.
  test.setTimeout(90_000);
  const [show] = await cinemaShows(request, 12);
  await countPrints(page);
  await page.goto('/staff/counter?language=en');
  await staffLogin(page, 'boxoffice', 'boxoffice-demo-2026');
  await pickShow(page, show!, show!.title.en!);
  await takeBestTwo(page);

  // ₪500 handed over: the change shows big before the sale, and again on the done screen.
  await page.getByTestId('counter-cash-tendered').fill('500');
  await expect(page.getByTestId('counter-change')).not.toHaveAttribute('data-amount', '0');
  await shot(page, 'counter-sale-en.png');
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/counter/sales'));
  await page.getByTestId('counter-cash-tendered').press('Enter');
  const sale = (await (await answer).json()) as {
    reservationIdentifier: string;
    change: number;
    order: { totals: { total: number } };
  };
  expect(sale.change).toBe(50_000 - sale.order.totals.total);
  await expect(page.getByTestId('counter-done-reservation')).toHaveText(sale.reservationIdentifier);
  await expect(page.getByTestId('counter-change')).toHaveCount(0);
  await expect(page.getByTestId('counter-done-change')).toHaveAttribute('data-amount', String(sale.change));
  await expect(page.getByTestId('counter-done-change')).toHaveText(`₪${(sale.change / 100).toFixed(2)}`);
  await shot(page, 'counter-done-en.png');

  await page.getByTestId('counter-print-tickets').click();
  await expect.poll(() => printed(page)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const tickets = page.getByTestId('print-ticket');
  await expect(tickets).toHaveCount(2);
  await expect(page.getByTestId('counter-done')).toBeHidden();
  for (const box of await tickets.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
    // 5.5 × 2 inches at 96 CSS pixels to the inch.
    expect(Math.round((box as DOMRect).width)).toBe(528);
    expect(Math.round((box as DOMRect).height)).toBe(192);
  }
  await expect(tickets.first().getByTestId('print-ticket-title')).toHaveText(show!.title.en!);
  await expect(tickets.first()).toContainText(sale.reservationIdentifier);
  await expect(page.getByTestId('print-ticket-qr')).toHaveCount(2);
  await shot(page, 'counter-print-tickets-en.png');
  await page.emulateMedia({ media: 'screen' });
});

test('a clerk takes a card on the terminal and a gift card together (he)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const shows = await cinemaShows(request, 12);
  const show = shows[1] ?? shows[0]!;
  await countPrints(page);
  await page.goto('/staff/counter');
  await staffLogin(page, 'boxoffice', 'boxoffice-demo-2026');
  await pickShow(page, show, show.title.he!);
  await takeBestTwo(page);

  // The rest by card on the terminal; ₪20 of it from a gift card.
  await page.getByTestId('counter-tender-method').getByText('אשראי במסוף').click();
  await page.getByTestId('counter-add-gift').click();
  const gift = page.getByTestId('counter-tender-giftCard');
  await gift.getByTestId('counter-gift-code').fill('GIFT-1000-SANDBOX');
  await gift.getByTestId('counter-tender-amount').fill('20');
  const card = page.getByTestId('counter-tender-cardPresent');
  await card.getByTestId('counter-card-reference').fill('771234');
  await card.getByTestId('counter-card-last4').fill('4242');
  await expect(page.getByTestId('counter-left')).toHaveAttribute('data-amount', '0');
  await expect(page.getByTestId('counter-sell')).toBeEnabled();
  await shot(page, 'counter-mix-he.png');
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/counter/sales'));
  await page.getByTestId('counter-sell').click();
  const sale = (await (await answer).json()) as {
    reservationIdentifier: string;
    payments: { method: string }[];
  };
  expect(sale.payments.map((x) => x.method).sort()).toEqual(['cardPresent', 'voucher']);
  await expect(page.getByTestId('counter-done-reservation')).toHaveText(sale.reservationIdentifier);

  await page.getByTestId('counter-paper').getByText('קבלה 80 מ״מ').click();
  await page.getByTestId('counter-print-receipt').click();
  await expect.poll(() => printed(page)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-receipt-payment')).toHaveCount(2);
  await expect(page.getByTestId('print-receipt')).toContainText('4242');
  await shot(page, 'counter-receipt-he.png');
});
