import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Locale, parseDecimalId } from '../../../src/api/contract/common.ts';
import { OrderDocumentSchema } from '../../../src/api/contract/order.ts';
import { DonationsAnswerSchema } from '../../../src/api/contract/donations.ts';
import { MembershipsAnswerSchema } from '../../../src/api/contract/memberships.ts';
import { TicketGroupsAnswerSchema } from '../../../src/api/contract/presentations.ts';
import { VouchersForSaleAnswerSchema } from '../../../src/api/contract/vouchers.ts';
import { isKnownPath } from '../../../src/routing/paths.ts';
import { edocumentKey, LIST_KEYS, orderKey } from '../../../src/ssr/pageData.ts';
import { eDocumentOpenUntil, loadOrderDocument } from '../../services/orders/documents.ts';
import { getPresentation, getSellablePresentation } from '../../services/catalogue/presentations.ts';
import { assertSoldHere } from '../../services/catalogue/scope.ts';
import { getTicketGroups } from '../../services/catalogue/ticketGroups.ts';
import { donationFunds } from '../../services/donations/funds.ts';
import { describeMemberships, membershipsOnSale } from '../../services/memberships/catalogue.ts';
import { vouchersForSale } from '../../services/vouchers/forSale.ts';
import type { PageStatus } from '../pageStatus.ts';
import { BOARD } from './pageHeads.ts';

/** The answers a page's first render loads, by their `useAsync` key (src/ssr/pageData.ts). */
export type Answers = Record<string, unknown>;

/** A page the box office draws with React (issue 39). */
export interface DrawnPage {
  /** Whether this page is drawn for a path and its status. */
  matches: (path: string, status: PageStatus) => boolean;
  /** The module of its route (src/app/routes.tsx), for its stylesheets and modules; null: the entry's. */
  module: string | null;
  /**
   * The answers its first render asks for, as the API would send them; null when the page is not the
   * same for everyone (the browser then draws it). Absent: the page's head carries them (the board's).
   */
  answers?: (app: FastifyInstance, path: string) => Promise<Answers | null>;
  /**
   * What it shows changes with every order (vouchers left): kept one second only (FRESH_PAGE_MS), so a
   * burst of visitors costs one render a second, and nobody sees it more than a second old.
   */
  fresh?: boolean;
  /** The customer's own (an e-ticket): drawn for each request and sent `private, no-store`. */
  personal?: boolean;
  /** The language it speaks when its link names none (an e-ticket: its order's). */
  ownLocale?: (answers: Answers) => Locale | null;
  /** The address the router draws, when not the page's own (every unknown path draws the same page). */
  url?: string;
}

/** As the API sends it: the answer schema's encoding, through JSON (what the browser parses). */
const asSent = <S extends z.ZodType>(schema: S, value: z.input<S>): unknown =>
  JSON.parse(JSON.stringify(schema.encode(value as z.output<S>))) as unknown;

const ORDER = /^\/order\/([^/]+)\/?$/;

/**
 * A presentation's order page up to its seat map: the presentation and its prices, as
 * GET /api/presentations/{id} and its ticketGroups answer them without a partner's context (a customer
 * who came through one draws the page in the browser: src/main.tsx). A presentation that cannot be
 * bought now (not on sale yet, or over) is the browser's to draw, with its message.
 */
async function orderAnswers(app: FastifyInstance, path: string): Promise<Answers | null> {
  const id = parseDecimalId(ORDER.exec(path)?.[1] ?? '');
  if (id === null) return null;
  const { db, clock, settings } = app.deps;
  const now = clock.now();
  try {
    const presentation = await getPresentation(db.kysely, id, now);
    assertSoldHere(settings, presentation);
    if (presentation.isVod) return null;
    if (settings.businessIds !== null || !settings.cart.isVideoCartEnabled)
      assertSoldHere(settings, await getSellablePresentation(db.kysely, id, now));
    const prices = asSent(TicketGroupsAnswerSchema, await getTicketGroups(db.kysely, id, now));
    return { [orderKey(id)]: { presentation: JSON.parse(JSON.stringify(presentation)) as unknown, prices } };
  } catch {
    return null;
  }
}

const EDOCUMENT = /^\/edocument\/([A-Za-z0-9_-]{16,64})\/?$/;

/**
 * An e-ticket, as GET /api/edocument/{key} answers it (its unguessable key authorises it), while it
 * opens; one that no longer does is the browser's to draw, with its notice.
 */
async function edocumentAnswers(app: FastifyInstance, path: string): Promise<Answers | null> {
  const key = EDOCUMENT.exec(path)?.[1];
  if (!key) return null;
  const { db, clock, settings } = app.deps;
  const doc = await loadOrderDocument(db.kysely, { documentKey: key }, clock.now());
  if (!doc) return null;
  const until = await eDocumentOpenUntil(
    db.kysely,
    doc.reservationIdentifier,
    settings.order.eDocumentGraceMinutes,
  );
  if (until !== null && clock.now() >= until) return null;
  return { [edocumentKey(key)]: asSent(OrderDocumentSchema, doc) };
}

const exact = (re: RegExp) => (path: string, status: PageStatus) => status === 200 && re.test(path);

/** The pages the box office draws, first match wins. */
export const DRAWN_PAGES: readonly DrawnPage[] = [
  { matches: exact(BOARD), module: 'src/flows/events/EventsBoardPage.tsx' },
  { matches: exact(ORDER), module: 'src/flows/order/OrderPage.tsx', answers: orderAnswers },
  {
    matches: exact(/^\/digital\/?$/),
    module: 'src/flows/vouchers/VouchersPage.tsx',
    fresh: true,
    answers: async ({ deps }) => ({
      [LIST_KEYS.vouchers]: asSent(
        VouchersForSaleAnswerSchema,
        await vouchersForSale(deps.db.kysely, deps.settings.timeZone, deps.clock.now()),
      ),
    }),
  },
  {
    matches: exact(/^\/donations\/?$/),
    module: 'src/flows/donations/DonationsPage.tsx',
    answers: async ({ deps }) => ({
      [LIST_KEYS.donations]: asSent(DonationsAnswerSchema, await donationFunds(deps.db.kysely)),
    }),
  },
  {
    matches: exact(/^\/membership\/?$/),
    module: 'src/flows/memberships/MembershipsPage.tsx',
    answers: async ({ deps }) => ({
      [LIST_KEYS.memberships]: asSent(MembershipsAnswerSchema, {
        memberships: await describeMemberships(deps.db.kysely, await membershipsOnSale(deps.db.kysely)),
      }),
    }),
  },
  {
    matches: exact(EDOCUMENT),
    module: 'src/flows/edocument/EDocumentPage.tsx',
    personal: true,
    answers: edocumentAnswers,
    // Without a language in its link an e-ticket speaks its order's (useOrderLanguage.ts).
    ownLocale: (answers) => (Object.values(answers)[0] as { locale?: Locale } | undefined)?.locale ?? null,
  },
  // A path the shop has no page for: its 404 page, the same for every such path (404 for an unknown
  // presentation or code is its page's own, drawn by the browser).
  {
    matches: (path, status) => status === 404 && !isKnownPath(path),
    module: null,
    url: '/not-found',
    answers: () => Promise.resolve({}),
  },
];
