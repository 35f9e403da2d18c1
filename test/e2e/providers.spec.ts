import { type ChildProcess, spawn } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { E2E_AUTH_SECRET } from './visitors.ts';
import { cinemaShows, fillCustomer, logInFromHeader, plainFreeSeats, shot, toPayment } from './helpers.ts';

/**
 * The shop with the real providers' adapters (issue 38), against local servers in Stripe's and PayPal's
 * wire formats: a box office of its own (scripts/start-with-local-providers.ts), beside the lane's. The
 * card is typed into Stripe's fields in a frame of Stripe's origin, and no request the box office
 * receives carries the card number; PayPal goes through PayPal's REST API and its approval page.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173) + 40;
const BASE = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = spawn(process.execPath, ['scripts/start-with-local-providers.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      LOG_LEVEL: 'warn',
      E2E_DATA_DIR: `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}-stripe`,
      AUTH_SECRET: E2E_AUTH_SECRET,
      LIMIT_SMS_PER_15MIN_PER_NUMBER: '1000000',
      LIMIT_SMS_PER_15MIN_PER_ADDRESS: '1000000',
      SETTINGS_FILE: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(
      () =>
        fetch(`${BASE}/api/session`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 80_000 },
    )
    .toBe(true);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

/** Every request body the box office received from this page. */
function watchBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(BASE)) bodies.push(`${r.url()} ${r.postData() ?? ''}`);
  });
  return bodies;
}

async function typeCard(page: Page, number: string) {
  const fields = page.frameLocator('[data-testid="provider-card-fields"] iframe');
  await fields.locator('input[name=number]').fill(number);
  await fields.locator('input[name=expiry]').fill('12 / 30');
  await fields.locator('input[name=cvc]').fill('123');
}

test('Stripe: a card with 3-D Secure, saved, then paid with again; the card never reaches the box office (en)', async ({
  page,
  request,
}) => {
  // Two orders, each through 3-D Secure.
  test.setTimeout(75_000);
  const bodies = watchBodies(page);
  await logInFromHeader(page, 'en', '052-7654321', 'Avi');
  const [first, second] = (await cinemaShows(request, 12)).slice(2, 4);
  await toPayment(page, 'en', first!, (await plainFreeSeats(request, first!)).slice(0, 1));
  await page.getByTestId('terms').check();
  // Stripe's own fields, in a frame of Stripe's origin; the shop's card form is not there.
  await expect(page.locator('input[name=cardnumber]')).toHaveCount(0);
  await page.getByTestId('save-card').check();
  await typeCard(page, '4000 0027 6000 3184');
  await shot(page, 'stripe-card-fields-en.png');
  await page.getByTestId('pay').click();
  // The issuer's 3-D Secure page in the shop's secure-payment frame.
  const challenge = page.frameLocator('[data-testid="challenge-frame"]');
  await expect(challenge.getByTestId('stripe-3ds-complete')).toBeVisible();
  await shot(page, 'stripe-3ds-en.png', false);
  await challenge.getByTestId('stripe-3ds-complete').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-payment')).toContainText('3184');

  await toPayment(page, 'en', second!, (await plainFreeSeats(request, second!)).slice(0, 1));
  await page.getByTestId('terms').check();
  await page.getByTestId('method-savedCard').click();
  await page.getByTestId('open-saved-cards').click();
  await page
    .getByTestId('saved-card-dialog')
    .getByRole('radio', { name: /ending 3184/ })
    .first()
    .click();
  await page.getByTestId('use-saved-card').click();
  await page.getByTestId('pay').click();
  // As above: the issuer's page shown before it is clicked (a click into a loading frame can be lost).
  const again = page.frameLocator('[data-testid="challenge-frame"]').getByTestId('stripe-3ds-complete');
  await expect(again).toBeVisible();
  await again.click();
  await expect(page.getByTestId('confirmation')).toBeVisible();

  expect(bodies.length).toBeGreaterThan(10);
  for (const body of bodies) expect(body.replace(/\D/g, '')).not.toContain('4000002760003184');
});

test('Stripe Checkout: the card typed on Stripe’s page, the order complete back in the shop (he, phone)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const show = (await cinemaShows(request, 12))[5]!;
  await toPayment(page, 'he', show, (await plainFreeSeats(request, show)).slice(0, 1));
  await fillCustomer(page);
  await shot(page, 'stripe-card-fields-he-phone.png');
  await page.getByTestId('method-redirect').click();
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.locator('input[name="card[number]"]').fill('4242 4242 4242 4242');
  await page.getByTestId('stripe-checkout-pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-payment')).toContainText('4242');
});

test('PayPal by its REST API beside Stripe: approved on PayPal’s page, the order complete back in the shop (he)', async ({
  page,
  request,
}) => {
  const show = (await cinemaShows(request, 12))[6]!;
  await toPayment(page, 'he', show, (await plainFreeSeats(request, show)).slice(0, 1));
  await fillCustomer(page);
  await page.getByTestId('method-paypal').click();
  await page.getByTestId('pay').click();
  // PayPal's own page (the payer-action link of the order the box office created), not the sandbox's.
  await page.waitForURL(/\/checkoutnow\?token=/);
  expect(page.url()).not.toContain('/sandbox/');
  await page.getByTestId('paypal-local-pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await expect(page.getByTestId('confirmation-payment')).toContainText('PayPal');
});
