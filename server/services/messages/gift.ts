import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Locale, type LocalizedText, LocaleSchema } from '../../../src/api/contract/common.ts';
import { pickText } from '../../../src/domain/format.ts';
import { cleanGiftText } from '../../../src/domain/giftDelivery.ts';
import { VENUE_CURRENCY, VENUE_TIME_ZONE } from '../../../src/domain/venue.ts';
import type { Database } from '../../db/types.ts';
import { dateOnly, money } from '../serverText.ts';
import { GIFT_TEXTS } from './giftTexts.ts';
import { type Block, compose, type RenderedMessage } from './render.ts';

type Db = Kysely<Database>;

/**
 * The e-mail of an order sent as a gift (issue 35): queued with the payment for the instant the buyer's
 * date comes (order_gifts.send_at), so it waits in the database, not in a timer, and survives restarts;
 * the queue sends it once (queue.ts, dispatcher.ts). Withdrawn when the order is cancelled before.
 */
export async function queueGiftMessage(trx: Db, reservationIdentifier: string, now: number): Promise<void> {
  const g = await trx
    .selectFrom('order_gifts')
    .select(['recipient_email', 'send_at'])
    .where('reservation_identifier', '=', reservationIdentifier)
    .executeTakeFirst();
  if (!g) return;
  await trx
    .insertInto('order_messages')
    .values({
      id: randomBytes(12).toString('base64url'),
      reservation_identifier: reservationIdentifier,
      kind: 'gift',
      channel: 'email',
      to_address: g.recipient_email,
      status: 'queued',
      next_attempt_at: Math.max(Number(g.send_at), now),
      created_at: now,
    })
    // Once per order (a second confirmation path queues nothing more).
    .onConflict((oc) => oc.columns(['reservation_identifier', 'kind', 'channel']).doNothing())
    .execute();
}

/** The order was cancelled: a gift not sent yet never goes (kept as failed, with why, for the staff). */
export async function cancelGiftMessage(trx: Db, reservationIdentifier: string, now: number): Promise<void> {
  await trx
    .updateTable('order_messages')
    .set({
      status: 'failed',
      last_error: 'the order was cancelled before the gift was sent',
      next_attempt_at: now,
    })
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('kind', '=', 'gift')
    .where('status', '=', 'queued')
    .execute();
}

export interface GiftMessage {
  locale: Locale;
  recipientName: string;
  from: string;
  message: string;
  cards: { name: LocalizedText; reference: string; balance: number; endDate: string }[];
}

/**
 * The gift as its e-mail tells it, read when it is sent: the order must still be paid, and its gift cards
 * still active (one cancelled meanwhile is left out; none left, and nothing is sent).
 */
export async function loadGiftMessage(db: Db, rid: string): Promise<GiftMessage> {
  const g = await db
    .selectFrom('order_gifts as g')
    .innerJoin('orders as o', 'o.reservation_identifier', 'g.reservation_identifier')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['g.recipient_name', 'g.message', 'g.locale', 'o.state', 'c.first_name', 'c.last_name'])
    .where('g.reservation_identifier', '=', rid)
    .executeTakeFirst();
  if (!g) throw new Error('the order has no gift');
  if (g.state !== 'paid') throw new Error('the order is no longer paid');
  const cards = await db
    .selectFrom('system_vouchers as v')
    .innerJoin('system_voucher_classes as k', 'k.id', 'v.class_id')
    .leftJoin('voucher_offers as o', 'o.id', 'v.offer_id')
    .select(['v.reference', 'v.balance', 'v.end_date', 'k.name_json', 'o.name_json as offer_name_json'])
    .where('v.reservation_identifier', '=', rid)
    .where('v.offer_id', 'is not', null)
    .where('v.state', '=', 'active')
    .where('k.is_stored_value', '=', 1)
    .orderBy('v.reference')
    .execute();
  if (cards.length === 0) throw new Error('the gift cards of the order are no longer active');
  const locale = LocaleSchema.catch('he').parse(g.locale);
  const from = cleanGiftText([g.first_name, g.last_name].filter(Boolean).join(' '), false);
  return {
    locale,
    recipientName: g.recipient_name,
    from: from || GIFT_TEXTS[locale].someone,
    message: g.message,
    cards: cards.map((c) => ({
      // The name it was sold under ("Cinema gift card"), as the buyer's confirmation shows it.
      name: JSON.parse(c.offer_name_json ?? c.name_json) as LocalizedText,
      reference: c.reference,
      balance: c.balance,
      endDate: new Date(Number(c.end_date)).toISOString(),
    })),
  };
}

/**
 * The gift's e-mail: the buyer's name and message (the buyer's own words: every text is escaped in the
 * HTML by `compose`, and was cleaned of control characters when the order took it), each card with its
 * code, worth and last day, and where to spend it.
 */
export function renderGift(g: GiftMessage, publicUrl: string): RenderedMessage {
  const tx = GIFT_TEXTS[g.locale];
  const blocks: Block[] = [
    [{ text: tx.hello(g.recipientName) }],
    [{ text: tx.sent(g.from, g.cards.length) }],
  ];
  if (g.message)
    blocks.push([{ text: tx.wrote(g.from) }, ...g.message.split('\n').map((text) => ({ text }))]);
  for (const c of g.cards)
    blocks.push([
      {
        text: tx.card(
          pickText(c.name, g.locale),
          money(c.balance, g.locale, VENUE_CURRENCY),
          dateOnly(c.endDate, g.locale, VENUE_TIME_ZONE),
        ),
      },
      { text: `${tx.code} ${c.reference}` },
    ]);
  blocks.push([{ text: tx.howTo, link: `${publicUrl}/?language=${g.locale}` }]);
  const { text, html } = compose(blocks, g.locale);
  return { subject: tx.subject(g.from), text, html, ics: null, sms: '' };
}
