import { boardKey, PAGE_DATA_ID, type PageData } from '../../../src/ssr/pageData.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Locale, LocaleSchema, parseDecimalId } from '../../../src/api/contract/common.ts';
import {
  type PresentationSummary,
  PresentationsAnswerSchema,
} from '../../../src/api/contract/presentations.ts';
import { textIn as pickText } from '../../../src/domain/pageText.ts';
import { listed, listPresentations } from '../../services/catalogue/presentations.ts';
import { isSoldHere } from '../../services/catalogue/scope.ts';
import { TtlCache } from '../../ttlCache.ts';
import { catalogueGeneration } from '../../services/catalogue/generation.ts';
import { posterInSize, posterPath } from '../../../src/domain/posters.ts';
import type { PageHead } from './head.ts';
import {
  type EventContext,
  eventDescription,
  eventList,
  presentationEvent,
  presentationPath,
} from './jsonLd.ts';
import { localizedUrl } from './sitemap.ts';

/** Pages no crawler should index: personal, staff and development pages (robots.txt keeps them out too). */
const PRIVATE =
  /^\/(edocument|customer-area|waiver|staff|dev|preview|sandbox)(\/|$)|^\/vod\/[^/]+\/[^/]+\/?$/;
const PRESENTATION = /^\/(order|vod)\/([^/]+)\/?$/;
/** The events board's addresses: `/` and `/order`. */
export const BOARD = /^\/(order\/?)?$/;
/** Posters the board's page preloads. */
const FIRST_POSTERS = 2;

/** The board lists at most this many events in its JSON-LD (the head stays small). */
const BOARD_EVENTS = 30;
/** The shop's picture for link previews (public/og-image.png): PNG, as Facebook and X show no SVG. */
export const SHOP_IMAGE = '/og-image.png';

type Texts = { name: string; tagline: string; board: string };
const localesDir = join(import.meta.dirname, '..', '..', '..', 'locales');

/**
 * Each page's head for crawlers and link previews (title, description, Open Graph, JSON-LD), in its
 * language. On an on-sale day these pages are hot: the board (with the box office's seat availability)
 * is read once per 10 s, and a finished head is kept 10 s per page and language; both follow a change of
 * the catalogue at once (its generation, services/catalogue/generation.ts).
 */
export class PageHeads {
  private readonly boards: TtlCache<string, PresentationSummary[]>;
  private readonly heads: TtlCache<string, PageHead>;
  private readonly posters = new Map<number, boolean>();
  private readonly texts = new Map<Locale, Texts>();

  private readonly app: FastifyInstance;
  private readonly staticDir: string;

  constructor(app: FastifyInstance, staticDir: string) {
    this.app = app;
    this.staticDir = staticDir;
    const now = () => app.deps.clock.now();
    this.boards = new TtlCache(10_000, now, 4);
    this.heads = new TtlCache(10_000, now, 2000);
  }

  get baseUrl(): string {
    return this.app.deps.config.publicUrl;
  }

  get defaultLocale(): Locale {
    return this.app.deps.settings.locales.default;
  }

  get enabledLocales(): Locale[] {
    return this.app.deps.settings.locales.enabled;
  }

  /** The page's language: an enabled `language` in the query, else the default. */
  localeOf(language: unknown): { locale: Locale; valid: boolean } {
    if (language === undefined) return { locale: this.defaultLocale, valid: true };
    const parsed = LocaleSchema.safeParse(language);
    return parsed.success && this.enabledLocales.includes(parsed.data)
      ? { locale: parsed.data, valid: true }
      : { locale: this.defaultLocale, valid: false };
  }

  /**
   * Upcoming presentations this shop sells, as the board lists them: checked against the answer schema
   * of `GET /api/seats/presentations`, as that route's serializer does, since the shop reads the inlined
   * copy without parsing it again (src/flows/events/bootBoard.ts).
   */
  async board(): Promise<PresentationSummary[]> {
    const { db, clock, settings } = this.app.deps;
    return this.boards.get(String(await catalogueGeneration(db.kysely)), async () => {
      const presentations = (await listPresentations(db.kysely, clock.now())).filter((p) =>
        isSoldHere(settings, p),
      );
      return PresentationsAnswerSchema.encode({ presentations }).presentations;
    });
  }

  async head(path: string, language: unknown, known: boolean): Promise<PageHead> {
    const { locale, valid } = this.localeOf(language);
    const noindex = !known || !valid || PRIVATE.test(path);
    // A page kept out of the index gets the shop's plain head, whatever its path: one entry per language.
    // A page's head is of one catalogue generation (a show moved or called off changes it).
    const generation = noindex ? '' : await catalogueGeneration(this.app.deps.db.kysely);
    const key = noindex ? `${locale}|noindex` : `${generation}|${locale}|${path}`;
    return this.heads.get(key, () => this.build(path, locale, noindex));
  }

