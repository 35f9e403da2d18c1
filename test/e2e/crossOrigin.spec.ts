import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 32: a page on another origin of the same site (here another port of 127.0.0.1, as a venue's blog
 * on a sibling subdomain would be) gets the customer's SameSite=Strict cookie on its requests to the
 * box office. Its auto-submitting form must not cancel the customer's order or end their session, and
 * its scripts cannot call the API either; the shop itself still can.
 */

const CUSTOMERS = [
  { email: 'dana@example.com', password: 'dana-demo-2026' },
  { email: 'avi@example.com', password: 'avi-demo-2026' },
];

let foreign: Server;
let foreignOrigin = '';
const pages = new Map<string, string>();

test.beforeAll(async () => {
  foreign = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(pages.get(req.url ?? '') ?? '<!doctype html><title>blog</title>');
  });
  await new Promise<void>((done) => foreign.listen(0, '127.0.0.1', done));
  foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((done) => foreign.close(() => done())));

/** A customer logged in, with a reservation the personal area lets them cancel. */
async function customerWithCancellable(page: Page): Promise<string> {
  for (const who of CUSTOMERS) {
    expect((await page.request.post('/api/customer/login', { data: who })).status()).toBe(200);
    const res = await page.request.get('/api/customer-area/reservations');
    const { upcoming } = (await res.json()) as {
      upcoming: { reservationIdentifier: string; canCancel: boolean }[];
    };
    const mine = upcoming.find((r) => r.canCancel);
    if (mine) return mine.reservationIdentifier;
  }
  throw new Error('no demo customer has a reservation left to cancel');
}

async function stillCancellable(page: Page, id: string): Promise<boolean> {
  const res = await page.request.get('/api/customer-area/reservations');
  expect(res.status()).toBe(200); // still logged in
  const { upcoming } = (await res.json()) as {
    upcoming: { reservationIdentifier: string; canCancel: boolean }[];
  };
  return upcoming.some((r) => r.reservationIdentifier === id && r.canCancel);
}

test('a form on another origin of the site cannot cancel an order or log the customer out', async ({
  page,
  baseURL,
}) => {
  await page.goto('/?language=en');
  const id = await customerWithCancellable(page);

  for (const [path, target] of [
    ['/cancel', `${baseURL}/api/reservations/${id}/cancel`],
    ['/logout', `${baseURL}/api/customer/logout`],
  ] as const) {
    pages.set(
      path,
      `<!doctype html><title>win a prize</title><body>
       <form method="post" action="${target}" enctype="text/plain"><input name="x" value="1"></form>
       <script>document.forms[0].submit()</script></body>`,
    );
    const answer = page.waitForResponse((r) => r.url() === target);
    await page.goto(`${foreignOrigin}${path}`);
    const res = await answer;
    // The box office saw the session cookie (SameSite=Strict does not stop a same-site origin) and refused.
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'cross_origin_refused' });
  }

  // A script there cannot send JSON with the cookie either: the box office grants no CORS preflight.
  const scripted = await page.evaluate(async (url) => {
    try {
      const r = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return r.status;
    } catch {
      return 'blocked';
    }
  }, `${baseURL}/api/reservations/${id}/cancel`);
  expect(scripted).toBe('blocked');

  expect(await stillCancellable(page, id)).toBe(true);

  // The shop's own page still logs out (an empty JSON body from its own origin).
  await page.goto('/customer-area?language=en');
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-panel')).toBeVisible();
  expect((await page.request.get('/api/customer-area/reservations')).status()).toBe(401);
});
