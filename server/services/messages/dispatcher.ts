import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { LocaleSchema } from '../../../src/api/contract/common.ts';
import type { Database } from '../../db/types.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { SmsSender } from '../customers/sms.ts';
import { loadOrderDocument } from '../orders/documents.ts';
import type { MailSender } from './mail.ts';
import { claimDue, markFailed, markSent } from './queue.ts';
import { runPeriodically } from '../periodic.ts';
import { type RenderedMessage, renderCancellation, renderConfirmation } from './render.ts';
import { calledOffOrder } from './calledOffOrder.ts';
import { loadGiftMessage, renderGift } from './gift.ts';
import { renderCalledOff, renderMoved } from './renderChanges.ts';
import type { MessageKind } from '../../db/messageTables.ts';

export interface MessengerDeps {
  db: Kysely<Database>;
  mail: MailSender;
  sms: SmsSender;
  now: () => number;
  publicUrl: string;
  log?: FastifyBaseLogger;
}

/**
 * Sends the order messages that are due, outside any transaction: each is claimed first, rendered
 * from the order as it stands, sent, then marked sent; a failure is retried later with a growing wait.
 * A crash between sending and marking sends it again once its claim lapses; the senders keep one copy
 * per message id, so the outboxes never show it twice.
 */
export async function sendDueMessages(d: MessengerDeps): Promise<{ sent: number; failed: number }> {
  const claimed = await claimDue(d.db, d.now());
  let sent = 0;
  let failed = 0;
  for (const m of claimed) {
    try {
      const r = await render(d, m);
      if (m.channel === 'email')
        await d.mail.send({
          id: m.id,
          to: m.to_address,
          subject: r.subject,
          text: r.text,
          html: r.html,
          ics: r.ics,
        });
      else await d.sms.send(m.to_address, r.sms, m.id);
      await markSent(d.db, m.id, d.now());
      sent++;
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      failed++;
      d.log?.warn(
        { err, messageId: m.id, channel: m.channel },
        'an order message could not be sent; retrying later',
      );
      await markFailed(d.db, m.id, m.attempts, err instanceof Error ? err.message : String(err), d.now());
    }
  }
  return { sent, failed };
}

async function render(
  d: MessengerDeps,
  m: { kind: MessageKind; reservation_identifier: string; presentation_id: number | null },
): Promise<RenderedMessage> {
  const rid = m.reservation_identifier;
  switch (m.kind) {
    case 'cancellation':
      return renderCancellation(await cancelledOrder(d.db, rid));
    case 'called_off':
      return renderCalledOff(await calledOffOrder(d.db, rid, m.presentation_id));
    case 'moved':
      return renderMoved(await confirmedOrder(d.db, rid, d.now()), m.presentation_id, d.publicUrl, d.now());
    case 'gift':
      return renderGift(await loadGiftMessage(d.db, rid), d.publicUrl);
    default:
      return renderConfirmation(await confirmedOrder(d.db, rid, d.now()), d.publicUrl, d.now());
  }
}

async function confirmedOrder(db: Kysely<Database>, rid: string, now: number) {
  const doc = await loadOrderDocument(db, { reservationIdentifier: rid }, now);
  if (!doc) throw new Error('the order is no longer paid or held');
  return doc;
}

async function cancelledOrder(db: Kysely<Database>, rid: string) {
  const o = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.locale', 'c.first_name', 'c.last_name'])
    .where('o.reservation_identifier', '=', rid)
    .executeTakeFirstOrThrow();
  return {
    reservationIdentifier: rid,
    locale: LocaleSchema.catch('he').parse(o.locale),
    customerName: [o.first_name, o.last_name].filter(Boolean).join(' '),
  };
}

/** Sends due messages every `intervalMs` (and once at start); the timer never keeps the process alive. */
export function startMessenger(d: MessengerDeps, intervalMs: number): { stop(): void } {
  return runPeriodically(
    'sending order messages',
    intervalMs,
    async () => {
      await sendDueMessages(d);
    },
    d.log,
  );
}
