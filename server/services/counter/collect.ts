import { type Kysely, sql } from 'kysely';
import type { CollectAnswer, CollectableHold } from '../../../src/api/contract/counterShifts.ts';
import type { CounterPayment } from '../../../src/api/contract/counter.ts';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import { normalizeIsraeliMobile } from '../../../src/domain/validation.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type Actor, audit } from '../audit/log.ts';
import { lineKinds } from '../checkout/lines/index.ts';
import { CannotFulfil } from '../checkout/lines/types.ts';
import { loadOrder, refOf } from '../checkout/settle.ts';
import { queueOrderMessages } from '../messages/queue.ts';
import { recordCounterPayments } from './payments.ts';
import type { Clerk } from './shifts.ts';

type Db = Kysely<Database>;

/** Holds listed at once: the counter searches for the one in front of it. */
const MAX_HOLDS = 50;

/**
 * Hold orders still to collect (held, their deadline not passed), newest first; `q` narrows them to a
 * reservation number (or its start), a name, a mobile number in any spelling (compared as
 * customers.mobile_key keeps it) or an e-mail (or its start).
 */
export async function collectableHolds(
  db: Db,
  q: string | undefined,
  now: number,
): Promise<CollectableHold[]> {
  let sel = db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.reservation_identifier',
      'o.created_at',
      'o.hold_deadline',
      'o.total',
      'c.first_name',
      'c.last_name',
      'c.mobile_number',
      'c.email',
    ])
    .where('o.state', '=', 'held')
    .where('o.hold_deadline', '>', now);
  const text = q?.trim() ?? '';
  if (text) {
    const rid = text.toUpperCase().replace(/\s/g, '');
    const byRid = /^[A-Z0-9]{3,20}$/.test(rid);
    const mobile = normalizeIsraeliMobile(text);
    const byEmail = text.includes('@');
    // LIKE's own wildcards are taken out of a typed name; lower() on both sides: PostgreSQL's LIKE minds case.
    const name = text.toLowerCase().replace(/[%_\\]/g, '');
    const byName = name.length >= 2;
    if (!byRid && !mobile && !byEmail && !byName) return [];
    sel = sel.where((eb) =>
      eb.or([
        ...(byRid ? [eb('o.reservation_identifier', 'like', `${rid}%`)] : []),
        ...(mobile ? [eb('c.mobile_key', '=', mobile)] : []),
        ...(byEmail ? [eb('c.email_key', 'like', `${name}%`)] : []),
        ...(byName
          ? [
              eb(
                sql<string>`lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))`,
                'like',
                `%${name}%`,
              ),
            ]
          : []),
      ]),
    );
  }
  const orders = await sel
    .orderBy('o.created_at', 'desc')
    .orderBy('o.reservation_identifier', 'desc')
    .limit(MAX_HOLDS)
    .execute();
  if (orders.length === 0) return [];
  const rids = orders.map((o) => o.reservation_identifier);
  const [tickets, addons, products] = await Promise.all([
    db
      .selectFrom('order_tickets as t')
      .innerJoin('presentations as p', 'p.id', 't.presentation_id')
      .innerJoin('features as f', 'f.id', 'p.feature_id')
      .select([
        't.reservation_identifier',
        't.ticket_identifier',
        't.presentation_id',
        't.section_name',
        't.row_name',
        't.seat_name',
        't.price',
        't.service_charge',
        'p.starts_at',
        'f.title_json',
      ])
      .where('t.reservation_identifier', 'in', rids)
      .where('t.state', '=', 'valid')
      .orderBy('t.reservation_identifier')
      .orderBy('t.sort')
      .execute(),
    db
      .selectFrom('order_ticket_addons')
      .select(['ticket_identifier', (eb) => eb.fn.sum<number | string>('price').as('price')])
      .where('reservation_identifier', 'in', rids)
      .groupBy('ticket_identifier')
      .execute(),
    db
      .selectFrom('order_products as op')
      .innerJoin('products as pr', 'pr.id', 'op.product_id')
      .select(['op.reservation_identifier', 'op.quantity', 'op.unit_price', 'pr.name_json'])
      .where('op.reservation_identifier', 'in', rids)
      .orderBy('op.product_id')
      .execute(),
  ]);
  const addonOf = new Map(addons.map((a) => [a.ticket_identifier, Number(a.price)]));
  const iso = (ms: number) => new Date(Number(ms)).toISOString();
  return orders.map((o) => ({
    reservationIdentifier: o.reservation_identifier,
    customerName: [o.first_name, o.last_name].filter(Boolean).join(' '),
    mobileNumber: o.mobile_number,
    email: o.email,
    createdAt: iso(o.created_at),
    holdDeadline: iso(o.hold_deadline!),
    total: o.total,
    tickets: tickets
      .filter((t) => t.reservation_identifier === o.reservation_identifier)
      .map((t) => ({
        presentationId: t.presentation_id,
        title: JSON.parse(t.title_json) as LocalizedText,
        startsAt: iso(t.starts_at),
        section: t.section_name,
        row: t.row_name,
        seat: t.seat_name,
        price: t.price + t.service_charge + (addonOf.get(t.ticket_identifier) ?? 0),
      })),
    products: products
      .filter((p) => p.reservation_identifier === o.reservation_identifier)
      .map((p) => ({
        name: JSON.parse(p.name_json) as LocalizedText,
        quantity: p.quantity,
        unitPrice: p.unit_price,
      })),
  }));
}

