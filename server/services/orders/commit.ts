import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Locale } from '../../../src/api/contract/common.ts';
import { VOD_VENUE_TYPES } from '../../../src/api/contract/common.ts';
import type { CommitAnswer, CommitBodySchema, CreditCardInfo } from '../../../src/api/contract/order.ts';
import { seatKey } from '../../../src/api/contract/seatplan.ts';
import type { Settings } from '../../../src/api/contract/session.ts';
import { validateCustomerInfo } from '../../../src/domain/customer.ts';
import { normalizeIsraeliMobile } from '../../../src/domain/validation.ts';
import {
  type SeatTicket,
  allowedPayments,
  checkTickets,
  priceOrder,
  ruleGroupsOf,
} from '../../../src/domain/order/tickets.ts';
import {
  cardLast4,
  isExpiryValid,
  isValidCardNumber,
  isValidCvv,
  isValidIsraeliId,
} from '../../../src/domain/validation.ts';
import type { Dialect } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { assertOnSale, loadTicketGroups } from '../catalogue/presentations.ts';
import { seatNames } from '../catalogue/seatplans.ts';
import { type PaymentProvider, PaymentUnavailableError } from '../payments/provider.ts';
import { loadOrderDocument } from './documents.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface CommitDeps {
  db: Db;
  dialect: Dialect;
  payments: PaymentProvider;
  settings: Settings;
  now: number;
  /** The logged-in customer placing the order, whose personal area lists it. */
  accountId?: string | null;
}

/** A sold seat's hold never lapses. */
const SOLD_FOREVER = 8_640_000_000_000_000;

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function randomId(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ID_ALPHABET[bytes[i]! % ID_ALPHABET.length];
  return out;
}

/** The request's fingerprint for idempotency: the cart without the card number and CVV. */
/** The commit body as the route's schema validation hands it over (defaults applied). */
type ParsedBody = z.output<typeof CommitBodySchema>;

function fingerprint(body: ParsedBody): string {
  const { creditcardInfo, ...cart } = body.cart;
  const card = creditcardInfo
    ? { last4: cardLast4(creditcardInfo.number), expiry: creditcardInfo.expiry }
    : null;
  return createHash('sha256')
    .update(JSON.stringify({ ...cart, card }))
    .digest('hex');
}

function checkCard(card: CreditCardInfo | undefined, now: number): CreditCardInfo {
  if (!card) throw new AppError('field_required', 'card details are required', { field: 'creditcardInfo' });
  if (!isValidCardNumber(card.number))
    throw new AppError('card_number_invalid', 'the card number is not valid', { field: 'number' });
  if (!isExpiryValid(card.expiry, new Date(now)))
    throw new AppError('card_expiry_invalid', 'the card expiry is not valid', { field: 'expiry' });
  if (!isValidCvv(card.cvv)) throw new AppError('card_cvv_invalid', 'the CVV is not valid', { field: 'cvv' });
  if (!isValidIsraeliId(card.holderId))
    throw new AppError('invalid_ssn', "the card holder's ID number is not valid", { field: 'holderId' });
  return card;
}

type Outcome =
  | { kind: 'done'; reservationIdentifier: string }
  | { kind: 'declined'; error: { code: 'errorResponse'; message: string; reason: string } };

/**
 * POST /payment/commit. In one transaction: re-checks that the visitor holds every seat, recomputes
 * every price (client prices are ignored), checks the ticket rules, charges the card, records the
 * order, its tickets, products, customer and payment, and marks the seats sold. The Idempotency-Key
 * makes a repeated or concurrent request answer the first one's outcome; a declined charge is
 * recorded and leaves the seats held and no order.
 */
