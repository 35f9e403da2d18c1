import { expect, test } from '@playwright/test';
import { cinemaShows, fillCard, openSeatList, plainFreeSeats, seatButton } from './helpers.ts';

/**
 * Members in the seat order (issue 16): Avi, a cinema club member (10 tickets, 2 used), buys a seat on his
 * club ticket, sees the balance left on the ticket step, pays the handling fee by card, and the personal
 * area then shows one ticket fewer. Cinema show 14 of seat plan 12: no other spec uses it.
 */
test('a club member buys a seat on the club ticket and the balance goes down (en)', async ({
  page,
  request,
}, info) => {
  const login = await page.request.post('/api/customer/login', {
    data: { email: 'avi@example.com', password: 'avi-demo-2026', includeMemberships: true },
  });
  expect(login.status()).toBe(200);
  const show = (await cinemaShows(request, 12))[14]!;
  const [seat] = await plainFreeSeats(request, show, { ticketGroup: 1 });
  await openSeatList(page, 'en', show.id);
  await seatButton(page, 'en', seat!).click();
  await expect(seatButton(page, 'en', seat!)).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('next-step').click();

  const members = page.getByTestId('member-tickets');
  await expect(members).toContainText('Cinema club');
  await expect(members.getByTestId('member-row').first()).toContainText('7201');
  // 8 of the seeded 10 are left, or more where another spec topped the member up meanwhile.
  const leftBadge = members.getByTestId('member-left').first();
  await expect(leftBadge).toHaveText(/^\d+ left$/);
  const left = Number(/\d+/.exec((await leftBadge.textContent())!)![0]);
  expect(left).toBeGreaterThanOrEqual(8);
  await page.getByRole('combobox', { name: `Ticket type for seat ${seat!.row}/${seat!.seat}` }).click();
  const option = page.getByRole('option', { name: /Club ticket.*7201/ });
  await expect(option).toContainText(`${left} left`);
  await option.click();
  await expect(leftBadge).toHaveText(`${left - 1} left`);
  await page.screenshot({ path: info.outputPath('member-tickets-en.png'), fullPage: true });

  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('checkout')).toBeVisible();
  await page.locator('input[name=mobileNumber]').fill('050-7654321');
  const terms = page.getByTestId('terms');
  if (!(await terms.isChecked())) await terms.check();
  if (await page.locator('input[name=cardnumber]').isVisible())
    await fillCard(page, 'en', '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();

  await page.goto('/customer-area?language=en');
  await page.getByTestId('tab-memberships').click();
  await expect(page.getByTestId('member-tickets-left').first()).toHaveText(
    new RegExp(`^${left - 1} of \\d+ tickets left$`),
  );
  await page.screenshot({ path: info.outputPath('memberships-tab-en.png'), fullPage: true });
});

test('a points member sees the points ticket per seat, and what is left of the points (he, phone)', async ({
  page,
  request,
}, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const login = await page.request.post('/api/customer/login', {
    data: { email: 'dana@example.com', password: 'dana-demo-2026', includeMemberships: true },
  });
  expect(login.status()).toBe(200);
  const show = (await cinemaShows(request, 12))[14]!;
  const seats = (await plainFreeSeats(request, show, { ticketGroup: 1 })).slice(-3);
  await openSeatList(page, 'he', show.id);
  for (const s of seats) {
    await seatButton(page, 'he', s).click();
    await expect(seatButton(page, 'he', s)).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByTestId('next-step').click();
  const members = page.getByTestId('member-tickets');
  await expect(members.getByTestId('member-points-left')).toHaveText('נותרו 1200 נקודות');
  for (const [i, s] of seats.entries()) {
    await page.getByRole('combobox', { name: `סוג כרטיס למושב ${s.row}/${s.seat}` }).click();
    const option = page.getByRole('option', { name: /כרטיס בנקודות.*7202/ });
    if (i < 2) await option.click();
    else {
      // 1,200 points pay two tickets of 500: the third seat cannot take one.
      await expect(option).toHaveAttribute('aria-disabled', 'true');
      await page.keyboard.press('Escape');
    }
  }
  await expect(members.getByTestId('member-points-left')).toHaveText('נותרו 200 נקודות');
  await page.screenshot({ path: info.outputPath('member-tickets-he-phone.png'), fullPage: true });
});
