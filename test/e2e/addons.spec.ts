import { type APIRequestContext, expect, test } from '@playwright/test';
import type { CustomerReservation } from '../../src/api/contract/customer.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import {
  FEATURE_3D,
  fillCard,
  fillCustomer,
  type Lang,
  openSeatList,
  plainFreeSeats,
  type SeatName,
  seatButton,
} from './helpers.ts';

/**
 * Ticket add-ons in real Chromium against the real server: a 3D showing's tickets come with 3D glasses,
 * ticked by default; the confirmation joins seats side by side into one range and lists the glasses;
 * the e-ticket shows them on the seat's card. An e-ticket of a past show says it no longer opens.
 */

const texts = {
  en: { glasses: '3D glasses', seats: 'seats', expired: 'This e-ticket has expired' },
  he: { glasses: 'משקפי תלת-ממד', seats: 'מושבים', expired: 'הכרטיס האלקטרוני אינו זמין עוד' },
} as const;

async function shows3d(request: APIRequestContext): Promise<PresentationSummary[]> {
  const res = await request.get('/api/seats/presentations');
  const { presentations } = (await res.json()) as { presentations: PresentationSummary[] };
  return presentations.filter((p) => p.featureId === FEATURE_3D && p.saleStatus === 'open' && p.isReserved);
}

/** Two free regular seats side by side in one row (consecutive numbers). */
async function pairOfSeats(
  request: APIRequestContext,
  p: PresentationSummary,
): Promise<[SeatName, SeatName]> {
  const free = await plainFreeSeats(request, p, { ticketGroup: 1 });
  for (const a of free) {
    const b = free.find((s) => s.row === a.row && Number(s.seat) === Number(a.seat) + 1);
    if (b) return [a, b];
  }
  throw new Error('no two free seats side by side');
}

for (const [lang, index] of [
  ['en', 0],
  ['he', 1],
] as const satisfies readonly (readonly [Lang, number])[]) {
  test(`a customer buys two 3D tickets, keeps the glasses on one, and sees them on the confirmation and the e-ticket (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000); // the whole purchase, with screenshots on the way
    const show = (await shows3d(request))[index]!;
    const [a, b] = await pairOfSeats(request, show);
    await openSeatList(page, lang, show.id);
    for (const s of [a, b]) {
      await seatButton(page, lang, s).click();
      await expect(seatButton(page, lang, s)).toHaveAttribute('aria-pressed', 'true');
    }
    await page.getByTestId('next-step').click();

    // Each seat's ticket comes with the glasses, ticked: 2 × 42 + 2 × 5 glasses + 2 × 5 handling fee.
    const boxes = page.getByTestId('ticket-addon').locator('input');
    await expect(boxes).toHaveCount(2);
    await expect(boxes.nth(0)).toBeChecked();
    await expect(boxes.nth(1)).toBeChecked();
    await expect(page.getByTestId('ticket-addon').first()).toContainText(texts[lang].glasses);
    await expect(page.getByTestId('order-total')).toContainText('104.00');
    await expect(page.getByTestId('summary-addon')).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath(`tickets-${lang}.png`), fullPage: true });

    // The second customer brings their own glasses.
    await boxes.nth(1).uncheck();
    await expect(boxes.nth(1)).not.toBeChecked();
    await expect(page.getByTestId('order-total')).toContainText('99.00');
    await expect(page.getByTestId('summary-addon')).toHaveCount(1);

    await page.getByTestId('next-step').click();
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('order-total')).toContainText('99.00');
    await fillCustomer(page);
    await fillCard(page, lang, '4111 1111 1111 1111');
    await page.getByTestId('pay').click();

    await expect(page.getByTestId('confirmation')).toBeVisible();
    const line = page.getByTestId('confirmation-ticket');
    await expect(line).toHaveCount(1);
    const [lo, hi] = [a.seat, b.seat].sort((x, y) => Number(x) - Number(y));
    await expect(line).toContainText(`${texts[lang].seats} \u2066${lo}\u2013${hi}\u2069`);
    await expect(page.getByTestId('order-addon')).toHaveCount(1);
    await expect(page.getByTestId('order-addon')).toContainText(`${texts[lang].glasses} × 1`);
    await expect(page.getByTestId('confirmation-total')).toContainText('99.00');
    await page.screenshot({ path: test.info().outputPath(`confirmation-${lang}.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath(`confirmation-${lang}-phone.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByTestId('open-etickets').click();
    await expect(page.getByTestId('eticket')).toHaveCount(2);
    await expect(page.getByTestId('eticket-addon')).toHaveCount(1);
    await expect(page.getByTestId('eticket').first().getByTestId('eticket-addon')).toContainText(
      texts[lang].glasses,
    );
    await page.screenshot({ path: test.info().outputPath(`eticket-${lang}.png`), fullPage: true });
  });
}

test('the e-ticket of a show that is over says it no longer opens (he)', async ({ page, request }) => {
  const login = await request.post('/api/customer/login', {
    data: { email: 'dana@example.com', password: 'dana-demo-2026' },
  });
  expect(login.status()).toBe(200);
  const { past } = (await (await request.get('/api/customer-area/reservations')).json()) as {
    past: CustomerReservation[];
  };
  const over = past.find((r) => r.tickets.length > 0)!;
  await page.goto(`/edocument/${over.documentKey}?language=he`);
  await expect(page.getByTestId('edocument-expired')).toContainText(texts.he.expired);
  await expect(page.getByTestId('eticket')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('expired-he.png'), fullPage: true });
});
