import { expect, type Page, test } from '@playwright/test';
import { boardReady } from './helpers.ts';

/** The outside site answers from here: nothing leaves the machine. */
async function fakeSite(page: Page) {
  await page.route('https://evil.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Evil Example</h1>' }),
  );
}

/** A navigation inside the shop (the router's own, as a link it renders would make), not a page load. */
async function navigateInShop(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: 'inshop', idx: 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

test('an external link to a host the venue does not trust: the leaving page, in Hebrew on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await fakeSite(page);
  await page.goto('/https://evil.example/login?next=%2F');
  // Still on the venue's own address: the box office answered with its page, not with a redirect.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/https:\/\/evil\.example\/login\?next=%2F$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('אתם עוזבים את כרטיסים אל evil.example');
  const go = page.getByRole('link', { name: 'המשך אל evil.example' });
  const back = page.getByRole('link', { name: 'חזרה ללוח האירועים' });
  await expect(go).toHaveAttribute('href', 'https://evil.example/login?next=%2F');
  await expect(go).toHaveAttribute('rel', 'noopener noreferrer');
  // Touch targets of 44 px, one above the other across the phone, nothing wider than the phone.
  for (const link of [go, back]) {
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThan(300);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('leaving-he-phone.png'), fullPage: true });

  await back.click();
  await boardReady(page);
  await expect(page).toHaveURL(/:\d+\/$/);
  // Reached by the shop's own navigation the link ends in the same decision: the box office's.
  await navigateInShop(page, '/https://evil.example/inshop');
  await expect(page.getByTestId('leaving-page')).toBeVisible();
  await expect(page).toHaveURL(/\/https:\/\/evil\.example\/inshop$/);
  await page.getByTestId('leaving-continue').click();
  await expect(page).toHaveURL('https://evil.example/inshop');
  await expect(page.locator('h1')).toHaveText('Evil Example');
});

test('an external link to a trusted host goes there at once, opened or followed inside the shop', async ({
  page,
  baseURL,
}) => {
  // The shop's own address (PUBLIC_URL) is trusted: the link ends on its page.
  await page.goto(`/${baseURL}/?language=en`);
  await expect(page).toHaveURL(`${baseURL}/?language=en`);
  await boardReady(page);
  // A partner's return origin is trusted too. A redirect's target is out of page.route's reach, and
  // there is no network here: the browser's request for it shows where it was sent.
  const target = 'https://partner.example/back?booking=43';
  const sent = page.waitForRequest(target);
  await navigateInShop(page, `/${target}`);
  expect((await sent).redirectedFrom()?.url()).toBe(`${baseURL}/${target}`);
});