  private async build(path: string, locale: Locale, noindex: boolean): Promise<PageHead> {
    const t = this.textsOf(locale);
    const plain: PageHead = {
      locale,
      title: t.name,
      description: t.tagline,
      images: [this.absolute(SHOP_IMAGE)],
      noindex,
      jsonLd: [],
      siteName: t.name,
    };
    if (noindex) return plain;
    const canonical = localizedUrl(this.baseUrl, path, locale, this.defaultLocale);
    const alternates = Object.fromEntries(
      this.enabledLocales.map((l) => [l, localizedUrl(this.baseUrl, path, l, this.defaultLocale)]),
    );
    const match = PRESENTATION.exec(path);
    if (match) {
      const id = parseDecimalId(match[2]!);
      const p = (await this.board()).find((x) => x.id === id && (match[1] === 'vod') === x.isVod);
      // A presentation that is over (or not sold here) keeps the shop's head, out of the index.
      if (!p) return { ...plain, noindex: true };
      const own = presentationPath(p);
      const ctx = this.eventContext(p, locale);
      return {
        ...plain,
        title: `${pickText(p.title, locale)} | ${t.name}`,
        description: eventDescription(p, ctx),
        canonical: localizedUrl(this.baseUrl, own, locale, this.defaultLocale),
        alternates: Object.fromEntries(
          this.enabledLocales.map((l) => [l, localizedUrl(this.baseUrl, own, l, this.defaultLocale)]),
        ),
        // Link previews show no SVG: an uploaded poster's JPEG first; else the shop's PNG first, the
        // drawn poster after it for those that can.
        images: p.poster ? ctx.images : [...ctx.images].reverse(),
        type: 'article',
        jsonLd: [presentationEvent(p, ctx)],
      };
    }
    if (BOARD.test(path)) {
      const board = await this.board();
      const events = board
        .slice(0, BOARD_EVENTS)
        .map((p) => presentationEvent(p, this.eventContext(p, locale)));
      return {
        ...plain,
        title: `${t.board} | ${t.name}`,
        canonical,
        alternates,
        jsonLd: events.length ? [eventList(events)] : [],
        // The board's first paint waits for neither its list nor its first posters, nor the scripts.
        preloadImages: this.firstPosters(board),
        // As GET /api/seats/presentations answers it (the JSON-LD above has the venues' addresses): the
        // shop's first render of the board asks for nothing (src/ssr/pageData.ts).
        inlineData: {
          id: PAGE_DATA_ID,
          data: {
            answers: { [boardKey(null)]: { presentations: board.map(listed) } },
            now: this.app.deps.clock.now(),
          } satisfies PageData,
        },
      };
    }
    return { ...plain, canonical, alternates };
  }

  private eventContext(p: PresentationSummary, locale: Locale): EventContext {
    const { settings } = this.app.deps;
    const images = [this.absolute(SHOP_IMAGE)];
    // The feature's uploaded poster (its JPEG), else the shop's drawing when it has one (JSON-LD takes
    // SVG, link previews take the PNG).
    const poster = p.poster ? posterInSize(p.poster, 'preview') : this.posterOf(p);
    if (poster) images.unshift(this.absolute(poster));
    return {
      baseUrl: this.baseUrl,
      locale,
      timeZone: settings.timeZone,
      currency: settings.currency,
      country: settings.country,
      images,
    };
  }

  /** The posters the board shows first: videos at home lead, then the features by their first showtime. */
  private firstPosters(board: readonly PresentationSummary[]): string[] {
    const order = [...board].sort(
      (a, b) => Number(b.isVod) - Number(a.isVod) || a.dateTime.localeCompare(b.dateTime),
    );
    const first = new Map<number, string>();
    for (const p of order) {
      const poster = this.posterOf(p);
      if (poster && !first.has(p.featureId)) first.set(p.featureId, poster);
    }
    return [...first.values()].slice(0, FIRST_POSTERS);
  }

  /** The poster the board shows for a presentation's feature: uploaded, drawn, or none. */
  private posterOf(p: PresentationSummary): string | null {
    if (p.poster) return p.poster;
    return this.hasDrawnPoster(p.featureId) ? posterPath(p.featureId) : null;
  }

  private hasDrawnPoster(featureId: number): boolean {
    let has = this.posters.get(featureId);
    if (has === undefined) {
      has = existsSync(join(this.staticDir, 'posters', `feature-${featureId}.svg`));
      this.posters.set(featureId, has);
    }
    return has;
  }

  private absolute(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  private textsOf(locale: Locale): Texts {
    let t = this.texts.get(locale);
    if (!t) {
      const all = JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8')) as {
        app?: { name?: string; tagline?: string };
        events?: { title?: string };
      };
      t = {
        name: all.app?.name ?? 'Tickets',
        tagline: all.app?.tagline ?? '',
        board: all.events?.title ?? '',
      };
      this.texts.set(locale, t);
    }
    return t;
  }
}
