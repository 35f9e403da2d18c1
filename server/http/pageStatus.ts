import type { FastifyInstance } from 'fastify';
import { parseDecimalId, VOD_VENUE_TYPES } from '../../src/api/contract/common.ts';
import { isKnownPath } from '../../src/routing/paths.ts';
import { isSoldHere } from '../services/catalogue/scope.ts';
import { membershipsOnSale } from '../services/memberships/catalogue.ts';
import { eDocumentOpenUntil } from '../services/orders/documents.ts';
import { listMiniSites } from '../services/partners/miniSites.ts';
import { TtlCache } from '../ttlCache.ts';
import { catalogueGeneration } from '../services/catalogue/generation.ts';
import type { PageHeads } from './seo/pageHeads.ts';

/**
 * 200: the page shows what it names; 404: the shop shows its not-found page (unknown path, id, key,
 * code or slug, or a `language` that is not enabled); 410: what it names is over for good (a presentation
 * whose sale has ended, a video whose window has closed, an e-ticket past its presentation).
 */
export type PageStatus = 200 | 404 | 410;

/** The shop's pages whose subject the box office can look up; the rest answer 200 when their path is known. */
const PRESENTATION = /^\/(order|vod)\/([^/]+)\/?$/;
const VIEWING = /^\/vod\/([^/]+)\/([^/]+)\/?$/;
const EDOCUMENT = /^\/edocument\/([^/]+)\/?$/;
const MEMBERSHIP = /^\/membership\/([^/]+)(?:\/[^/]+)?\/?$/;
const ENROL = /^\/enroll\/([^/]+)\/?$/;
const MINI_SITE = /^\/mini-site\/([^/]+)\/?$/;
// The formats the API's contract takes (VodParamsSchema, DocumentParamsSchema): anything else is unknown.
const RESERVATION_ID = /^[A-Za-z0-9]{4,40}$/;
const DOCUMENT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** The lists of codes and slugs that pages are found by. */
type List = 'memberships' | 'enrolments' | 'miniSites';
type PresentationState = { isVod: boolean; status: PageStatus };

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * The HTTP status of a shop page, so crawlers, link checkers and monitors see what the shop's screen
 * says. The pages are hot on an on-sale day: a presentation is looked up in the events board PageHeads
 * already keeps (10 s); one off the board, an e-ticket, and the lists of membership codes, enrolments
 * and mini-sites are each read once per 10 s at most (a key, an id or the list), never per page view.
 * Private pages are not looked up: a video's viewing page (`/vod/{resId}/{vodId}`) is checked for its
 * format only, as its status would tell anyone whether a reservation exists without its key.
 */
export class PageStatuses {
  private readonly app: FastifyInstance;
  private readonly heads: PageHeads;
  private readonly offBoard: TtlCache<string, PresentationState | null>;
  private readonly documents: TtlCache<string, PageStatus>;
  private readonly lists: TtlCache<List, Set<string>>;

  constructor(app: FastifyInstance, heads: PageHeads) {
    this.app = app;
    this.heads = heads;
    const now = () => app.deps.clock.now();
    this.offBoard = new TtlCache(10_000, now, 2000);
    this.documents = new TtlCache(10_000, now, 2000);
    this.lists = new TtlCache(10_000, now, 4);
  }

  /** `path` without its query; `language`: the query's, when it has one. */
  async of(path: string, language: unknown): Promise<PageStatus> {
    if (!isKnownPath(path)) return 404;
    // Spec section 2: a language that is not an enabled locale gives the 404 page.
    if (language !== undefined && !this.heads.localeOf(language).valid) return 404;
    let m = PRESENTATION.exec(path);
    if (m) return this.presentation(m[1] === 'vod', m[2]!);
    if ((m = VIEWING.exec(path)))
      return RESERVATION_ID.test(m[1]!) && parseDecimalId(m[2]!) !== null ? 200 : 404;
    if ((m = EDOCUMENT.exec(path))) return this.edocument(m[1]!);
    if ((m = MEMBERSHIP.exec(path))) return this.listed('memberships', decoded(m[1]!)?.trim().toUpperCase());
    if ((m = ENROL.exec(path))) return this.listed('enrolments', decoded(m[1]!));
    if ((m = MINI_SITE.exec(path))) return this.listed('miniSites', decoded(m[1]!));
    return 200;
  }

