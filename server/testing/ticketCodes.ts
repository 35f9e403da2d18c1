import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CommitBody } from '../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { VOUCHER_CLASS } from '../seed/vouchersForSale.ts';
import { seatCart } from './checkout.ts';
import type { FreeSeat } from './fixtures.ts';
import { type TestApp, visitor } from './harness.ts';

/** Test helpers for ticket codes (issue 15): the lookup, carts of code tickets, ticket vouchers. */

/** The demo's hidden tickets are numbered price level × 100 + these (seed/vouchersForSale.ts). */
export const CODE_TICKET = {
  cinemaVoucher: 50,
  twoMovies: 51,
  newYear: 52,
  hever: 60,
  teachers: 61,
  friends: 70,
};
export const codeTicketId = (ticketGroupId: number, kind: keyof typeof CODE_TICKET) =>
  ticketGroupId * 100 + CODE_TICKET[kind];

/** GET /api/presentations/{id}?ticketCodes=…, as a visitor (a fresh one unless named; null: none). */
export function codeLookup(
  app: FastifyInstance,
  presentationId: number,
  codes: string,
  opts: { uuid?: string | null; address?: string; token?: string } = {},
) {
  const uuid = opts.uuid === undefined ? visitor() : opts.uuid;
  return app.inject({
    method: 'GET',
    url: `/api/presentations/${presentationId}`,
    query: { ticketCodes: codes, ...(opts.token ? { recaptchaToken: opts.token } : {}) },
    headers: uuid ? { uuid } : {},
    ...(opts.address ? { remoteAddress: opts.address } : {}),
  });
}

export interface CodeSeat {
  seat: FreeSeat;
  ticketId: number;
  ticketCode?: string;
  ref1?: string;
  ref2?: string;
}

/** A cart of seats with the tickets (and codes, references) named, paid by a good card. */
export function codeCart(
  p: PresentationSummary,
  groups: TicketGroup[],
  seats: readonly CodeSeat[],
  extra: Partial<CommitBody['cart']> = {},
): CommitBody {
  const body = seatCart(
    p,
    groups,
    seats.map((s) => s.seat),
    extra,
  );
  const lines = body.cart.seats ?? [];
  return {
    ...body,
    cart: {
      ...body.cart,
      seats: lines.map((line, i) => {
        const { ticketId, ticketCode, ref1, ref2 } = seats[i]!;
        return { ...line, ticketId, ticketCode, ref1, ref2 };
      }),
    },
  };
}

/** A ticket voucher of its own for a test (by default one cinema ticket, valid, of the gift-card buyer). */
export async function addTicketVoucher(
  t: TestApp,
  opts: {
    classId?: number;
    uses?: number;
    state?: 'active' | 'cancelled';
    isForReplacement?: boolean;
    validDate?: string | null;
    customerId?: string;
  } = {},
): Promise<string> {
  const reference = `TV-${randomBytes(5).toString('hex').toUpperCase()}`;
  const now = t.clock.now();
  const uses = opts.uses ?? 1;
  await t.db.kysely
    .insertInto('system_vouchers')
    .values({
      reference,
      class_id: opts.classId ?? VOUCHER_CLASS.cinemaTicket,
      customer_id: opts.customerId ?? 'c_gift_card_buyer',
      reservation_identifier: null,
      quantity: uses,
      price: 4200 * uses,
      redeemed: 0,
      balance: uses,
      created_at: now - 86_400_000,
      start_date: now - 86_400_000,
      end_date: now + 30 * 86_400_000,
      state: opts.state ?? 'active',
      is_for_replacement: opts.isForReplacement ? 1 : 0,
      sold_in_outlet: 1,
      transaction_id: null,
      cancelled_by: null,
      valid_date: opts.validDate ?? null,
    })
    .execute();
  return reference;
}

/** A voucher's balance and redeemed uses as the box office keeps them, and the statuses of its claims. */
export async function voucherState(t: TestApp, reference: string) {
  const v = await t.db.kysely
    .selectFrom('system_vouchers')
    .select(['balance', 'redeemed'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  const claims = await t.db.kysely
    .selectFrom('voucher_redemptions')
    .select('status')
    .where('voucher_reference', '=', reference)
    .execute();
  // Claims made under a test's standing clock share their time: their statuses, in alphabetical order.
  const statuses = claims.map((c) => c.status).sort();
  return { balance: Number(v.balance), redeemed: Number(v.redeemed), claims: statuses };
}
