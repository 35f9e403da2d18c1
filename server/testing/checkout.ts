import type { FastifyInstance } from 'fastify';
import type { CommitBody } from '../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import type { SandboxPaymentProvider, SandboxRow } from '../services/payments/sandbox/acquirer.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import { type FreeSeat, findPresentation, lock, lockBody, plainFreeSeats } from './fixtures.ts';
import { type TestApp, visitor } from './harness.ts';

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

/** Commits a video on demand paid by the sandbox's approving card, as a guest or a logged-in customer. */
export function commitVideo(
  app: FastifyInstance,
  video: { presentationId: number; ticketId: number },
  cookie?: string,
) {
  return commit(
    app,
    visitor(),
    crypto.randomUUID(),
    { cart: { customerInfo: customer, creditcardInfo: goodCard, videos: [video] }, locale: 'en' },
    cookie,
  );
}

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

// --- Payment methods: the shop's calls and what the customer does on the sandbox's pages -------------

/** A movie at seat plan 11 with a pool of plain regular seats, handed out so tests never share one. */
export interface SeatShop {
  movie: PresentationSummary;
  groups: TicketGroup[];
  /** Locks `n` seats of the pool for the visitor. */
  hold(uuid: string, n: number): Promise<FreeSeat[]>;
  /** A cart of the seats; `extra` replaces any field of the cart (the card by default). */
  cart(seats: FreeSeat[], extra?: Partial<CommitBody['cart']>, returnPath?: string): CommitBody;
  /** Keys of the seats the visitor holds now. */
  held(uuid: string): Promise<string[]>;
  /** Whether a seat is sold: neither free nor held by the visitor. */
  sold(seat: FreeSeat, uuid: string): Promise<boolean>;
  /** What one seat costs: the regular ticket's price plus its service charge. */
  seatPrice: number;
}

export async function seatShop(t: TestApp): Promise<SeatShop> {
  const movie = await findPresentation(
    t.app,
    (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
  );
  const answer = (
    await t.app.inject({ method: 'GET', url: `/api/presentations/${movie.id}/ticketGroups` })
  ).json() as { ticketGroups: TicketGroup[]; serviceCharge: { amount: number } };
  const groups = answer.ticketGroups;
  const pool = (await plainFreeSeats(t.app, movie)).filter((s) => s.ticketGroupId === 1);
  const seatStatus = async (uuid: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/seats/seats-statusV2',
        query: { presentationId: String(movie.id), venueTypeId: String(movie.venueTypeId), isReserved: '1' },
        headers: { uuid },
      })
    ).json() as { seats: Record<string, string>; held: string[] };
  const ticket = groups.find((g) => g.id === 1)!.tickets[0]!;
  return {
    movie,
    groups,
    seatPrice: ticket.price + (ticket.serviceCharge > 0 ? ticket.serviceCharge : answer.serviceCharge.amount),
    async hold(uuid, n) {
      const seats = pool.splice(0, n);
      if (seats.length < n) throw new Error('the seat pool ran dry');
      for (const s of seats) {
        const res = await lock(t.app, uuid, lockBody(movie, s));
        if (res.statusCode !== 200) throw new Error(`lock failed: ${res.body}`);
      }
      return seats;
    },
    cart(seats, extra = {}, returnPath) {
      return { ...seatCart(movie, groups, seats, extra), ...(returnPath ? { returnPath } : {}) };
    },
    async held(uuid) {
      return (await seatStatus(uuid)).held;
    },
    async sold(seat, uuid) {
      const status = await seatStatus(uuid);
      return !(seat.key in status.seats) && !status.held.includes(seat.key);
    },
  };
}

/** POST /api/payment/cancel: the customer gives up the payment in progress. */
export function cancelPayment(app: FastifyInstance, uuid: string, reservationIdentifier: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/cancel',
    headers: { uuid },
    payload: { reservationIdentifier },
  });
}

/** A form post on one of the sandbox's pages, as the customer's browser sends it. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The 3-D Secure page: the customer approves (or fails) the challenge at `url`. */
export async function answerChallenge(app: FastifyInstance, url: string, decision: 'approve' | 'fail') {
  const page = await app.inject({ method: 'GET', url });
  if (page.statusCode !== 200 || !page.body.includes('name="decision"'))
    throw new Error(`no challenge at ${url}: ${page.statusCode}`);
  return postForm(app, url, { decision });
}

/** A fresh code from the sandbox's Blik banking app, read off its page as the customer would. */
export async function newBlikCode(app: FastifyInstance): Promise<string> {
  const asked = await postForm(app, '/sandbox/blik/code', { lang: 'en' });
  if (asked.statusCode !== 303) throw new Error(`no Blik code: ${asked.statusCode}`);
  const shown = await app.inject({ method: 'GET', url: asked.headers.location as string });
  const code = /data-testid="blik-code">(\d{6})</.exec(shown.body)?.[1];
  if (!code) throw new Error('no Blik code on the page');
  return code;
}

/** The acquirer's own id of a payment (the one its pages are addressed by). */
export async function acquirerIdOf(t: TestApp, paymentId: string): Promise<string> {
  const row = await sandboxOf(t).find(paymentId);
  if (!row) throw new Error(`the acquirer never saw ${paymentId}`);
  return row.id;
}

/** Logs a demo customer in by e-mail and password; answers the session cookie's value. */
export async function loginByEmail(
  app: FastifyInstance,
  who: { email: string; password: string },
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: who.email, password: who.password },
  });
  const cookie = res.cookies.find((c) => c.name === 'customer_session')?.value;
  if (res.statusCode !== 200 || !cookie) throw new Error(`login failed: ${res.body}`);
  return cookie;
}

/** The error an answer carries: its status and catalogue code (and params when it has them). */
export function errorOf(res: { statusCode: number; json(): unknown }) {
  const body = res.json() as { code?: string; params?: Record<string, unknown> };
  return { status: res.statusCode, code: body.code, ...(body.params ? { params: body.params } : {}) };
}