export async function commitOrder(
  deps: CommitDeps,
  visitor: string,
  idempotencyKey: string,
  body: ParsedBody,
): Promise<CommitAnswer> {
  const print = fingerprint(body);
  const earlier = await replay(deps, visitor, idempotencyKey, print);
  if (earlier) return earlier;

  const problems = validateCustomerInfo(deps.settings.customerInfo.order, body.cart.customerInfo);
  const first = problems[0];
  if (first) throw new AppError(first.code, `customer info: ${first.field}`, { field: first.field });

  let outcome: Outcome;
  let approvedTransaction: string | null = null;
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('commit_attempts')
        .values({
          visitor,
          idempotency_key: idempotencyKey,
          fingerprint: print,
          status: 'pending',
          reservation_identifier: null,
          error_json: null,
          created_at: deps.now,
        })
        .execute();
      return placeOrder(trx, deps, visitor, idempotencyKey, body, (id) => (approvedTransaction = id));
    });
  } catch (err) {
    if (approvedTransaction) await deps.payments.refund(approvedTransaction);
    // A concurrent twin inserted the same key first: answer with its outcome.
    const twin = await replay(deps, visitor, idempotencyKey, print).catch(() => null);
    if (twin) return twin;
    if (err instanceof PaymentUnavailableError)
      throw new AppError('errorNoResponse', 'the card acquirer did not answer; nothing was charged');
    throw err;
  }
  if (outcome.kind === 'declined') {
    throw new AppError('errorResponse', outcome.error.message, { reason: outcome.error.reason });
  }
  return answerFor(deps, outcome.reservationIdentifier);
}

async function replay(
  deps: CommitDeps,
  visitor: string,
  key: string,
  print: string,
): Promise<CommitAnswer | null> {
  const row = await deps.db
    .selectFrom('commit_attempts')
    .selectAll()
    .where('visitor', '=', visitor)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.fingerprint !== print)
    throw new AppError('idempotency_key_reused', 'this Idempotency-Key was used for a different cart');
  if (row.status === 'done' && row.reservation_identifier) return answerFor(deps, row.reservation_identifier);
  if (row.status === 'declined' && row.error_json) {
    const e = JSON.parse(row.error_json) as { message: string; reason: string };
    throw new AppError('errorResponse', e.message, { reason: e.reason });
  }
  throw new AppError('paymentError', 'this payment is still being processed');
}

async function answerFor(deps: CommitDeps, reservationIdentifier: string): Promise<CommitAnswer> {
  const order = await loadOrderDocument(deps.db, { reservationIdentifier });
  if (!order) throw new AppError('order_not_found', 'the order was not recorded');
  const meta = await deps.db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('payments as p', (j) =>
      j.onRef('p.reservation_identifier', '=', 'o.reservation_identifier').on('p.status', '=', 'approved'),
    )
    .select(['c.email', 'o.number_of_payments', 'o.total', 'p.brand', 'p.last4', 'p.approval_code'])
    .where('o.reservation_identifier', '=', reservationIdentifier)
    .executeTakeFirstOrThrow();
  const received = deps.settings.order.orderReceivedUrl;
  return {
    reservationIdentifier,
    ticketIdentifiers: order.tickets.map((t) => t.ticketIdentifier),
    documentKey: order.documentKey,
    order,
    payment: {
      amount: meta.total,
      numberOfPayments: meta.number_of_payments,
      brand: meta.brand,
      last4: meta.last4,
      approvalCode: meta.approval_code,
    },
    email: meta.email,
    orderReceivedUrl: received
      ? `${received}${received.includes('?') ? '&' : '?'}reservation=${encodeURIComponent(reservationIdentifier)}`
      : null,
  };
}

