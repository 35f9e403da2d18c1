import { expect, type Page, test } from '@playwright/test';
import { formatDateTime } from '../../src/i18n/format.ts';
import { boardReady, shot } from './helpers.ts';

/** Where the heading's text itself sits (a block element spans the whole width either way). */
async function headingTextBox(page: Page): Promise<{ left: number; right: number; width: number }> {
  return page.getByRole('heading', { level: 1 }).evaluate((h) => {
    const range = document.createRange();
    range.selectNodeContents(h);
    const r = range.getBoundingClientRect();
    return { left: r.left, right: r.right, width: document.documentElement.clientWidth };
  });
}

test.describe('the shop shell', () => {
  test('shows the events board in Hebrew, right to left, by default', async ({ page }) => {
    await page.goto('/');
    await boardReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'לוח אירועים' })).toBeVisible();
    await expect(page.getByTestId('feature-card').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /לרכישת כרטיסים|רכישת כרטיסים/ }).first()).toBeVisible();
    // Right to left for real: the heading starts at the right edge of the page.
    const box = await headingTextBox(page);
    expect(box.left).toBeGreaterThan(box.width / 2);
  });

  test('switching to English turns the page left to right and is remembered', async ({ page }) => {
    await page.goto('/');
    await boardReady(page);
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Events board' })).toBeVisible();
    const box = await headingTextBox(page);
    expect(box.right).toBeLessThan(box.width / 2);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Events board' })).toBeVisible();
  });

  test('English from a link holds on every page and every reload: memberships, gift cards, personal area', async ({
    page,
  }) => {
    // A shared link names English once; no page after it does.
    await page.goto('/?language=en');
    await boardReady(page);
    const english = async (testId: string) => {
      await expect(page.getByTestId(testId).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByTestId('account-button')).toHaveText('Personal area');
    };
    await page.goto('/membership');
    await english('membership-list');
    await page.reload();
    await english('membership-list');
    await page.goto('/digital');
    await english('voucher-offer');
    await page.goto('/customer-area');
    await english('login-panel');
    await page.reload();
    await english('login-panel');
    await shot(page, 'reload-customer-area-en.png');
  });

  test('a language that is not enabled gives the 404 page', async ({ page }) => {
    await page.goto('/?language=pl');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByText('הדף לא נמצא.')).toBeVisible();
    await expect(page.getByTestId('events-list')).toHaveCount(0);
  });

  test('an unknown page gives the 404 page', async ({ page }) => {
    const res = await page.goto('/no/such/page?language=en');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('This page could not be found.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the events board' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Events board' })).toBeVisible();
  });

  test('a purchase button leads to the presentation’s order page', async ({ page }) => {
    await page.goto('/order?language=en');
    const card = page
      .getByTestId('feature-card')
      .filter({ has: page.getByTestId('purchase-button') })
      .first();
    const title = (await card.getByRole('heading').textContent())!;
    const showtime = card.getByTestId('purchase-button').first();
    const id = await showtime.getAttribute('data-presentation-id');
    await showtime.click();
    await expect(page).toHaveURL(new RegExp(`/order/${id}(\\?|$)`));
    await expect(page.getByTestId('presentation-header').getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('order-flow')).toHaveAttribute('data-step', 'seats');
  });

  test('the date filter shows one business date', async ({ page }) => {
    await page.goto('/?language=en');
    await boardReady(page);
    await page.getByText('Tomorrow', { exact: false }).click();
    await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
    const date = new URL(page.url()).searchParams.get('date')!;
    const [y, m, d] = date.split('-');
    // Showtimes sit under their day's heading: that one day (and video on demand, watchable any day).
    await expect(page.getByTestId('purchase-button').first()).toBeVisible();
    // Asked until the board has drawn the chosen day (the earlier list may still be on screen a moment).
    await expect
      .poll(async () =>
        (
          await page.locator('[data-day]').evaluateAll((els) => els.map((e) => e.getAttribute('data-day')))
        ).filter((x) => x !== 'vod'),
      )
      .toEqual([date]);
    await expect(page.locator(`[data-day="${date}"] h2`)).toContainText(`${d}/${m}/${y}`);
  });
});

