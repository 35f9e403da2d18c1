import { expect, test } from '@playwright/test';
import { buySeats, cinemaShows, shot, staffLogin } from './helpers.ts';
import { issuedVisitor } from './visitors.ts';

/**
 * A staff refund (issue 36) in real Chromium against the real server: the box-office clerk opens an
 * order of two seats, refunds one with the venue's fee, sees the quote (the fee, where the money goes)
 * before confirming, and the seat is on sale again.
 */

const CLERK = { username: 'boxoffice', password: 'boxoffice-demo-2026' };

test('a clerk refunds one ticket of two with the fee, and the seat is on sale again', async ({
  page,
  request,
}) => {
  const shows = await cinemaShows(request, 11);
  const show = shows[shows.length - 1]!;
  const { reservationIdentifier: rid, keys } = await buySeats(request, show, {
    count: 2,
    mobileNumber: '052-2223334',
  });

  await page.goto(`/staff/orders/${rid}?language=en`);
  await staffLogin(page, CLERK.username, CLERK.password);
  await page.getByTestId('order-refund').click();
  const dialog = page.getByTestId('refund-dialog');
  await dialog.getByTestId('refund-ticket').first().check();
  await dialog.getByTestId('refund-reason').fill('The child is ill');
  const quote = dialog.getByTestId('refund-quote');
  await expect(quote.getByTestId('quote-refund')).toHaveText(/₪/);
  await expect(dialog.getByTestId('money-part')).toContainText('to the card ending \u20661111');
  await shot(page, 'refund-quote.png');
  const refund = await quote.getByTestId('quote-refund').textContent();
  await dialog.getByTestId('refund-confirm').click();
  await expect(page.getByTestId('refund-done')).toContainText(`Refunded ${refund}`);
  await shot(page, 'refund-done.png');

  // The refunded seat is free for anyone again; the other is still sold.
  const status = (await (
    await request.get('/api/seats/seats-statusV2', {
      params: { presentationId: String(show.id), venueTypeId: String(show.venueTypeId), isReserved: '1' },
      headers: { uuid: issuedVisitor() },
    })
  ).json()) as { seats: Record<string, string> };
  expect(keys.filter((k) => k in status.seats)).toHaveLength(1);
});
