import { generateKeyPairSync, sign } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { OrderDocument } from '../../src/api/contract/order.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { addDaysIso, businessDate } from '../../src/domain/venue.ts';
import { buySeats, cinemaShows, shot, staffLogin } from './helpers.ts';

/**
 * The door offline (issue 37), in real Chromium against the real server: the phone downloads the
 * show's tickets, the network is cut, the page still opens (service worker), a valid ticket is let in
 * and a forged code refused on the phone itself, and back online the scan reaches the box office. On a
 * desktop in English, a ticket let in offline that another door let in meanwhile comes back as a
 * conflict for staff.
 */

const texts = {
  he: {
    tomorrow: 'מחר',
    admitted: 'אפשר להיכנס',
    forged: 'קוד מזויף',
    offline: 'הוחלט במצב לא מקוון',
    oneWaiting: '1 סריקה ממתינה',
    twoWaiting: '2 סריקות ממתינות',
  },
  en: { tomorrow: 'Tomorrow', admitted: 'Come in', conflict: '1 ticket let in twice' },
} as const;

/** The first standard-hall show of tomorrow (the door's day switch reaches it; on sale all day). */
async function tomorrowsShow(request: APIRequestContext, index: number): Promise<PresentationSummary> {
  // The door's days are business days: after midnight, until 05:00, it is still yesterday's evening.
  const tomorrow = addDaysIso(businessDate(Date.now()), 1);
  const shows = (await cinemaShows(request, 12)).filter((s) => s.businessDate === tomorrow);
  return shows[index]!;
}

/** A customer buys one seat; its e-ticket names the ticket, and its JSON holds the signed code. */
async function boughtTicket(page: Page, show: PresentationSummary) {
  const order = await buySeats(page.request, show, { count: 1 });
  await page.goto(`/edocument/${order.documentKey}`);
  const doc = await page.evaluate(
    async (key) => (await (await fetch(`/api/edocument/${key}`)).json()) as OrderDocument,
    order.documentKey,
  );
  const ticket = doc.tickets[0]!;
  await expect(page.getByTestId('ticket-qr').first()).toHaveAttribute(
    'alt',
    new RegExp(ticket.ticketIdentifier),
  );
  return { ticketIdentifier: ticket.ticketIdentifier, code: ticket.doorCode! };
}

/** The usher logs in on /door, chooses tomorrow's show and a door; the page downloads its tickets. */
async function setUpDoor(page: Page, lang: 'he' | 'en', show: PresentationSummary) {
  await page.goto(`/door?language=${lang}`);
  await staffLogin(page, 'door', 'door-demo-2026');
  await page.getByTestId('door-day').getByText(texts[lang].tomorrow).click();
  await page
    .locator(`[data-testid=door-presentation][data-id="${show.id}"]`)
    .getByTestId('door-presentation-check')
    .click();
  await page.getByTestId('door-name-suggestion').first().click();
  await page.getByTestId('door-start').click();
  await expect(page.getByTestId('door-offline-banner')).toHaveAttribute('data-state', 'online');
}

async function scan(page: Page, code: string) {
  const input = page.getByTestId('door-code-input');
  await input.fill(code);
  await input.press('Enter');
}

async function insideNow(request: APIRequestContext, presentationId: number): Promise<number> {
  const res = await request.get(`/api/admin/door/counts?presentationIds=${presentationId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { presentations: { inside: number }[] }).presentations[0]!.inside;
}

/** A code signed by a key that is not the box office's. */
function forgedCode(ticketIdentifier: string, presentationId: number): string {
  const message = `T1.${ticketIdentifier}.${presentationId}`;
  const { privateKey } = generateKeyPairSync('ed25519');
  return `${message}.${sign(null, Buffer.from(message), privateKey).toString('base64url')}`;
}

test.describe('on a Hebrew phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('with the network cut the page opens, admits a valid ticket, refuses a forged one, and uploads after', async ({
    page,
    context,
  }) => {
    const show = await tomorrowsShow(page.request, 0);
    const ticket = await boughtTicket(page, show);
    await setUpDoor(page, 'he', show);
    const insideBefore = await insideNow(page.request, show.id);
    // The service worker controls the page and keeps every file it loaded.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          const cache = await caches.open('door-v1');
          const files = performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'));
          const kept = await Promise.all(files.map((u) => cache.match(u.pathname)));
          return Boolean(await cache.match('/door')) && kept.every(Boolean);
        }),
      )
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await scan(page, ticket.code);
    await expect(page.getByTestId('door-verdict-title')).toHaveText(texts.he.admitted);
    await expect(page.getByTestId('door-verdict-offline')).toHaveText(texts.he.offline);
    const banner = page.getByTestId('door-offline-banner');
    await expect(banner).toHaveAttribute('data-state', 'offline');
    await expect(banner).toContainText(texts.he.oneWaiting);
    await shot(page, 'door-offline-he-admitted.png', false);

    await scan(page, forgedCode(ticket.ticketIdentifier, show.id));
    await expect(page.getByTestId('door-verdict-title')).toHaveText(texts.he.forged);
    await expect(banner).toContainText(texts.he.twoWaiting);
    await shot(page, 'door-offline-he-forged.png', false);
    await page.getByTestId('door-verdict').click();
    await shot(page, 'door-offline-he-banner.png', false);

    await context.setOffline(false);
    await expect(banner).toHaveAttribute('data-state', 'online');
    expect(await insideNow(page.request, show.id)).toBe(insideBefore + 1);
    await shot(page, 'door-offline-he-back-online.png', false);
  });
});

test('a ticket let in offline that another door let in meanwhile is shown to staff as a conflict (en)', async ({
  page,
  context,
  playwright,
}) => {
  const show = await tomorrowsShow(page.request, 1);
  const ticket = await boughtTicket(page, show);
  await setUpDoor(page, 'en', show);

  await context.setOffline(true);
  await scan(page, ticket.code);
  await expect(page.getByTestId('door-verdict-title')).toHaveText(texts.en.admitted);
  await shot(page, 'door-offline-en-desktop.png', false);
  await page.getByTestId('door-verdict').click();
  await expect(page.getByTestId('door-offline-banner')).toContainText('1 scan waiting');
  await shot(page, 'door-offline-en-banner.png', false);

  // Another usher's phone, online, lets the same ticket in first.
  const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect(
    (
      await other.post('/api/staff/login', { data: { username: 'door', password: 'door-demo-2026' } })
    ).status(),
  ).toBe(200);
  const answer = await other.post('/api/admin/door/scans', {
    data: {
      deviceId: 'e2e-other-door',
      scans: [
        {
          nonce: `e2e-other-door-${Date.now()}`,
          code: ticket.code,
          presentationIds: [show.id],
          door: 'North door',
          direction: 'in',
          scannedAt: new Date().toISOString(),
        },
      ],
    },
  });
  expect(((await answer.json()) as { results: { verdict: string }[] }).results[0]!.verdict).toBe('admitted');
  await other.dispose();

  await context.setOffline(false);
  const conflicts = page.getByTestId('door-conflicts');
  await expect(conflicts).toContainText(texts.en.conflict);
  await expect(conflicts).toContainText(ticket.ticketIdentifier);
  await expect(conflicts).toContainText('North door');
  await shot(page, 'door-conflict-en-desktop.png', false);
  await page.getByTestId('door-conflicts-seen').click();
  await expect(conflicts).toHaveCount(0);
});