test('the header menu leads to everything for sale: a drawer on a Hebrew phone, links on an English desktop', async ({
  browser,
  page,
}) => {
  // A phone, in Hebrew: a 44 px menu button at the start of the header (the right), named in Hebrew.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const p = await phone.newPage();
  await p.goto('/');
  await boardReady(p);
  await expect(p.getByRole('navigation', { name: 'תפריט ראשי' })).toBeHidden();
  const button = p.getByRole('button', { name: 'תפריט', exact: true });
  const box = (await button.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x).toBeGreaterThan(390 / 2);
  const entries = [
    ['כרטיסי מתנה', '/digital'],
    ['מנויים', '/membership'],
    ['תרומות', '/donations'],
    ['צפייה בבית', '/digital/Presentation'],
  ] as const;
  for (const [name, path] of entries) {
    await button.tap();
    const drawer = p.getByRole('dialog', { name: 'תפריט' });
    await expect(drawer).toBeVisible();
    // From the right edge, as Hebrew reads (once it has slid in).
    await expect
      .poll(async () => {
        const side = (await drawer.boundingBox())!;
        return [Math.round(side.x), Math.round(side.x + side.width)];
      })
      .toEqual([70, 390]);
    const link = drawer.getByRole('link', { name, exact: true });
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    if (path === '/digital') await shot(p, 'menu-drawer-he-390.png', false);
    await link.tap();
    await expect(p).toHaveURL(new RegExp(`${path}$`));
    await expect(drawer).toBeHidden();
    // Still in Hebrew, with what the page sells.
    await expect(p.locator('html')).toHaveAttribute('lang', 'he');
    const sold = {
      '/digital': 'voucher-offer',
      '/membership': 'membership-card-item',
      '/donations': 'donation-fund',
      '/digital/Presentation': 'digital-film',
    }[path];
    await expect(p.getByTestId(sold).first()).toBeVisible();
  }
  await shot(p, 'menu-watch-at-home-he-390.png', false);
  await phone.close();

  // A desktop, in English: the links beside the shop's name, the page's own marked; no menu button.
  await page.goto('/?language=en');
  await boardReady(page);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link')).toHaveText([
    'Events',
    'Gift cards',
    'Memberships',
    'Donations',
    'Watch at home',
  ]);
  await expect(nav.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  // The board leads there too, under its showtimes.
  await expect(page.getByTestId('more-for-sale').getByRole('link')).toHaveCount(4);
  await shot(page, 'menu-desktop-en.png', false);
  await nav.getByRole('link', { name: 'Memberships' }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(nav.getByRole('link', { name: 'Memberships' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('membership-card-item').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('in a browser far from Israel', () => {
  test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' });

  test('shows show times in Israel time', async ({ page, request }) => {
    const { presentations } = (await (await request.get('/api/seats/presentations')).json()) as {
      presentations: { id: number; dateTime: string; isVod: boolean }[];
    };
    const first = presentations.find((p) => !p.isVod)!;
    await page.goto('/?language=en');
    await boardReady(page);
    // The day's heading and the showtime's button together say the Israel date and time.
    const [date, time] = formatDateTime(first.dateTime, 'en').split(/, (?=\d{2}:\d{2}$)/);
    const showtime = page.locator(`[data-presentation-id="${first.id}"]`);
    await expect(showtime).toContainText(time!);
    await expect(page.locator('section', { has: showtime }).getByRole('heading', { level: 2 })).toHaveText(
      date!,
    );
  });
});

test('a path beginning with /http sends the browser to that address (a host the venue trusts)', async ({
  request,
}) => {
  // The demo partner's return origin is trusted; other hosts get a page first (externalLinks.spec.ts).
  const res = await request.get('/https://partner.example/tickets', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()['location']).toBe('https://partner.example/tickets');
});
