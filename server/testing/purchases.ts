import type { FastifyInstance } from 'fastify';
import { VouchersAnswerSchema } from '../../src/api/contract/customer.ts';
import { DonationsAnswerSchema } from '../../src/api/contract/donations.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import { VouchersForSaleAnswerSchema } from '../../src/api/contract/vouchers.ts';
import { commit, customer, goodCard } from './checkout.ts';
import { SESSION_COOKIE } from './checkoutScenarios.ts';
import { type TestApp, visitor } from './harness.ts';

/** Helpers for the tests of vouchers and donations sold online: carts, the catalogue, what was issued. */

type Cart = CommitBody['cart'];

/** A cart of vouchers, voucher-shop products or donations, paid by a good card. */
export function purchaseCart(lines: Partial<Cart>, extra: Partial<Cart> = {}): CommitBody {
  return {
    cart: { customerInfo: customer, creditcardInfo: goodCard, ...lines, ...extra },
    locale: 'en',
  };
}

/** POST /api/payment/commit by a fresh visitor (logged in when `cookie` is given). */
export function buy(app: FastifyInstance, body: CommitBody, cookie?: string) {
  return commit(app, visitor(), crypto.randomUUID(), body, cookie);
}

export async function vouchersForSale(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/system-vouchers/for-sale' });
  if (res.statusCode !== 200) throw new Error(`for-sale: ${res.statusCode} ${res.body}`);
  return { answer: VouchersForSaleAnswerSchema.parse(res.json()), headers: res.headers };
}

export async function donationFunds(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/donations' });
  if (res.statusCode !== 200) throw new Error(`donations: ${res.statusCode} ${res.body}`);
  return DonationsAnswerSchema.parse(res.json());
}

/** The account's vouchers in the personal area. */
export async function areaVouchers(app: FastifyInstance, cookie: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/customer-area/system-vouchers',
    headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  if (res.statusCode !== 200) throw new Error(`area vouchers: ${res.statusCode} ${res.body}`);
  return VouchersAnswerSchema.parse(res.json()).systemVouchers;
}

/** The system vouchers an order issued, as the box office keeps them. */
export function issuedVouchers(t: TestApp, reservationIdentifier: string) {
  return t.db.kysely
    .selectFrom('system_vouchers')
    .selectAll()
    .where('reservation_identifier', '=', reservationIdentifier)
    .orderBy('reference')
    .execute();
}

/** The codes the box office issues: XXXX-XXXX-XXXX of letters and digits read aloud (no 0/O, 1/I). */
export const VOUCHER_CODE = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;
