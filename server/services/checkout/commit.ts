import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { CheckoutAnswer } from '../../../src/api/contract/checkout.ts';
import type { Locale } from '../../../src/api/contract/common.ts';
import type { Settings } from '../../../src/api/contract/session.ts';
import type { CommitBodySchema } from '../../../src/api/contract/order.ts';
import { splitByVouchers } from '../../../src/domain/payment/split.ts';
import { withQuery } from '../../../src/routing/paths.ts';
import { normalizeIsraeliMobile } from '../../../src/domain/validation.ts';
import type { PaymentMethodName } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type InitiateRequest, PaymentUnavailableError, type ProviderOutcome } from '../payments/provider.ts';
import {
  assertCustomerInfo,
  customerInfoBlockOf,
  fillAccountBlanks,
  orderLocationId,
} from '../customers/customerInfo.ts';
import type { CheckoutDeps } from './deps.ts';
import { assertMayHold, holdDeadline } from './holds.ts';
import { opaqueId, randomId } from './ids.ts';
import { lineKinds } from './lines/index.ts';
import {
  type CheckoutContext,
  type CheckoutOrigin,
  type LineKind,
  ONLINE_ORIGIN,
  sumTotals,
  type Trx,
} from './lines/types.ts';
import {
  assertForeignCurrencyPayable,
  type ChosenMethod,
  chooseMethod,
  storedMethod,
} from './payments/method.ts';
import { ownGiftCardPayments } from './payments/ownGiftCards.ts';
import { voucherApplications } from './payments/vouchers.ts';
import { queueOrderMessages } from '../messages/queue.ts';
import { recordCounterPayments } from '../counter/payments.ts';
import { audit } from '../audit/log.ts';
import { commitPartnerContext, partnerColumns } from '../partners/checkout.ts';
import { fingerprint, replay } from './replay.ts';
import { advanceOrder, confirmOrder, failOrder, settle } from './settle.ts';

/**
 * The venue's settings the cart must respect before anything is written (spec section 3): the
 * auth-required flag (a visitor logs in before buying), voucher payments switched on for the flow (the
 * cart's customer-info block: order, vouchers or donations), and the cart flag that sells video on demand.
 */
function assertCartAllowed(
  settings: Settings,
  cart: CommitInput['cart'],
  accountId: string | null,
  origin: CheckoutOrigin,
): void {
  // The customer at the counter stands at the window: the clerk sells without their account.
  if (settings.authRequired && accountId === null && !origin.counter)
    throw new AppError('not_logged_in', 'this venue asks customers to log in before buying');
  if (cart.voucherPayments.length > 0 && !customerInfoBlockOf(settings, cart).isVoucherPaymentEnabled)
    throw new AppError('voucher_payment_not_enabled', 'vouchers do not pay for orders here');
  if (cart.videos.length > 0 && !settings.cart.isVideoCartEnabled)
    throw new AppError('video_not_sold_online', 'video on demand is not sold online here');
}

/** The attempt's Idempotency-Key is in the database already: the transaction ends, the earlier attempt answers. */
class KeyUsedBefore extends Error {}

/** The commit body as the route's schema validation hands it over (defaults applied). */
export type CommitInput = z.output<typeof CommitBodySchema>;

interface Placed {
  reservationIdentifier: string;
  /** The provider payment to start, when something is left to pay online. */
  payment: {
    id: string;
    amount: number;
    chosen: Exclude<ChosenMethod, { method: 'none' }>;
    /** A currency other than the venue's the order is priced in (a EUR membership). */
    currency: string | null;
    method: PaymentMethodName;
    /** When the order's payment window closes (its `payment_deadline`). */
    deadline: number;
  } | null;
  isHold: boolean;
}

/**
 * POST /payment/commit: one checkout for every cart. Money never moves inside a transaction:
 *   1. a short transaction re-validates every line (each line kind: the visitor still holds every seat,
 *      the seat and ticket rules, prices from the database), checks vouchers and the payment method,
 *      and writes a pending order (or a hold order) whose seats are claimed;
 *   2. the provider is called outside any transaction;
 *   3. its answer settles the order in a second short transaction (see settle.ts).
 * The same Idempotency-Key answers the first attempt's outcome again, moved on as far as the provider
 * allows; with PayPal's approval in the cart it captures the wallet payment of that attempt.
 */
