import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import {
  boardReady,
  fillCard,
  fillCustomer,
  type Lang,
  openSeatList,
  plainFreeSeats,
  seatButton,
} from './helpers.ts';

/**
 * Partners (issue 20) in real Chromium against the real server: an order through the hotel chain's
 * mini-site at its own price, recorded as referred by it; and an order entered by a partner's signed
 * link (the HMAC computed here, as the partner's site would), which ends with the way back to the
 * partner's `ret` (partner.example, intercepted).
 */

const SEA_BREEZE = { id: 1, slug: 'sea-breeze-hotels' };
const DEMO_SECRET = 'demo-partner-secret-2026';
const texts = {
  en: { hotelPrice: 'Hotel guest price', partnerPrice: 'Partner price' },
  he: { hotelPrice: 'מחירון רשת מלונות', partnerPrice: 'מחיר שותף' },
} as const;

/** The storefront's open 2D cinema shows of the standard hall (seat plan 12), latest first. */
async function miniSiteShows(request: APIRequestContext, slug: string): Promise<PresentationSummary[]> {
  const res = await request.get(`/api/mini-sites/${slug}`);
  expect(res.status()).toBe(200);
  const { presentations } = (await res.json()) as { presentations: PresentationSummary[] };
  return presentations.filter((p) => p.seatplanId === 12 && p.saleStatus === 'open').reverse();
}

/** Holds one regular seat and picks the ticket named `ticket` on the ticket step, then goes to payment. */
async function buyOneSeat(page: Page, lang: Lang, show: PresentationSummary, ticket: string) {
  const [seat] = await plainFreeSeats(page.request, show, { ticketGroup: 1 });
  await openSeatList(page, lang, show.id);
  await seatButton(page, lang, seat!).click();
  await expect(seatButton(page, lang, seat!)).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('next-step').click();
  await page.getByTestId('ticket-row').first().locator('input').first().click();
  await page.getByRole('option', { name: new RegExp(ticket) }).click();
  await page.getByTestId('next-step').click();
  // The products step first: a second click while the ticket step still shows is lost (flaky under load).
  await expect(page.getByTestId('product-list')).toBeVisible();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('checkout')).toBeVisible();
  await fillCustomer(page);
  await fillCard(page, lang, '4111 1111 1111 1111');
  const committed = page.waitForResponse((r) => r.url().includes('/api/payment/commit'));
  await page.getByTestId('pay').click();
  const res = await committed;
  expect(res.status(), await res.text()).toBe(200);
  await expect(page.getByTestId('confirmation')).toBeVisible();
  return {
    request: res.request().postDataJSON() as Record<string, unknown> & { cart: Record<string, unknown> },
    answer: (await res.json()) as {
      order: { referralMiniSiteId?: number | null; tickets: { price: number }[] };
    },
  };
}

test("an order through the hotel chain's mini-site, at its price, referred by it (en)", async ({ page }) => {
  test.slow(); // the whole order, with screenshots on the way
  await page.goto('/mini-site?language=en');
  const links = page.getByTestId('mini-site-link');
  await expect(links).toHaveCount(2);
  await expect(links.first()).toContainText('Sea Breeze Hotels');
  await links.first().click();
  await expect(page).toHaveURL(/\/mini-site\/sea-breeze-hotels$/);
  // The list (a banner per site) gives way to the storefront once its page has loaded.
  await expect(links).toHaveCount(0);
  await expect(page.getByTestId('mini-site-banner')).toContainText('Sea Breeze Hotels');
  await expect(page.getByTestId('purchase-button').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('storefront-en.png'), fullPage: true });

  const show = (await miniSiteShows(page.request, SEA_BREEZE.slug))[0]!;
  const { request, answer } = await buyOneSeat(page, 'en', show, texts.en.hotelPrice);
  expect(request.miniSiteUrl).toBe(SEA_BREEZE.slug);
  expect(request.cart.referralMiniSiteId).toBe(SEA_BREEZE.id);
  expect(answer.order.tickets[0]?.price).toBe(3200);
  expect(answer.order.referralMiniSiteId).toBe(SEA_BREEZE.id);
  await expect(page.getByTestId('confirmation-ticket').first()).toContainText(texts.en.hotelPrice);

  // The plain board leaves the mini-site: later orders are not through it.
  await page.goto('/order?language=en');
  await expect(page.getByTestId('events-list')).toBeVisible();
  await boardReady(page);
  const stored = await page.evaluate(() => sessionStorage.getItem('partnerContext'));
  expect((JSON.parse(stored ?? '{}') as { miniSite?: unknown }).miniSite ?? null).toBeNull();
});

test('the mini-site list and a storefront in Hebrew on a phone, right to left', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/mini-site/tech-workers-committee');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('mini-site-banner')).toContainText('ועד עובדי ההייטק');
  await expect(page.getByTestId('mini-site-banner')).toContainText('ועד עובדים');
  await expect(page.getByTestId('purchase-button').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('storefront-he-phone.png'), fullPage: true });
  // The shop's own catalogue of films leaves the mini-site behind: the partner sells none of them.
  await page.goto('/digital/Presentation');
  await expect(page.getByTestId('digital-film').first()).toBeVisible();
  await page.goto('/mini-site/no-such-partner');
  await expect(page.getByTestId('mini-site-error')).toContainText('אתר השותף לא נמצא');
});

test("a partner's signed link: the partner's price, and back to the partner after the order (he)", async ({
  page,
}) => {
  test.slow();
  await page.route('https://partner.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Partner Example</h1>' }),
  );
  const shows = (await miniSiteShows(page.request, 'tech-workers-committee')).slice(1);
  const show = shows[0]!;
  const ret = 'https://partner.example/back?booking=42';
  const link = (ts: number, secret = DEMO_SECRET) =>
    `/integration?${new URLSearchParams({
      TS: String(ts),
      ret,
      key: createHmac('sha256', secret).update(String(ts)).digest('hex'),
      presentationId: String(show.id),
    })}`;
  const now = Math.floor(Date.now() / 1000);

  // A stale link and one signed with another secret are refused, translated.
  await page.goto(link(now - 3600));
  await expect(page.getByTestId('integration-error')).toContainText('הקישור מאתר השותף אינו תקף');
  await page.goto(link(now, 'not-the-secret'));
  await expect(page.getByTestId('integration-error')).toBeVisible();

  await page.goto(link(now));
  await expect(page).toHaveURL(new RegExp(`/order/${show.id}$`));
  const { request } = await buyOneSeat(page, 'he', show, texts.he.partnerPrice);
  expect(typeof request.integrationId).toBe('string');
  await expect(page.getByTestId('confirmation-ticket').first()).toContainText(texts.he.partnerPrice);
  await page.getByTestId('partner-return').click();
  await expect(page).toHaveURL(ret);
  await expect(page.locator('h1')).toHaveText('Partner Example');
});
