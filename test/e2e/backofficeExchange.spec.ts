import { expect, test } from '@playwright/test';
import { buySeat, cinemaShows, shot, staffLogin } from './helpers.ts';

/**
 * An exchange (issue 36) in real Chromium against the real server, in Hebrew: from the order page the
 * box-office clerk moves a customer's ticket to another showing of the same film; the counter offers
 * only that film's showings, the box office quotes the difference, and the order page shows the new
 * ticket once the old seat is freed.
 */
test('a clerk exchanges a ticket for a seat at another showing of the same film', async ({
  page,
  request,
}) => {
  // The order page, the counter's map (its first WebGL frame is slow without a GPU) and the exchange.
  test.setTimeout(90_000);
  const shows = await cinemaShows(request, 12);
  const from = shows.find((s) => shows.some((o) => o.featureId === s.featureId && o.id !== s.id))!;
  const all = (await (await request.get('/api/seats/presentations')).json()) as {
    presentations: { id: number; featureId: number }[];
  };
  const sameFilm = all.presentations.filter((s) => s.featureId === from.featureId).map((s) => s.id);
  const { reservationIdentifier: rid } = await buySeat(request, from, '052-4445556');

  await page.goto(`/staff/orders/${rid}`);
  await staffLogin(page, 'boxoffice', 'boxoffice-demo-2026');
  await page.getByTestId('order-exchange').click();
  await expect(page.getByTestId('exchange-ticket')).toBeChecked();
  await page.getByTestId('exchange-pick-seats').click();

  // The counter, for this order: only showings of the same film.
  await expect(page.getByTestId('exchange-banner')).toContainText(rid);
  const search = page.getByTestId('counter-show-search');
  await expect(page.getByTestId('counter-show').first()).toBeVisible();
  const listed = await page
    .getByTestId('counter-show')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-presentation-id'))));
  expect(listed.length).toBeGreaterThan(1);
  expect(listed.every((id) => sameFilm.includes(id))).toBe(true);
  const to = listed.find((id) => id !== from.id)!;
  for (let i = 0; i < listed.indexOf(to); i++) await search.press('ArrowDown');
  await expect(page.locator(`#counter-show-${to}`)).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');

  await page.getByTestId('counter-best-count').fill('1');
  await expect(page.getByTestId('counter-best')).toBeEnabled({ timeout: 45_000 });
  await page.getByTestId('counter-best').click();
  await expect(page.getByTestId('counter-seat-line')).toHaveCount(1);
  await page.getByTestId('exchange-reason').fill('הלקוחה ביקשה יום חמישי');
  await expect(page.getByTestId('exchange-quote')).toBeVisible();
  await shot(page, 'exchange-quote-he.png');
  const difference = Number(
    (await page.getByTestId('exchange-difference').textContent())!.replace(/[^\d.]/g, ''),
  );
  if (difference > 0) {
    await page.getByTestId('counter-cash-tendered').fill(String(Math.ceil(difference)));
    await page.getByTestId('holds-collect').click();
  } else await page.getByTestId('exchange-confirm').click();

  // Back on the order page: the ticket is at the new showing, the old one cancelled by the exchange.
  await expect(page.getByTestId('exchange-done')).toBeVisible();
  const order = (await (await page.request.get(`/api/admin/orders/${rid}`)).json()) as {
    tickets: { presentationId: number; state: string }[];
  };
  expect(order.tickets.map((t) => [t.presentationId, t.state])).toEqual(
    expect.arrayContaining([
      [from.id, 'cancelled'],
      [to, 'valid'],
    ]),
  );
  await shot(page, 'exchange-done-he.png');
});