export async function commitCheckout(
  deps: CheckoutDeps,
  visitor: string,
  idempotencyKey: string,
  body: CommitInput,
  accountId: string | null,
  origin: CheckoutOrigin = ONLINE_ORIGIN,
): Promise<CheckoutAnswer> {
  const print = fingerprint(body, origin.counter?.payments);
  assertCartAllowed(deps.settings, body.cart, accountId, origin);
  // A sale at the counter asks no form: its optional name and phone are checked by counter/sale.ts.
  if (!origin.counter)
    await assertCustomerInfo(deps.db, customerInfoBlockOf(deps.settings, body.cart), body.cart);

  let placed: Placed;
  try {
    placed = await deps.db
      .transaction()
      .execute((trx) => placeOrder(trx, deps, visitor, idempotencyKey, print, body, accountId, origin));
  } catch (err) {
    if (!(err instanceof KeyUsedBefore)) throw err;
    // A repeated request, or a concurrent twin that inserted the key first: that attempt's outcome,
    // moved on as far as the provider allows.
    const earlier = await replay(deps, visitor, idempotencyKey, print, body);
    if (earlier) return earlier;
    throw new AppError('paymentError', 'this payment is still being processed');
  }
  const rid = placed.reservationIdentifier;
  if (placed.isHold) return advanceOrder(deps, rid);
  if (!placed.payment) return confirmOrder(deps, rid, null);

  const request = initiateRequest(placed.payment, body, rid, deps.settings);
  let outcome: ProviderOutcome | null;
  try {
    outcome = await deps.provider.initiate(request);
  } catch (err) {
    if (!(err instanceof PaymentUnavailableError)) throw err;
    // The provider did not answer: if it never recorded the payment, nothing was charged.
    outcome = await deps.provider.status(placed.payment.id).catch(() => null);
    if (!outcome) {
      const error = new AppError(
        'errorNoResponse',
        'the payment provider did not answer; nothing was charged',
      );
      await failOrder(deps, rid, error);
      throw error;
    }
  }
  // As the first transaction wrote them: settle reads the order again, locked, before it changes it.
  const { id, method, amount, deadline: payment_deadline } = placed.payment;
  const payment = { id, method, amount, status: 'pending' as const, provider_ref: null };
  return settle(deps, { reservation_identifier: rid, payment_deadline }, payment, outcome);
}

function initiateRequest(
  payment: NonNullable<Placed['payment']>,
  body: CommitInput,
  rid: string,
  settings: Settings,
): InitiateRequest {
  const back = body.returnPath ?? '/';
  const base = {
    reference: payment.id,
    amount: payment.amount,
    currency: payment.currency ?? settings.currency.code,
    description: `order ${rid}`,
    numberOfPayments: 'numberOfPayments' in payment.chosen ? payment.chosen.numberOfPayments : 1,
    returnPath: withQuery(back, { checkout: 'return', reservation: rid }),
    cancelPath: withQuery(back, { checkout: 'cancel', reservation: rid }),
  };
  const c = payment.chosen;
  switch (c.method) {
    case 'card':
      return { ...base, method: 'card', card: c.card, saveCard: c.saveCard };
    case 'savedCard':
      return { ...base, method: 'token', token: c.token ?? '' };
    case 'blik':
      return { ...base, method: 'blik', code: c.code };
    case 'paypal': {
      const { clientId, noShipping } = settings.payment.paypal;
      return {
        ...base,
        method: 'paypal',
        clientId: clientId ?? '',
        shipping: noShipping ? 'NO_SHIPPING' : 'GET_FROM_FILE',
      };
    }
    case 'redirect':
      return { ...base, method: 'redirect' };
  }
}

