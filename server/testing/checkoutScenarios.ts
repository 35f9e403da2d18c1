import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import type { SeatKey } from '../../src/domain/seatKey.ts';
import { buildNeighbours, type Neighbours } from '../../workers/seatplan/adjacency.ts';
import { type PlanData, SEAT_STATE, seatKeyOf } from '../../workers/seatplan/model.ts';
import { parsePlan } from '../../workers/seatplan/parse.ts';
import { type RuleResult, validateSelection } from '../../workers/seatplan/rules.ts';
import type { Database } from '../db/types.ts';
import { type FreeSeat, lock, lockBody, statusMap, unlock } from './fixtures.ts';
import type { TestApp } from './harness.ts';

/**
 * Helpers for the checkout scenario tests (vouchers, holds, seat rules, a crash mid-payment): logging in,
 * seats and the status map, gift cards, and the seat plan as the shop's worker models it.
 */

export const SESSION_COOKIE = 'customer_session';

type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;

/** Expects an error answer with this status and catalogue code; answers its params. */
export function expectError(res: Injected, status: number, code: string) {
  expect({ status: res.statusCode, code: res.json().code }, res.body).toEqual({ status, code });
  return (res.json().params ?? {}) as Record<string, string | number>;
}

export { loginByEmail } from './checkout.ts';

/** A new account (no membership): an unknown number asks for a code regardless and logs in with it. */
export async function newAccount(app: FastifyInstance, mobileNumber: string): Promise<string> {
  const ask = await app.inject({
    method: 'POST',
    url: '/api/customer/mobile-login',
    payload: { mobileNumber, sendSmsRegardlessOfCustomerExistence: true },
  });
  expect(ask.statusCode, ask.body).toBe(200);
  const out = await app.inject({ method: 'GET', url: '/api/dev/sms-outbox', query: { mobileNumber } });
  const code = /(?<!\d)\d{6}(?!\d)/.exec(out.json().messages[0].text as string)![0];
  const res = await app.inject({
    method: 'POST',
    url: '/api/customer/mobile-login-validation-area',
    payload: { mobileNumber, smsCode: code },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
}

/** A personal-area call with (or without) the session cookie. */
export function area(app: FastifyInstance, method: 'GET' | 'POST', url: string, cookie?: string) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
    // The shop sends every state-changing call as JSON (server/http/originGuard.ts).
    ...(method === 'GET' ? {} : { payload: {} }),
  });
}

export async function lockAll(
  app: FastifyInstance,
  uuid: string,
  p: PresentationSummary,
  seats: readonly FreeSeat[],
) {
  for (const s of seats) {
    const res = await lock(app, uuid, lockBody(p, s));
    expect(res.statusCode, res.body).toBe(200);
  }
}

export async function unlockAll(
  app: FastifyInstance,
  uuid: string,
  p: PresentationSummary,
  seats: readonly FreeSeat[],
) {
  for (const s of seats) await unlock(app, uuid, lockBody(p, s));
}

/** The status map: free seats (keys) and the seats this visitor holds in the cart. */
export async function statusOf(app: FastifyInstance, p: PresentationSummary, uuid?: string) {
  const body = await statusMap(app, p, uuid);
  return { free: new Set(Object.keys(body.seats)), held: body.held };
}

export async function orderOf(t: TestApp, rid: string) {
  return t.db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('reservation_identifier', '=', rid)
    .executeTakeFirstOrThrow();
}

export async function rowCount(t: TestApp, table: keyof Database & string): Promise<number> {
  const row = await t.db.kysely
    .selectFrom(table as 'orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A gift card's balance as the box office keeps it (not less what pending orders set aside). */
export async function giftCardBalance(t: TestApp, reference: string): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('system_vouchers')
    .select('balance')
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** GET /api/payment/voucher-balance, from a client address of the caller's choice. */
export function voucherLookup(app: FastifyInstance, reference: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'GET',
    url: '/api/payment/voucher-balance',
    query: { reference },
    remoteAddress,
  });
}

/** A fresh gift card (stored-value voucher of the box-office buyer), for a test of its own. */
export async function addGiftCard(
  t: TestApp,
  balance: number,
  over: { state?: 'active' | 'cancelled'; isForReplacement?: boolean } = {},
): Promise<string> {
  const reference = `GIFT-T${randomBytes(5).toString('hex').toUpperCase()}`;
  const now = t.clock.now();
  await t.db.kysely
    .insertInto('system_vouchers')
    .values({
      reference,
      class_id: 2,
      customer_id: 'c_gift_card_buyer',
      reservation_identifier: null,
      quantity: Math.max(balance, 1),
      price: Math.max(balance, 1),
      redeemed: 0,
      balance,
      created_at: now - 86_400_000,
      start_date: now - 86_400_000,
      end_date: now + 365 * 86_400_000,
      state: over.state ?? 'active',
      is_for_replacement: over.isForReplacement ? 1 : 0,
      sold_in_outlet: 0,
      transaction_id: null,
      cancelled_by: over.state === 'cancelled' ? 'box_office' : null,
    })
    .execute();
  return reference;
}

/** The seat plan as the shop's worker models it: typed arrays, neighbours, and seat keys. */
export interface PlanModel {
  data: PlanData;
  neighbours: Neighbours;
  indexOf: Map<string, number>;
  keyOf(i: number): SeatKey;
}

export async function planModelOf(app: FastifyInstance, p: PresentationSummary): Promise<PlanModel> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/seats/seatplanV2?venueId=${p.venueId}&seatplanId=${p.seatplanId}`,
  });
  const { data } = parsePlan(res.json() as Seatplan);
  if (!data) throw new Error('the plan does not parse');
  const indexOf = new Map<string, number>();
  for (let i = 0; i < data.count; i++) indexOf.set(seatKeyOf(data, i), i);
  return { data, neighbours: buildNeighbours(data), indexOf, keyOf: (i) => seatKeyOf(data, i) };
}

/** The worker's seat states: free seats of the status map available, `selected` selected, the rest taken. */
export function ruleState(model: PlanModel, free: ReadonlySet<string>, selected: readonly string[]) {
  const state = new Uint8Array(model.data.count);
  for (let i = 0; i < model.data.count; i++) if (free.has(model.keyOf(i))) state[i] = SEAT_STATE.available;
  for (const k of selected) state[model.indexOf.get(k)!] = SEAT_STATE.selected;
  return state;
}

/** What the shop's worker says of buying `selected` now (seating policy of the presentation). */
export function workerVerdict(
  model: PlanModel,
  p: PresentationSummary,
  free: ReadonlySet<string>,
  selected: readonly string[],
): RuleResult {
  return validateSelection({
    data: model.data,
    neighbours: model.neighbours,
    state: ruleState(model, free, selected),
    maxSeats: Number.MAX_SAFE_INTEGER,
    seatingPolicyId: p.seatingPolicyId,
  });
}

/** A seat of the plan as the lock and commit calls name it. */
export function seatAt(model: PlanModel, i: number): FreeSeat {
  const { data } = model;
  return {
    key: model.keyOf(i),
    sectionId: data.sections[data.section[i]!]!.id,
    x: data.px[i]!,
    y: data.py[i]!,
    ticketGroupId: data.ticketGroup[i]!,
  };
}

/** The row name and seat name the box office reports a seat by (single_seat_error's params). */
export function seatLabel(model: PlanModel, i: number) {
  return { row: model.data.rows[model.data.row[i]!]!.name, seat: model.data.names[i]! };
}
