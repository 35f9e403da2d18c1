import type {
  ExchangeAnswer,
  ExchangeQuote,
  ExchangeRequest,
  ExchangeSelection,
} from '../../../../src/api/contract/orderChanges.ts';
import { CommitCartSchema } from '../../../../src/api/contract/order.ts';
import { AppError } from '../../../errors.ts';
import { audit } from '../../audit/log.ts';
import { opaqueId } from '../../checkout/ids.ts';
import { type SeatLines, seatTickets } from '../../checkout/lines/seatTickets.ts';
import type { CheckoutContext, OrderRef, Trx } from '../../checkout/lines/types.ts';
import { sendRefunds } from '../../checkout/payments/refunds.ts';
import { recordCounterPayments } from '../../counter/payments.ts';
import { queueOrderMessages } from '../../messages/queue.ts';
import { type ChangeCaller, type ChangeDeps, type OrderRow, orderForChange } from './deps.ts';
import { type GiveBackPlan, giveBack, planGiveBack } from './giveBack.ts';
import { loadTaken, type TakenLines, takeBack } from './takeBack.ts';

interface Exchange {
  order: OrderRow;
  taken: TakenLines;
  ctx: CheckoutContext;
  lines: SeatLines;
  oldValue: number;
  newValue: number;
  plan: GiveBackPlan | null;
}

/**
 * An exchange read and checked in the caller's transaction: the tickets are valid seat tickets of the
 * order, all of one presentation; the new presentation shows the same feature; the new seats go through
 * the checkout's own seat line (held by the clerk's visitor, on sale, the seat and ticket rules, prices
 * from the box office), so an exchange can never sell what a sale could not.
 */
async function decide(
  trx: Trx,
  deps: ChangeDeps,
  order: OrderRow,
  sel: ExchangeSelection,
  visitor: string,
  staffUsername: string | null,
): Promise<Exchange> {
  const rid = order.reservation_identifier;
  if (order.state !== 'paid')
    throw new AppError('order_not_refundable', `the order is ${order.state}: nothing to exchange`, {
      state: order.state,
    });
  const taken = await loadTaken(trx, rid, { tickets: sel.tickets, products: [] });
  for (const t of taken.tickets)
    if (t.kind !== 'seat')
      throw new AppError(
        'order_line_not_refundable',
        `ticket ${t.ticket_identifier} has no seat to exchange`,
        {
          ticket: t.ticket_identifier,
        },
      );
  const from = [...new Set(taken.tickets.map((t) => t.presentation_id))];
  if (from.length !== 1)
    throw new AppError('formValidation', 'exchange the tickets of one presentation at a time', {
      field: 'tickets',
    });
  const shows = await trx
    .selectFrom('presentations')
    .select(['id', 'feature_id'])
    .where('id', 'in', [from[0]!, sel.presentationId])
    .execute();
  const to = shows.find((p) => p.id === sel.presentationId);
  if (!to) throw new AppError('event_not_found', `presentation ${sel.presentationId} does not exist`);
  if (to.feature_id !== shows.find((p) => p.id === from[0])!.feature_id)
    throw new AppError(
      'exchange_not_same_feature',
      'an exchange goes to a presentation of the same feature',
      {
        presentationId: sel.presentationId,
      },
    );
  const now = deps.clock.now();
  const ctx: CheckoutContext = {
    now,
    visitor,
    accountId: null,
    settings: deps.settings,
    maxSeatsPerTransaction: deps.maxSeatsPerTransaction,
    paymentWindowMs: deps.paymentWindowMs,
    authSecret: deps.authSecret,
    isHold: false,
    presentations: new Map(),
    origin: { address: '', userAgent: null, staffUsername },
    saleLocks: deps.saleLocks,
  };
  const cart = CommitCartSchema.parse({
    customerInfo: {},
    seats: sel.seats.map((s) => ({
      pi: to.id,
      si: s.section,
      x: s.x,
      y: s.y,
      tg: s.tg,
      ticketId: s.ticketId,
    })),
  });
  const lines = (await seatTickets.validate(trx, ctx, cart))!;
  const oldValue = taken.tickets.reduce((s, t) => s + t.price + t.addons + t.service_charge, 0);
  const newValue = lines.totals.tickets + lines.totals.addons + lines.totals.serviceCharge;
  const plan = newValue < oldValue ? await planGiveBack(trx, rid, oldValue - newValue) : null;
  return { order, taken, ctx, lines, oldValue, newValue, plan };
}

function quoteOf(x: Exchange): ExchangeQuote {
  return {
    reservationIdentifier: x.order.reservation_identifier,
    oldValue: x.oldValue,
    newValue: x.newValue,
    difference: x.newValue - x.oldValue,
    parts: x.plan?.parts ?? [],
    atCounter: x.plan?.atCounter ?? 0,
    currency: x.order.currency_code,
  };
}

/** POST /api/admin/orders/{id}/exchange-quote: what an exchange would cost or give back; nothing changes. */
export async function quoteExchange(
  deps: ChangeDeps,
  rid: string,
  sel: ExchangeSelection,
  visitor: string,
): Promise<ExchangeQuote> {
  return deps.db.transaction().execute(async (trx) => {
    const order = await orderForChange(trx, rid, false);
    return quoteOf(await decide(trx, deps, order, sel, visitor, null));
  });
}

