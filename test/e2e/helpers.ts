import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { LocalizedText } from '../../src/api/contract/common.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import { SANDBOX_CARDS } from '../../server/services/payments/sandbox/cards.ts';
import { issuedVisitor } from './visitors.ts';

/** Shared steps of the browser tests: finding shows and free seats, walking the order flow, logging in. */

export type Lang = 'he' | 'en';

/** The demo's 3D feature (server/seed/addons.ts). */
export const FEATURE_3D = 2;

export const labels = {
  en: {
    listView: 'Show as a list',
    row: 'row',
    seat: 'seat',
    holderId: "Card holder's ID number",
    mobile: 'Mobile number',
  },
  he: {
    listView: 'הצגה כרשימה',
    row: 'שורה',
    seat: 'מושב',
    holderId: 'תעודת זהות של בעל הכרטיס',
    mobile: 'טלפון נייד',
  },
} as const;

/**
 * Open 2D cinema shows of one hall (seat plans 11: sofas, 12: standard, 13: a premium middle row). The 3D
 * feature's showings are left out: their tickets come with 3D glasses ticked, which changes every total
 * (test/e2e/addons.spec.ts buys those).
 */
export async function cinemaShows(
  request: APIRequestContext,
  seatplanId: number,
): Promise<PresentationSummary[]> {
  const res = await request.get('/api/seats/presentations');
  const { presentations } = (await res.json()) as { presentations: PresentationSummary[] };
  return presentations.filter(
    (p) => p.seatplanId === seatplanId && p.saleStatus === 'open' && p.featureId !== FEATURE_3D,
  );
}

export interface SeatName {
  key: string;
  row: string;
  seat: string;
  premium: boolean;
}

/** Free seats without sofa, wheelchair, companion or limited-view flags, in plan order. */
export async function plainFreeSeats(
  request: APIRequestContext,
  p: PresentationSummary,
  opts: { premium?: boolean; ticketGroup?: number } = {},
): Promise<SeatName[]> {
  const plan = (await (
    await request.get(`/api/seats/seatplanV2?venueId=${p.venueId}&seatplanId=${p.seatplanId}`)
  ).json()) as Seatplan;
  const status = (await (
    await request.get(
      `/api/seats/seats-statusV2?presentationId=${p.id}&venueTypeId=${p.venueTypeId}&isReserved=1`,
    )
  ).json()) as { seats: Record<string, string> };
  const out: SeatName[] = [];
  for (const s of plan.S)
    for (const g of s.G)
      for (const r of g.R)
        for (const seat of r.S) {
          const key = `${s.id}_${seat.x}_${seat.y}`;
          const plain = !seat.sofa && !seat.handicap && !seat.companion && !seat.limitedView;
          const level = opts.ticketGroup === undefined || seat.tg === opts.ticketGroup;
          if (plain && level && Boolean(seat.premium) === Boolean(opts.premium) && status.seats[key])
            out.push({ key, row: r.r, seat: seat.n, premium: Boolean(seat.premium) });
        }
  return out;
}

export function seatButton(page: Page, lang: Lang, s: SeatName) {
  const l = labels[lang];
  return page
    .getByTestId('seat-list-view')
    .getByRole('button', { name: new RegExp(`, ${l.row} ${s.row}, ${l.seat} ${s.seat},`) });
}

/** How long a loaded two-lane run may take to start the seat map (its renderer first, then the plan). */
export const SEAT_MAP_START_MS = 30_000;

/** Opens the order flow of a presentation with its seats shown as a list. */
export async function openSeatList(page: Page, lang: Lang, presentationId: number) {
  await page.goto(`/order/${presentationId}?language=${lang}`);
  await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible({
    timeout: SEAT_MAP_START_MS,
  });
  await page.getByRole('button', { name: labels[lang].listView }).click();
  // The list waits for the seat map's engine, which starts after its renderer (software WebGL here).
  await expect(page.getByTestId('seat-list-view')).toBeVisible({ timeout: SEAT_MAP_START_MS });
}

