import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { cinemaShows } from './helpers.ts';

/**
 * Every page of the shop under the box office's Content-Security-Policy (scripts from this origin only:
 * no inline script, no eval, workers included): nothing is blocked and the pages still work. Besides
 * the events the page sees, browsers report violations to the box office (test/e2e/cspTeardown.ts fails
 * the whole run on any, from any test).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (
      /Content Security Policy|Refused to (execute|load|evaluate|apply|create|frame|connect)/i.test(m.text())
    )
      seen.push(m.text());
  });
  return seen;
}

/** Distinct colours on the seat map's canvas: a map that drew shows many, a blocked renderer one. */
async function canvasColours(page: Page): Promise<number> {
  const png = PNG.sync.read(await page.getByTestId('seat-map-canvas').screenshot());
  const colours = new Set<number>();
  for (let i = 0; i < png.data.length; i += 4 * 7)
    colours.add((png.data[i]! << 16) | (png.data[i + 1]! << 8) | png.data[i + 2]!);
  return colours.size;
}

/** What browsers reported to the box office so far (all pages, workers included). */
async function reported(request: APIRequestContext): Promise<number> {
  const text = await (await request.get('/metrics')).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('boxoffice_csp_violations_total{'))
    .reduce((n, l) => n + Number(l.split(' ').pop()), 0);
}

test('every route works under the Content-Security-Policy with no violation', async ({ page, request }) => {
  const before = await reported(request);
  const violations = await watchViolations(page);
  const [show] = await cinemaShows(request, 12);
  const first = await page.goto('/?language=en');
  const csp = first!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toMatch(/unsafe-eval/);
  await expect(page.getByTestId('feature-card').first()).toBeVisible();

  // The seat step: the map is drawn by Pixi in a worker under the same policy.
  await page.goto(`/order/${show!.id}?language=en`);
  await expect(page.getByTestId('seat-map-canvas')).toBeVisible();
  await expect.poll(() => canvasColours(page), { timeout: 15_000 }).toBeGreaterThan(4);

  for (const [path, ready] of [
    ['/customer-area?language=en', 'login-panel'],
    ['/dev/sms-outbox?language=en', 'sms-outbox'],
    ['/preview?language=en', null],
    ['/no/such/page?language=en', null],
    ['/edocument/not-a-document?language=en', null],
  ] as const) {
    await page.goto(path);
    if (ready) await expect(page.getByTestId(ready).first()).toBeAttached();
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  // The API's own documentation page (Swagger UI) under the same policy.
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui').first()).toBeVisible();
  expect(violations).toEqual([]);
  // Reports travel in the background; one would arrive within a second.
  await page.waitForTimeout(1000);
  expect(await reported(request)).toBe(before);
});
