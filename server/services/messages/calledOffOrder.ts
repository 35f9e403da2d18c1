import type { Kysely } from 'kysely';
import { type LocalizedText, LocaleSchema } from '../../../src/api/contract/common.ts';
import { pickText } from '../../../src/domain/format.ts';
import type { Database } from '../../db/types.ts';
import type { CalledOffOrder } from './renderChanges.ts';

/**
 * A cancelled order of a called-off presentation, as its message tells it: the presentation (the one
 * named, else the order's called-off one), what went back to its payments and what the box office gives
 * back in cash (payments without an acquirer's reference).
 */
export async function calledOffOrder(
  db: Kysely<Database>,
  rid: string,
  presentationId: number | null,
): Promise<CalledOffOrder> {
  const o = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.locale', 'o.refund_amount', 'o.currency_code', 'c.first_name', 'c.last_name'])
    .where('o.reservation_identifier', '=', rid)
    .executeTakeFirstOrThrow();
  const locale = LocaleSchema.catch('he').parse(o.locale);
  let q = db
    .selectFrom('order_tickets as t')
    .innerJoin('presentations as p', 'p.id', 't.presentation_id')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .select(['f.title_json', 'p.starts_at'])
    .where('t.reservation_identifier', '=', rid);
  q =
    presentationId === null
      ? q.where('p.called_off_at', 'is not', null)
      : q.where('p.id', '=', presentationId);
  const show = await q.executeTakeFirstOrThrow();
  const cash = await db
    .selectFrom('order_payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('n'))
    .where('reservation_identifier', '=', rid)
    .where('status', '=', 'approved')
    .where('method', '!=', 'voucher')
    .where('provider_ref', 'is', null)
    .executeTakeFirst();
  const refund = Number(o.refund_amount ?? 0);
  const atCounter = Math.min(refund, Number(cash?.n ?? 0));
  return {
    reservationIdentifier: rid,
    locale,
    customerName: [o.first_name, o.last_name].filter(Boolean).join(' '),
    title: pickText(JSON.parse(show.title_json) as LocalizedText, locale),
    startsAt: new Date(Number(show.starts_at)).toISOString(),
    currency: o.currency_code,
    refunded: refund - atCounter,
    atCounter,
  };
}