export interface CollectDeps {
  db: Db;
  clock: Clock;
  /** Holds close this long before the first show (the settings'); said in hold_deadline_passed. */
  holdMinutesBeforeEvent: number;
}

/**
 * A clerk collects a hold order: the customer pays at the counter and the order becomes a paid one, in
 * ONE transaction under the order's row lock, so two clerks (or a retried request) collect it once.
 * Refused with hold_deadline_passed after its deadline (its seats may be anyone's by then),
 * hold_already_collected, order_cancelled or hold_not_collectable. The payments are recorded in the
 * clerk's shift, settled at once (gift cards debited); the seats are sold and the tickets stay valid
 * through the same fulfilment as an online order's confirmation, so the seat change feed carries them
 * as sold like any sale. The order keeps its point of sale (a hold is placed online) and records the
 * clerk who sold it; the paid confirmation goes to the customer.
 */
export async function collectHold(
  deps: CollectDeps,
  who: { clerk: Clerk; actor: Actor },
  rid: string,
  payments: readonly CounterPayment[],
): Promise<CollectAnswer> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const order = await loadOrder(trx, rid, true);
      if (order.state !== 'held') {
        if (order.state === 'paid' && order.is_hold === 1)
          throw new AppError('hold_already_collected', 'this hold order was collected already');
        if (order.state === 'cancelled') throw new AppError('order_cancelled', 'the order was cancelled');
        throw new AppError('hold_not_collectable', 'this order is not a hold order to collect', {
          state: order.state,
        });
      }
      if ((order.hold_deadline ?? 0) <= now)
        throw new AppError('hold_deadline_passed', 'the hold was not collected by its deadline', {
          minutes: deps.holdMinutesBeforeEvent,
        });
      const { change, shiftId } = await recordCounterPayments(
        trx,
        { reservationIdentifier: rid, due: order.total },
        payments,
        who.clerk,
        now,
        true,
      );
      // A hold's seat tickets are valid from the start (its documents list them), its seats held and
      // claimed by it until the deadline. They are put back where a pending order's stand (pending
      // tickets, claimed seats) so the confirmation's own fulfilment sells them: every line kind, the
      // same checks (CannotFulfil when a seat is no longer the order's), the same seat events.
      await trx
        .updateTable('order_tickets')
        .set({ state: 'pending' })
        .where('reservation_identifier', '=', rid)
        .where('kind', '=', 'seat')
        .where('state', '=', 'valid')
        .execute();
      const ref = refOf(order);
      for (const kind of lineKinds) await kind.fulfil(trx, now, ref);
      await trx
        .updateTable('orders')
        .set({ state: 'paid', confirmed_at: now, sold_by_staff_id: who.clerk.username })
        .where('reservation_identifier', '=', rid)
        .execute();
      // The hold's own confirmation (pay by the deadline) was queued when it was placed; the paid one is
      // queued anew, about the order's first presentation (a confirmation reads the whole order).
      const first = await trx
        .selectFrom('order_tickets')
        .select('presentation_id')
        .where('reservation_identifier', '=', rid)
        .orderBy('sort')
        .executeTakeFirst();
      if (first)
        await queueOrderMessages(trx, rid, 'confirmation', now, {
          presentationId: first.presentation_id,
          again: true,
        });
      else await queueOrderMessages(trx, rid, 'confirmation', now);
      await audit(
        trx,
        who.actor,
        {
          action: 'order.collect',
          objectType: 'order',
          objectId: rid,
          before: { state: 'held' },
          after: {
            state: 'paid',
            total: order.total,
            shiftId,
            change,
            // Methods and amounts only: a gift card's code is the card itself.
            payments: payments.map((p) => ({
              method: p.method,
              amount: p.amount,
              ...(p.method === 'cardPresent' && p.last4 ? { last4: p.last4 } : {}),
            })),
          },
        },
        now,
      );
      return { reservationIdentifier: rid, state: 'paid' as const, total: order.total, change, shiftId };
    });
  } catch (err) {
    if (err instanceof CannotFulfil)
      throw new AppError('lock_seat_error', 'a seat of the hold is no longer held for it; nothing was taken');
    throw err;
  }
}