async function placeOrder(
  trx: Trx,
  deps: CommitDeps,
  visitor: string,
  idempotencyKey: string,
  body: ParsedBody,
  onApproved: (transactionId: string) => void,
): Promise<Outcome> {
  const { cart } = body;
  const now = deps.now;
  const pg = deps.dialect === 'postgres';

  // Presentations: on sale, seat-bearing, one auth profile and one business (spec section 5).
  const presentationIds = [...new Set(cart.seats.map((s) => s.pi))].sort((a, b) => a - b);
  const presentations = await trx
    .selectFrom('presentations')
    .selectAll()
    .where('id', 'in', presentationIds)
    .orderBy('id')
    .$if(pg, (q) => q.forUpdate())
    .execute();
  for (const id of presentationIds)
    if (!presentations.some((p) => p.id === id))
      throw new AppError('event_not_found', `presentation ${id} does not exist`);
  if (new Set(presentations.map((p) => p.auth_profile_id)).size > 1)
    throw new AppError('incompatible_auth_profile', 'Incompatible AuthProfile');
  if (new Set(presentations.map((p) => p.business_id)).size > 1)
    throw new AppError('incompatible_business', 'Incompatible Business');
  for (const p of presentations) {
    assertOnSale(p, now);
    if (VOD_VENUE_TYPES.has(p.venue_type_id))
      throw new AppError('formValidation', 'video on demand is not sold as seats');
  }

  // Seats: each once, each held by this visitor now; sold to this visitor already → last commit.
  const keys = new Set<string>();
  for (const s of cart.seats) {
    const k = `${s.pi}:${seatKey(s.si, s.x, s.y)}`;
    if (keys.has(k)) throw new AppError('formValidation', `seat ${k} appears twice in the cart`);
    keys.add(k);
  }
  const holds = await trx
    .selectFrom('seat_holds')
    .selectAll()
    .where('presentation_id', 'in', presentationIds)
    .where('visitor', '=', visitor)
    .$if(pg, (q) => q.forUpdate())
    .execute();
  const holdOf = new Map(holds.map((h) => [`${h.presentation_id}:${seatKey(h.section_id, h.x, h.y)}`, h]));
  for (const s of cart.seats) {
    const h = holdOf.get(`${s.pi}:${seatKey(s.si, s.x, s.y)}`);
    if (h?.state === 'sold') {
      const sold = await trx
        .selectFrom('order_tickets as t')
        .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
        .select('o.reservation_identifier')
        .where('t.presentation_id', '=', s.pi)
        .where('t.section_id', '=', s.si)
        .where('t.x', '=', s.x)
        .where('t.y', '=', s.y)
        .where('t.state', '=', 'valid')
        .where('o.visitor', '=', visitor)
        .executeTakeFirst();
      if (sold)
        throw new AppError('last_commit_error', 'this order was already completed', {
          reservationIdentifier: sold.reservation_identifier,
        });
    }
    if (!h || h.state !== 'held' || h.expires_at <= now)
      throw new AppError('lock_seat_error', 'the seat is no longer available', {
        seat: seatKey(s.si, s.x, s.y),
      });
  }

  // Prices and ticket rules, from the box office's own data.
  const totals = { tickets: 0, serviceCharge: 0, products: 0, total: 0 };
  const pricedSeats: {
    pi: number;
    si: number;
    x: number;
    y: number;
    tg: number;
    ticketId: number;
    price: number;
    serviceCharge: number;
    isSubTicket: boolean;
    names: { section: string; row: string; seat: string };
  }[] = [];
  const productLines: { pi: number; id: number; quantity: number; unitPrice: number }[] = [];
  for (const p of presentations) {
    const seats = cart.seats.filter((s) => s.pi === p.id);
    const planSeats = await trx
      .selectFrom('plan_seats')
      .select(['section_id', 'x', 'y', 'ticket_group_id'])
      .where('seatplan_id', '=', p.seatplan_id)
      .where((eb) =>
        eb.or(seats.map((s) => eb.and([eb('section_id', '=', s.si), eb('x', '=', s.x), eb('y', '=', s.y)]))),
      )
      .execute();
    const groupOf = new Map(planSeats.map((r) => [seatKey(r.section_id, r.x, r.y), r.ticket_group_id]));
    const groups = ruleGroupsOf(await loadTicketGroups(trx, p.id));
    const seatTickets: SeatTicket[] = seats.map((s) => {
      const key = seatKey(s.si, s.x, s.y);
      const tg = groupOf.get(key);
      if (tg === undefined || tg !== s.tg)
        throw new AppError('ticket_not_in_group', `seat ${key} is not of price level ${s.tg}`, { seat: key });
      return { key, ticketGroupId: tg, ticketId: s.ticketId };
    });
    const problem = checkTickets(groups, seatTickets)[0];
    if (problem) {
      const { code, ...params } = problem;
      throw new AppError(code, `ticket rule ${code}`, params as Record<string, string | number>);
    }

    const offered = await trx
      .selectFrom('presentation_products as pp')
      .innerJoin('products as pr', 'pr.id', 'pp.product_id')
      .select(['pr.id', 'pr.price'])
      .where('pp.presentation_id', '=', p.id)
      .execute();
    const quantities = new Map<number, number>();
    for (const line of cart.products.filter((l) => l.presentationId === p.id))
      quantities.set(line.id, (quantities.get(line.id) ?? 0) + line.selectedQuantity);
    const lines = [...quantities].map(([id, quantity]) => {
      const offer = offered.find((o) => o.id === id);
      if (!offer)
        throw new AppError('product_not_offered', `product ${id} is not sold with this presentation`, {
          productId: id,
        });
      if (quantity > 20) throw new AppError('formValidation', `at most 20 of product ${id}`);
      return { pi: p.id, id, quantity, unitPrice: offer.price };
    });
    productLines.push(...lines);

    const priced = priceOrder(
      groups,
      seatTickets,
      p.service_charge,
      lines.map((l) => ({ price: l.unitPrice, quantity: l.quantity })),
    );
    totals.tickets += priced.tickets;
    totals.serviceCharge += priced.serviceCharge;
    totals.products += priced.products;
    totals.total += priced.total;
    const names = await seatNames(trx, p.seatplan_id);
    priced.seats.forEach((ps, i) => {
      const s = seats[i]!;
      pricedSeats.push({
        pi: p.id,
        si: s.si,
        x: s.x,
        y: s.y,
        tg: s.tg,
        ticketId: ps.ticketId,
        price: ps.price,
        serviceCharge: ps.serviceCharge,
        isSubTicket: ps.isSubTicket,
        names: names.get(ps.key) ?? { section: String(s.si), row: '', seat: `${s.x},${s.y}` },
      });
    });
  }
  for (const l of cart.products)
    if (!presentationIds.includes(l.presentationId))
      throw new AppError('product_not_offered', `product ${l.id} belongs to no presentation of the cart`, {
        productId: l.id,
      });

  const maxPayments = allowedPayments(
    totals.total,
    deps.settings.payment.maxNumberOfPayments,
    deps.settings.payment.minAmountPerPayment,
  );
  if (cart.numberOfPayments > maxPayments)
    throw new AppError('number_of_payments_invalid', `at most ${maxPayments} payments`, { max: maxPayments });

  // The charge.
  let payment: {
    transactionId: string;
    brand: string | null;
    last4: string | null;
    approval: string | null;
  } = { transactionId: `free_${randomId(16)}`, brand: null, last4: null, approval: null };
  if (totals.total > 0) {
    const card = checkCard(cart.creditcardInfo, now);
    const result = await deps.payments.charge({
      amount: totals.total,
      currency: 'ILS',
      card,
      numberOfPayments: cart.numberOfPayments,
      reference: `${visitor}:${idempotencyKey}`,
      description: `tickets ${presentationIds.join(',')}`,
    });
    if (!result.approved) {
      const error = {
        code: 'errorResponse' as const,
        message: `cannot perform the transaction: ${result.reason}`,
        reason: result.reason,
      };
      await trx
        .insertInto('payments')
        .values({
          transaction_id: result.transactionId,
          provider: deps.payments.name,
          visitor,
          idempotency_key: idempotencyKey,
          reservation_identifier: null,
          status: 'declined',
          amount: totals.total,
          number_of_payments: cart.numberOfPayments,
          brand: result.brand,
          last4: result.last4,
          approval_code: null,
          decline_reason: result.reason,
          created_at: now,
        })
        .execute();
      await trx
        .updateTable('commit_attempts')
        .set({ status: 'declined', error_json: JSON.stringify(error) })
        .where('visitor', '=', visitor)
        .where('idempotency_key', '=', idempotencyKey)
        .execute();
      return { kind: 'declined', error };
    }
    onApproved(result.transactionId);
    payment = {
      transactionId: result.transactionId,
      brand: result.brand,
      last4: result.last4,
      approval: result.approvalCode,
    };
  }

  // The order.
  const reservationIdentifier = randomId(10);
  const customerId = `c_${randomBytes(12).toString('hex')}`;
  const info = cart.customerInfo;
  const trim = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  await trx
    .insertInto('customers')
    .values({
      id: customerId,
      first_name: trim(info.firstName),
      last_name: trim(info.lastName),
      email: trim(info.email)?.toLowerCase() ?? null,
      mobile_number: trim(info.mobileNumber),
      ssn: trim(info.ssn),
      address1: trim(info.address1),
      address2: trim(info.address2),
      city: trim(info.city),
      postal_code: trim(info.postalCode),
      date_of_birth: info.dateOfBirth ?? null,
      location_id: info.locationId ?? null,
      is_mailing_allowed: info.isMailingAllowed ? 1 : 0,
      created_at: now,
      mobile_key: info.mobileNumber ? normalizeIsraeliMobile(info.mobileNumber) : null,
      email_key: trim(info.email)?.toLowerCase() ?? null,
    })
    .execute();
  await trx
    .insertInto('orders')
    .values({
      reservation_identifier: reservationIdentifier,
      document_key: randomBytes(24).toString('base64url'),
      visitor,
      customer_id: customerId,
      state: 'paid',
      locale: (body.locale ?? 'he') satisfies Locale,
      tickets_total: totals.tickets,
      service_charge_total: totals.serviceCharge,
      products_total: totals.products,
      total: totals.total,
      number_of_payments: cart.numberOfPayments,
      created_at: now,
      account_id: deps.accountId ?? null,
    })
    .execute();
  await trx
    .insertInto('order_tickets')
    .values(
      pricedSeats.map((s, i) => ({
        ticket_identifier: randomId(12),
        reservation_identifier: reservationIdentifier,
        presentation_id: s.pi,
        section_id: s.si,
        x: s.x,
        y: s.y,
        section_name: s.names.section,
        row_name: s.names.row,
        seat_name: s.names.seat,
        ticket_group_id: s.tg,
        ticket_id: s.ticketId,
        price: s.price,
        service_charge: s.serviceCharge,
        is_sub_ticket: s.isSubTicket ? 1 : 0,
        state: 'valid' as const,
        sort: i,
      })),
    )
    .execute();
  if (productLines.length)
    await trx
      .insertInto('order_products')
      .values(
        productLines.map((l) => ({
          reservation_identifier: reservationIdentifier,
          presentation_id: l.pi,
          product_id: l.id,
          quantity: l.quantity,
          unit_price: l.unitPrice,
        })),
      )
      .execute();
  await trx
    .insertInto('payments')
    .values({
      transaction_id: payment.transactionId,
      provider: totals.total > 0 ? deps.payments.name : 'none',
      visitor,
      idempotency_key: idempotencyKey,
      reservation_identifier: reservationIdentifier,
      status: 'approved',
      amount: totals.total,
      number_of_payments: cart.numberOfPayments,
      brand: payment.brand,
      last4: payment.last4,
      approval_code: payment.approval,
      decline_reason: null,
      created_at: now,
    })
    .execute();

  // The seats: sold now; any other seat this visitor still held for these presentations is released.
  for (const p of presentationIds) {
    const seats = cart.seats.filter((s) => s.pi === p);
    const sold = await trx
      .updateTable('seat_holds')
      .set({ state: 'sold', expires_at: SOLD_FOREVER })
      .where('presentation_id', '=', p)
      .where('visitor', '=', visitor)
      .where('state', '=', 'held')
      .where((eb) =>
        eb.or(seats.map((s) => eb.and([eb('section_id', '=', s.si), eb('x', '=', s.x), eb('y', '=', s.y)]))),
      )
      .executeTakeFirst();
    if (Number(sold.numUpdatedRows) !== seats.length)
      throw new AppError('lock_seat_error', 'the seat is no longer available');
    await trx
      .deleteFrom('seat_holds')
      .where('presentation_id', '=', p)
      .where('visitor', '=', visitor)
      .where('state', '=', 'held')
      .execute();
  }
  await trx
    .updateTable('commit_attempts')
    .set({ status: 'done', reservation_identifier: reservationIdentifier })
    .where('visitor', '=', visitor)
    .where('idempotency_key', '=', idempotencyKey)
    .execute();
  return { kind: 'done', reservationIdentifier };
}