async function placeOrder(
  trx: Trx,
  deps: CheckoutDeps,
  visitor: string,
  key: string,
  print: string,
  body: CommitInput,
  accountId: string | null,
  origin: CheckoutOrigin,
): Promise<Placed> {
  const { cart } = body;
  const now = deps.clock.now();
  const rid = randomId(10);
  // The attempt's key first: a key used before inserts nothing, and the earlier attempt answers
  // (issue 40: no read of the key before every commit, only this insert).
  const first = await trx
    .insertInto('commit_attempts')
    .values({
      visitor,
      idempotency_key: key,
      fingerprint: print,
      status: 'pending',
      reservation_identifier: rid,
      error_json: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['visitor', 'idempotency_key']).doNothing())
    .returning('visitor')
    .executeTakeFirst();
  if (!first) throw new KeyUsedBefore();
  if (cart.isHold) await assertMayHold(trx, deps.settings, accountId, cart, now);

  const ctx: CheckoutContext = {
    now,
    visitor,
    accountId,
    settings: deps.settings,
    maxSeatsPerTransaction: deps.maxSeatsPerTransaction,
    paymentWindowMs: deps.paymentWindowMs,
    authSecret: deps.authSecret,
    isHold: cart.isHold,
    presentations: new Map(),
    origin,
    partner: await commitPartnerContext(trx, body, now),
    saleLocks: deps.saleLocks,
  };
  const validated: [LineKind<unknown>, unknown][] = [];
  for (const kind of lineKinds) {
    const v = await kind.validate(trx, ctx, cart);
    if (v !== null) validated.push([kind, v]);
  }
  if (validated.length === 0) throw new AppError('formValidation', 'the cart is empty');
  const totals = sumTotals(validated.map(([kind, v]) => kind.price(v, ctx)));
  const { total } = totals;
  const deadline = cart.isHold ? holdDeadline(ctx, deps.settings.order.holdMinutesBeforeEvent) : null;
  const currency = ctx.currency ?? null;
  if (currency) assertForeignCurrencyPayable(cart, currency, total);

  // A logged-in customer's own gift card may be named by its id (the shop never saw its code).
  const voucherPayments = await ownGiftCardPayments(trx, cart.voucherPayments, accountId, deps.authSecret);
  const applications = await voucherApplications(trx, voucherPayments, now);
  const split = splitByVouchers(total, applications);
  if (!split.ok) {
    const { code, ...params } = split.problem;
    throw new AppError(
      code === 'voucher_over_total' || code === 'voucher_twice' ? 'voucher_amount_invalid' : code,
      code,
      params,
    );
  }
  if (origin.counter && cart.isHold)
    throw new AppError('formValidation', 'a sale at the counter is paid, not held', { field: 'isHold' });
  // At the counter the clerk's payments pay the rest (recorded with the order below).
  const chosen: ChosenMethod =
    cart.isHold || origin.counter
      ? { method: 'none' }
      : chooseMethod(cart, split.rest, deps.settings, accountId, now);
  if (chosen.method === 'savedCard') {
    const saved = await trx
      .selectFrom('saved_cards')
      .select(['token'])
      .where('id', '=', chosen.savedCardId)
      .where('customer_id', '=', accountId!)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!saved) throw new AppError('saved_card_not_found', 'no such saved card');
    chosen.token = saved.token;
  }

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
      location_id: orderLocationId(cart) ?? null,
      is_mailing_allowed: info.isMailingAllowed ? 1 : 0,
      created_at: now,
      mobile_key: info.mobileNumber ? normalizeIsraeliMobile(info.mobileNumber) : null,
      email_key: trim(info.email)?.toLowerCase() ?? null,
    })
    .execute();
  if (accountId) await fillAccountBlanks(trx, accountId, info);
  const numberOfPayments = 'numberOfPayments' in chosen ? chosen.numberOfPayments : 1;
  await trx
    .insertInto('orders')
    .values({
      reservation_identifier: rid,
      document_key: randomBytes(24).toString('base64url'),
      visitor,
      customer_id: customerId,
      state: cart.isHold ? 'held' : 'pending',
      locale: (body.locale ?? 'he') satisfies Locale,
      tickets_total: totals.tickets,
      addons_total: totals.addons,
      service_charge_total: totals.serviceCharge,
      products_total: totals.products,
      vouchers_total: totals.vouchers,
      donations_total: totals.donations,
      memberships_total: totals.memberships,
      enrolment_total: totals.enrolment,
      currency_code: currency,
      total,
      number_of_payments: numberOfPayments,
      created_at: now,
      account_id: accountId,
      is_hold: cart.isHold ? 1 : 0,
      hold_deadline: deadline,
      payment_deadline: cart.isHold ? null : now + deps.paymentWindowMs,
      confirmed_at: cart.isHold ? now : null,
      location_id: orderLocationId(cart) ?? null,
      point_of_sale: origin.staffUsername ? 'box_office' : 'online',
      sold_by_staff_id: origin.staffUsername,
      ...partnerColumns(ctx.partner),
    })
    .execute();
  const ref = { reservationIdentifier: rid, visitor, isHold: cart.isHold, holdDeadline: deadline };
  for (const [kind, v] of validated) await kind.reserve(trx, ctx, ref, v);
  // A hold is confirmed now: its e-mail and SMS (pay at the box office by the deadline) go out after it.
  if (cart.isHold) await queueOrderMessages(trx, rid, 'confirmation', now);

  const payment = (method: PaymentMethodName, amount: number) => ({
    id: opaqueId('pay'),
    reservation_identifier: rid,
    method,
    provider: method === 'voucher' ? 'voucher' : (deps.provider.nameOf?.(method) ?? deps.provider.name),
    status: 'pending' as const,
    amount,
    created_at: now,
    updated_at: now,
  });
  for (const a of applications)
    await trx
      .insertInto('order_payments')
      .values({ ...payment('voucher', a.amount), voucher_reference: a.reference })
      .execute();
  if (origin.counter) {
    const { clerk, payments } = origin.counter;
    await recordCounterPayments(
      trx,
      { reservationIdentifier: rid, due: split.rest },
      payments,
      clerk,
      now,
      false,
    );
    // Money a clerk took is a back-office change: the audit log has the sale with the order.
    await audit(
      trx,
      { kind: 'user', id: clerk.id, name: clerk.username },
      {
        action: 'order.counter_sale',
        objectType: 'order',
        objectId: rid,
        after: { total, payments: payments.map((p) => ({ method: p.method, amount: p.amount })) },
      },
      now,
    );
  }
  if (chosen.method === 'none') return { reservationIdentifier: rid, payment: null, isHold: cart.isHold };
  const row = {
    ...payment(storedMethod[chosen.method], split.rest),
    number_of_payments: numberOfPayments,
    saved_card_id: chosen.method === 'savedCard' ? chosen.savedCardId : null,
    save_card: chosen.method === 'card' && chosen.saveCard ? 1 : 0,
  };
  await trx.insertInto('order_payments').values(row).execute();
  return {
    reservationIdentifier: rid,
    payment: {
      id: row.id,
      amount: split.rest,
      chosen,
      currency,
      method: row.method,
      deadline: now + deps.paymentWindowMs,
    },
    isHold: false,
  };
}
