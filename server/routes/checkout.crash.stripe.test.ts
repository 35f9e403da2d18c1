import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStripe, startLocalStripe } from '../services/payments/stripe/local/server.ts';
import { commit, paymentStatus, seatCart, ticketGroupsOf } from '../testing/checkout.ts';
import { lockAll } from '../testing/checkoutScenarios.ts';
import { findPresentation, plainFreeSeats } from '../testing/fixtures.ts';
import { dialects, type TestDialect, visitor } from '../testing/harness.ts';
import { BoxOffices } from '../testing/processes.ts';

/**
 * The kill test with the Stripe adapter (issue 38): Stripe charges the card, its answer never reaches the
 * box office, and the process is killed (SIGKILL). Restarted on the same data, the reconciler finds the
 * PaymentIntent by the payment's reference (Stripe's search) and confirms the order: no money without an
 * order, and no second charge.
 */
describe.each(dialects)('a box office killed while Stripe charges, on %s', (dialect: TestDialect) => {
  const offices = new BoxOffices(dialect);
  let local: LocalStripe;
  const dir = mkdtempSync(join(tmpdir(), 'stripe-crash-'));
  beforeAll(async () => {
    local = await startLocalStripe();
  });
  afterEach(() => offices.stop());
  afterAll(async () => {
    await local?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('confirms the order after a restart from the charge Stripe made', async () => {
    const settings = join(dir, `settings-${dialect}.json`);
    writeFileSync(settings, JSON.stringify({ payment: { provider: 'stripe' } }));
    const env = offices.place({
      SETTINGS_FILE: settings,
      STRIPE_SECRET_KEY: 'sk_test_crash',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_crash',
      STRIPE_WEBHOOK_SECRET: 'whsec_crash',
      STRIPE_API_URL: local.url,
    });
    const first = await offices.start(env);
    const db = await offices.connect(env);
    const movie = await findPresentation(
      first.app,
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
    );
    const seats = (await plainFreeSeats(first.app, movie)).filter((s) => s.ticketGroupId === 1).slice(0, 2);
    const me = visitor();
    await lockAll(first.app, me, movie, seats);
    const token = await fetch(`${local.url}/v1/confirmation_tokens`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_crash', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '4242424242424242',
      }),
    }).then(async (r) => ((await r.json()) as { id: string }).id);
    const body = seatCart(movie, await ticketGroupsOf(first.app, movie), seats);
    delete body.cart.creditcardInfo;
    body.cart.cardToken = token;
    // Stripe charges the card; its answer never comes back (the box office is killed meanwhile).
    local.dropNextAnswer(1);
    const inFlight = commit(first.app, me, crypto.randomUUID(), body).then(
      () => 'answered',
      () => 'cut off',
    );
    const charged = () =>
      [...local.ledger.intents.values()].find(
        (pi) =>
          pi.status === 'succeeded' && pi.payment_method !== null && pi.metadata.reference?.startsWith('pay'),
      );
    await expect.poll(charged, { timeout: 15_000, interval: 20 }).toBeDefined();
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await inFlight).toBe('cut off');
    const payment = await db.kysely
      .selectFrom('order_payments')
      .select(['reservation_identifier', 'provider_ref'])
      .where('id', '=', charged()!.metadata.reference!)
      .executeTakeFirstOrThrow();
    expect(payment.provider_ref).toBeNull();
    const rid = payment.reservation_identifier;

    const second = await offices.start(env);
    const state = () =>
      db.kysely
        .selectFrom('orders')
        .select('state')
        .where('reservation_identifier', '=', rid)
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await state()).state, { timeout: 30_000, interval: 200 }).toBe('paid');
    expect((await paymentStatus(second.app, me, rid)).json()).toMatchObject({ status: 'completed' });
    // Found by its reference, and charged once.
    expect(local.requests.some((r) => r.path === '/v1/payment_intents/search')).toBe(true);
    const intents = [...local.ledger.intents.values()].filter(
      (pi) => pi.metadata.reference === charged()!.metadata.reference,
    );
    expect(intents).toHaveLength(1);
    expect(intents[0]!.refunded).toBe(0);
  }, 60_000);
});