/**
 * POST /api/admin/orders/{id}/exchanges: in one transaction under the order's lock, the new seats are
 * sold to the order (the checkout's seat line reserves and fulfils them), and only then the old seats
 * are freed and their tickets cancelled; the difference is taken at the counter (exactly, by the clerk's
 * payments) or given back to the order's payments as a refund is. The acquirer is called after.
 */
export async function exchangeTickets(
  deps: ChangeDeps,
  caller: ChangeCaller,
  rid: string,
  req: ExchangeRequest,
  visitor: string,
): Promise<ExchangeAnswer> {
  const { answer, toSend } = await deps.db.transaction().execute(async (trx) => {
    const order = await orderForChange(trx, rid, true);
    const x = await decide(trx, deps, order, req, visitor, caller.clerk?.username ?? null);
    const now = x.ctx.now;
    const adjustmentId = opaqueId('adj');
    const before = await trx
      .selectFrom('order_tickets')
      .select('ticket_identifier')
      .where('reservation_identifier', '=', rid)
      .execute();
    // The new seats are sold under the clerk's hold, in the name of the order.
    const ref: OrderRef = { reservationIdentifier: rid, visitor, isHold: false, holdDeadline: null };
    await seatTickets.reserve(trx, x.ctx, ref, x.lines);
    await seatTickets.fulfil(trx, now, ref);
    const known = new Set(before.map((t) => t.ticket_identifier));
    const created = (
      await trx
        .selectFrom('order_tickets')
        .select('ticket_identifier')
        .where('reservation_identifier', '=', rid)
        .execute()
    )
      .map((t) => t.ticket_identifier)
      .filter((id) => !known.has(id));
    await trx
      .updateTable('order_tickets')
      .set({ adjustment_id: adjustmentId })
      .where('ticket_identifier', 'in', created)
      .execute();
    await takeBack(trx, rid, x.taken, adjustmentId, now);
    // The customer gets the order again, with the new tickets.
    await queueOrderMessages(trx, rid, 'confirmation', now, { again: true });

    const difference = x.newValue - x.oldValue;
    let change = 0;
    if (difference > 0) {
      if (!caller.clerk)
        throw new AppError('counter_clerk_only', 'the difference is taken at the counter by a clerk');
      ({ change } = await recordCounterPayments(
        trx,
        { reservationIdentifier: rid, due: difference },
        req.payments ?? [],
        caller.clerk,
        now,
        true,
      ));
    } else if (req.payments?.length)
      throw new AppError('counter_payment_mismatch', 'nothing is due for this exchange', {
        due: 0,
        paid: req.payments.reduce((s, p) => s + p.amount, 0),
      });
    const toSend = x.plan ? await giveBack(trx, rid, x.plan, caller.clerk, adjustmentId, now) : [];

    const oldPrices = x.taken.tickets.reduce((s, t) => s + t.price, 0);
    const oldAddons = x.taken.tickets.reduce((s, t) => s + t.addons, 0);
    const oldCharges = x.taken.tickets.reduce((s, t) => s + t.service_charge, 0);
    await trx
      .updateTable('orders')
      .set({
        tickets_total: order.tickets_total - oldPrices + x.lines.totals.tickets,
        addons_total: order.addons_total - oldAddons + x.lines.totals.addons,
        service_charge_total: order.service_charge_total - oldCharges + x.lines.totals.serviceCharge,
        total: order.total + difference,
        ...(difference < 0 ? { refund_amount: (order.refund_amount ?? 0) - difference } : {}),
      })
      .where('reservation_identifier', '=', rid)
      .execute();
    const detail = {
      from: x.taken.tickets[0]!.presentation_id,
      to: req.presentationId,
      tickets: x.taken.tickets.map((t) => t.ticket_identifier),
      newTickets: created,
      parts: x.plan?.parts ?? [],
    };
    await trx
      .insertInto('order_adjustments')
      .values({
        id: adjustmentId,
        reservation_identifier: rid,
        kind: 'exchange',
        at: now,
        actor_kind: caller.actor.kind,
        actor_id: caller.actor.id,
        actor_name: caller.actor.name,
        reason: req.reason,
        fee: 0,
        fee_waived_reason: null,
        refund: Math.max(0, -difference),
        charge: Math.max(0, difference),
        detail_json: JSON.stringify(detail),
      })
      .execute();
    await audit(
      trx,
      caller.actor,
      {
        action: 'order.exchange',
        objectType: 'order',
        objectId: rid,
        before: { total: order.total, presentationId: detail.from, tickets: detail.tickets },
        after: { total: order.total + difference, ...detail, reason: req.reason },
      },
      now,
    );
    return { answer: { ...quoteOf(x), adjustmentId, tickets: created, change }, toSend };
  });
  await sendRefunds(deps.db, deps.provider, toSend, () => deps.clock.now(), deps.log);
  return answer;
}