/** Opens the order flow, holds the seats from the list view, and walks to the payment step. */
export async function toPayment(page: Page, lang: Lang, show: PresentationSummary, seats: SeatName[]) {
  await openSeatList(page, lang, show.id);
  for (const s of seats) {
    await seatButton(page, lang, s).click();
    await expect(seatButton(page, lang, s)).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByTestId('seats-chosen')).toContainText(`(${seats.length})`);
  // One step at a time, as a customer does: a click while the step is still changing (its Continue at
  // work, the next step's view loading) would land on the step being left.
  const flow = page.getByTestId('order-flow');
  for (const step of ['tickets', 'products', 'payment']) {
    // A click the moment a step's view appears was seen lost now and then (the flow stayed on the ticket
    // step, Continue enabled, no call made): click again while the flow has not moved on. A second click
    // cannot skip a step: only the way to the tickets waits (on its fetches), and there a second click
    // on the seat step's Continue leads to the same step.
    await expect(async () => {
      if ((await flow.getAttribute('data-step')) !== step)
        await page.getByTestId('next-step').click({ timeout: 5_000 });
      await expect(flow).toHaveAttribute('data-step', step, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  }
  await expect(page.getByTestId('checkout')).toBeVisible();
}

export async function fillCustomer(page: Page) {
  await page.locator('input[name=firstName]').fill('Dana');
  await page.locator('input[name=lastName]').fill('Levi');
  await page.locator('input[name=email]').fill('dana@example.com');
  await page.locator('input[name=mobileNumber]').fill('050-1234567');
  await page.getByTestId('terms').check();
}

export async function fillCard(page: Page, lang: Lang, number: string) {
  await page.locator('input[name=cardnumber]').fill(number);
  await page.locator('input[name=cc-exp]').fill('12/29');
  await page.locator('input[name=cvc]').fill('123');
  await page.getByLabel(labels[lang].holderId).fill('123456782');
}

export async function visitorUuid(page: Page): Promise<string> {
  const { uuid } = (await page.evaluate(() => fetch('/api/session').then((r) => r.json()))) as {
    uuid: string;
  };
  return uuid;
}

/** The seats the visitor holds for a presentation (the status map's `held` list). */
export async function heldSeats(page: Page, show: PresentationSummary): Promise<string[]> {
  const uuid = await visitorUuid(page);
  const res = await page.request.get(
    `/api/seats/seats-statusV2?presentationId=${show.id}&venueTypeId=${show.venueTypeId}&isReserved=1`,
    { headers: { uuid } },
  );
  return ((await res.json()) as { held: string[] }).held;
}

async function latestSms(request: APIRequestContext, mobile: string): Promise<string> {
  const res = await request.get('/api/dev/sms-outbox', { params: { mobileNumber: mobile } });
  const { messages } = (await res.json()) as { messages: { text: string }[] };
  // The newest login code: order confirmations go to the same number too.
  return messages.find((m) => /\b\d{6}\b/.test(m.text))?.text ?? '';
}

/** Logs in inside an open login panel (the personal area's, or the hold dialog's). */
export async function logInInPanel(page: Page, lang: Lang, mobile: string) {
  const panel = page.getByTestId('login-panel');
  await panel.getByLabel(labels[lang].mobile).fill(mobile);
  await panel.getByTestId('send-code').click();
  await expect(panel.getByTestId('code-sent')).toBeVisible();
  const code = /\b(\d{6})\b/.exec(await latestSms(page.request, mobile.replace(/\D/g, '')))![1]!;
  await panel.locator('[data-testid="sms-code"] input').first().click();
  // The last digit logs in by itself (no button to tap).
  await page.keyboard.type(code);
}

/** Logs in from the header's personal-area button, and waits for the customer's name there. */
export async function logInFromHeader(page: Page, lang: Lang, mobile: string, name: string) {
  await page.goto(`/?language=${lang}`);
  await boardReady(page);
  await page.getByTestId('account-button').click();
  await logInInPanel(page, lang, mobile);
  await expect(page.getByTestId('account-button')).toContainText(name);
}

/**
 * Waits for the shop to answer on the board: the box office draws it with React (server/http/seo/
 * pageRender.ts), and until the shop has hydrated it its links work but nothing else does.
 */
export async function boardReady(page: Page) {
  await expect(page.locator('#root[data-ready]')).toHaveCount(1);
}

/** Logs in on the staff area's form (the demo manager unless told otherwise). */
export async function staffLogin(page: Page, username = 'manager', password = 'manager-demo-2026') {
  const form = page.getByTestId('staff-login');
  await form.locator('input[name=username]').fill(username);
  await form.locator('input[name=password]').fill(password);
  await page.getByTestId('staff-login-submit').click();
}

/** A screenshot for a person to look at, transitions finished first. */
export async function shot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: test.info().outputPath(name), fullPage, animations: 'disabled' });
}

/**
 * Another customer buys one plain seat of price level 1 of `show` over the API (lock, then commit with
 * the sandbox's approving card): what the e-ticket, refund and back-office tests start from. Another
 * `mobileNumber` than Dana's makes a buyer the box office then knows, without a membership.
 */