  /** `/order/{id}` (a video's order leads on to `/vod/{id}`), `/vod/{id}` (a video only). */
  private async presentation(vodPage: boolean, segment: string): Promise<PageStatus> {
    const id = parseDecimalId(segment);
    if (id === null) return 404;
    const now = this.app.deps.clock.now();
    const listed = (await this.heads.board()).find((p) => p.id === id);
    const found: PresentationState | null = listed
      ? { isVod: listed.isVod, status: Date.parse(listed.saleEnd) <= now ? 410 : 200 }
      : await this.offBoard.get(`${await catalogueGeneration(this.app.deps.db.kysely)}:${id}`, () =>
          this.lookUp(id),
        );
    if (!found || (vodPage && !found.isVod)) return 404;
    return found.status;
  }

  /**
   * A presentation the board does not list: over (410), not sold here or unknown (null), or one the
   * board has not caught up with yet (it is read once per 10 s).
   */
  private async lookUp(id: number): Promise<PresentationState | null> {
    const { db, settings } = this.app.deps;
    const row = await db.kysely
      .selectFrom('presentations')
      .select(['venue_type_id', 'business_id', 'sale_end'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const isVod = VOD_VENUE_TYPES.has(row.venue_type_id);
    if (!isSoldHere(settings, { businessId: row.business_id, isVod })) return null;
    return { isVod, status: Number(row.sale_end) <= this.app.deps.clock.now() ? 410 : 200 };
  }

  /** `/edocument/{key}`: 410 once it no longer opens, as GET /api/edocument answers edocument_expired. */
  private edocument(key: string): Promise<PageStatus> {
    if (!DOCUMENT_KEY.test(key)) return Promise.resolve(404);
    const { db, settings, clock } = this.app.deps;
    return this.documents.get(key, async () => {
      const order = await db.kysely
        .selectFrom('orders')
        .select(['reservation_identifier', 'state'])
        .where('document_key', '=', key)
        .executeTakeFirst();
      // As loadOrderDocument: a payment under way or one that failed is no order yet.
      if (!order || (order.state !== 'paid' && order.state !== 'held')) return 404;
      const until = await eDocumentOpenUntil(
        db.kysely,
        order.reservation_identifier,
        settings.order.eDocumentGraceMinutes,
      );
      return until !== null && clock.now() >= until ? 410 : 200;
    });
  }

  private async listed(list: List, key: string | null | undefined): Promise<PageStatus> {
    if (!key) return 404;
    return (await this.lists.get(list, () => this.load(list))).has(key) ? 200 : 404;
  }

  /**
   * The keys each page is found by, as its API call finds it: a membership's code in capitals
   * (GET /api/memberships/{code}), an enrolment's id or exact code (GET /api/enroll/{idOrCode}), an
   * active mini-site's slug (GET /api/mini-sites/{slug}).
   */
  private async load(list: List): Promise<Set<string>> {
    const db = this.app.deps.db.kysely;
    if (list === 'miniSites') return new Set((await listMiniSites(db)).map((s) => s.slug));
    const onSale = await membershipsOnSale(db);
    if (list === 'memberships') return new Set(onSale.map((m) => (m.code ?? '').toUpperCase()));
    const enrolments = new Set(
      (await db.selectFrom('enrolment_memberships').select('membership_id').execute()).map(
        (e) => e.membership_id,
      ),
    );
    return new Set(onSale.filter((m) => enrolments.has(m.id)).flatMap((m) => [String(m.id), m.code ?? '']));
  }
}
