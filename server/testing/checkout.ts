import type { FastifyInstance } from 'fastify';
import type { CommitBody } from '../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import type { SandboxPaymentProvider, SandboxRow } from '../services/payments/sandbox/acquirer.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import type { FreeSeat } from './fixtures.ts';
import type { TestApp } from './harness.ts';

/** Test helpers for the checkout: a customer, cards, the commit call and the sandbox acquirer's ledger. */

export const customer = {
  firstName: 'Dana',
  lastName: 'Levi',
  email: 'dana@example.com',
  mobileNumber: '050-1234567',
  termsAccepted: true,
};

export const goodCard = {
  number: SANDBOX_CARDS.approveVisa,
  expiry: '12/29',
  cvv: '123',
  holderId: '123456782',
};

export function commit(
  app: FastifyInstance,
  uuid: string,
  key: string | null,
  body: CommitBody,
  cookie?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/commit',
    headers: {
      uuid,
      ...(key ? { 'idempotency-key': key } : {}),
      ...(cookie ? { cookie: `customer_session=${cookie}` } : {}),
    },
    payload: body as object,
  });
}

export function paymentStatus(app: FastifyInstance, uuid: string, reservationIdentifier: string) {
  return app.inject({
    method: 'GET',
    url: `/api/payment/status/${reservationIdentifier}`,
    headers: { uuid },
  });
}

export async function ticketGroupsOf(app: FastifyInstance, p: PresentationSummary): Promise<TicketGroup[]> {
  const res = await app.inject({ method: 'GET', url: `/api/presentations/${p.id}/ticketGroups` });
  return (res.json() as { ticketGroups: TicketGroup[] }).ticketGroups;
}

export function sandboxOf(t: TestApp): SandboxPaymentProvider {
  return t.app.deps.payments as SandboxPaymentProvider;
}

/** Charges the acquirer approved and has not given back in full. */
export async function approvedCharges(t: TestApp): Promise<SandboxRow[]> {
  return (await sandboxOf(t).ledger()).filter(
    (c) => (c.status === 'approved' || c.status === 'captured') && c.refunded_amount < c.amount,
  );
}

/** A cart of seats, each with the first ticket of its price level, paid by a good card. */
export function seatCart(
  p: PresentationSummary,
  groups: TicketGroup[],
  seats: FreeSeat[],
  extra: Partial<CommitBody['cart']> = {},
): CommitBody {
  return {
    cart: {
      customerInfo: customer,
      creditcardInfo: goodCard,
      seats: seats.map((s) => ({
        pi: p.id,
        si: s.sectionId,
        x: s.x,
        y: s.y,
        tg: s.ticketGroupId,
        ticketId: groups.find((g) => g.id === s.ticketGroupId)!.tickets[0]!.id,
      })),
      products: [],
      ...extra,
    },
    locale: 'en',
  };
}
