import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { advanceOrder } from '../../services/checkout/settle.ts';
import { checkoutDeps } from '../checkout.ts';

/**
 * A provider's webhook event, once verified: recorded by its id first (an event delivered twice is acted
 * on once), then the order of the payment it names is moved on exactly as a status poll or the reconciler
 * would (settle.ts). Answers whether the provider should deliver it again (the box office could not act).
 */
export async function actOnProviderEvent(
  request: FastifyRequest,
  event: { provider: string; id: string; type: string; paymentId: string | null },
  log: FastifyBaseLogger,
): Promise<'done' | 'again'> {
  const { db, clock } = request.server.deps;
  const inserted = await db.kysely
    .insertInto('provider_events')
    .values({
      provider: event.provider,
      event_id: event.id,
      event_type: event.type,
      received_at: clock.now(),
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return 'done';
  if (!event.paymentId) return 'done';
  const payment = await db.kysely
    .selectFrom('order_payments')
    .select('reservation_identifier')
    .where('id', '=', event.paymentId)
    .executeTakeFirst();
  if (!payment) return 'done';
  try {
    await advanceOrder(checkoutDeps(request.server), payment.reservation_identifier);
  } catch (err) {
    // The order's own outcome (declined, expired, still waiting) is not the webhook's failure.
    if (err instanceof AppError && err.code !== 'errorNoResponse') return 'done';
    log.warn(
      { err, event: event.id },
      'a provider event could not be acted on; the provider will send it again',
    );
    await db.kysely
      .deleteFrom('provider_events')
      .where('provider', '=', event.provider)
      .where('event_id', '=', event.id)
      .execute();
    return 'again';
  }
  return 'done';
}