export async function buySeat(
  request: APIRequestContext,
  show: PresentationSummary,
  mobileNumber = '050-1234567',
): Promise<{ documentKey: string; reservationIdentifier: string }> {
  return buySeats(request, show, { mobileNumber });
}

/**
 * `count` plain seats of price level 1 of `show` bought over the API by a customer (Dana Levi by name;
 * `mobileNumber` says who she is to the box office), by the sandbox's approving card, or held to pay at
 * the box office (`hold`: a member's privilege, so the customer must be logged in on `request`).
 */
export async function buySeats(
  request: APIRequestContext,
  show: PresentationSummary,
  opts: { mobileNumber?: string; count?: number; hold?: boolean; locale?: 'he' | 'en' } = {},
): Promise<{
  documentKey: string;
  reservationIdentifier: string;
  keys: string[];
  order: { totals: { total: number } };
}> {
  const seats = (await plainFreeSeats(request, show, { ticketGroup: 1 })).slice(0, opts.count ?? 1);
  const uuid = issuedVisitor();
  const { ticketGroups } = (await (
    await request.get(`/api/presentations/${show.id}/ticketGroups`)
  ).json()) as {
    ticketGroups: TicketGroup[];
  };
  const ticket = ticketGroups.find((g) => g.id === 1)!.tickets[0]!;
  const cartSeats = [];
  for (const seat of seats) {
    const [sectionId, x, y] = seat.key.split('_').map(Number);
    const locked = await request.put('/api/seats/lock-seat', {
      headers: { uuid },
      data: {
        seat: {
          PresentationId: show.id,
          VenueId: show.venueId,
          VenueSeatplanId: show.seatplanId,
          VenueSectionId: sectionId,
          TicketGroupId: 1,
          XCoordinate: x,
          YCoordinate: y,
        },
      },
    });
    expect(locked.status(), await locked.text()).toBe(200);
    cartSeats.push({ pi: show.id, si: sectionId!, x: x!, y: y!, tg: 1, ticketId: ticket.id });
  }
  const committed = await request.post('/api/payment/commit', {
    headers: { uuid, 'idempotency-key': crypto.randomUUID() },
    data: {
      cart: {
        customerInfo: {
          firstName: 'Dana',
          lastName: 'Levi',
          email: 'dana@example.com',
          mobileNumber: opts.mobileNumber ?? '050-1234567',
          termsAccepted: true,
        },
        ...(opts.hold
          ? { isHold: true }
          : {
              creditcardInfo: {
                number: SANDBOX_CARDS.approveVisa,
                expiry: '12/29',
                cvv: '123',
                holderId: '123456782',
              },
            }),
        seats: cartSeats,
        products: [],
      },
      locale: opts.locale ?? 'en',
    },
  });
  expect(committed.status(), await committed.text()).toBe(200);
  const answer = (await committed.json()) as {
    documentKey: string;
    reservationIdentifier: string;
    order: { totals: { total: number } };
  };
  return { ...answer, keys: seats.map((s) => s.key) };
}

/** Hall 1 of the demo cinema, where the back-office tests make shows of their own. */
export const HALL_1 = 11;

/** A calendar day in the venue's zone, `days` from today. */
export function venueDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * A film of the test's own with shows in Hall 1 `days` on, at `times` (each test keeps to its own day and
 * hours), made over the admin API as the logged-in manager: answers the day and the shows' ids. A retry
 * makes them a day later (a day earlier for day 6), clear of the shows its first try made.
 */
export async function ownShows(
  api: APIRequestContext,
  title: LocalizedText,
  minutes: number,
  times: string[],
  days: number,
) {
  const feature = await api.post('/api/admin/features', {
    data: { title, category: 'movie', durationMinutes: minutes },
  });
  expect(feature.status(), await feature.text()).toBe(201);
  // The staff's Upcoming list shows seven days (0–6): a retry of a day-6 test goes a day back instead.
  const { retry } = test.info();
  const day = venueDay(days + retry <= 6 ? days + retry : days - retry);
  const made = await api.post('/api/admin/schedules', {
    data: {
      featureId: ((await feature.json()) as { id: number }).id,
      hallIds: [HALL_1],
      from: day,
      to: day,
      rules: [{ weekdays: [0, 1, 2, 3, 4, 5, 6], times }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return {
    day,
    ids: ((await made.json()) as { presentations: { id: number }[] }).presentations.map((p) => p.id),
  };
}
