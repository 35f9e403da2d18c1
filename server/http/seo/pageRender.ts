import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../src/api/contract/common.ts';
import { SettingsAnswerSchema } from '../../../src/api/contract/session.ts';
import type { PageData } from '../../../src/ssr/pageData.ts';
import type { RenderInput, Rendered } from '../../../src/ssr/renderPage.tsx';
import { shopMenu } from '../../services/menu/shopMenu.ts';
import type { PageHead } from './head.ts';
import type { PageStatus } from '../pageStatus.ts';
import { DRAWN_PAGES, type DrawnPage } from './drawnPages.ts';
import { TtlCache } from '../../ttlCache.ts';
import { SSR_ENTRY, SSR_FOLDER } from './ssrBundle.ts';

/** How long a page whose answers change with every order is kept (drawnPages.ts `fresh`). */
export const FRESH_PAGE_MS = 1000;
/** The shop's shell in Vite's manifest: every drawn page's script loads it after the entry (src/main.tsx). */
const SHELL_MODULE = 'src/app/shell.tsx';

/** Vite's manifest of the browser's bundle: a source module's file, its static imports and its CSS. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** A stylesheet of the built shop and its text. */
export interface PageStyle {
  href: string;
  css: string;
}

/** A page as the box office drew it: the HTML inside #root, and what its code needs in the head. */
export interface RenderedPage {
  html: string;
  /**
   * Every stylesheet the page is drawn with (the entry's, then its route's chunks'), inlined in the head:
   * a phone paints it with the page's one answer, not after a round of stylesheet requests.
   */
  styles: PageStyle[];
  /** The page's own modules: preloaded, so hydration waits for no chain of imports. */
  modules: string[];
  /** What it was drawn with (the answers, the time, the screen): inlined for the shop to hydrate with. */
  data: PageData;
  /** The language it was drawn in: its head's, or its own (an e-ticket's order's). */
  locale: Locale;
  /** The customer's own (an e-ticket): never kept by a cache. */
  personal: boolean;
}

const localesDir = join(import.meta.dirname, '..', '..', '..', 'locales');

/**
 * The box office's side of server rendering (issue 39): the shop's own renderer, built with it
 * (scripts/build.ts: `<dist>/.ssr/renderPage.js`, src/ssr/renderPage.tsx), given the venue's settings,
 * its menu, the locale's texts and the page's data, and the stylesheets and modules of the page's route
 * from Vite's manifest. A render lives as long as the page head it was drawn with (the same data the
 * page inlines): one render per page, language and catalogue generation every 10 s at most. Without a
 * built renderer (the development server, tests without a build) pages are drawn by the browser alone.
 */
export class PageRenderer {
  /** By the head a page was drawn with (10 s), then the address drawn. */
  private readonly renders = new WeakMap<PageHead, Map<string, Promise<RenderedPage | null>>>();
  /** Pages whose answers change with every order (drawnPages.ts `fresh`): kept a second. */
  private readonly briefly: TtlCache<string, RenderedPage | null>;
  /** The renders kept with their heads, shared by every request for the page. */
  private readonly keptRenders = new WeakSet<RenderedPage>();
  private readonly messages = new Map<Locale, Record<string, unknown>>();
  private readonly sheets = new Map<string, string>();
  private readonly app: FastifyInstance;
  private readonly render: (input: RenderInput) => Promise<Rendered>;
  private readonly manifest: Manifest;

  private readonly staticDir: string;

  private constructor(
    app: FastifyInstance,
    staticDir: string,
    render: PageRenderer['render'],
    manifest: Manifest,
  ) {
    this.app = app;
    this.briefly = new TtlCache(FRESH_PAGE_MS, () => app.deps.clock.now(), 200);
    this.staticDir = staticDir;
    this.render = render;
    this.manifest = manifest;
  }

  /** The built shop's renderer, or null where the shop was built without one. */
  static async load(app: FastifyInstance, staticDir: string): Promise<PageRenderer | null> {
    const entry = join(staticDir, SSR_FOLDER, SSR_ENTRY);
    const manifest = join(staticDir, '.vite', 'manifest.json');
    if (!existsSync(entry) || !existsSync(manifest)) return null;
    const mod = (await import(pathToFileURL(entry).href)) as {
      renderPage: (input: RenderInput) => Promise<Rendered>;
    };
    return new PageRenderer(
      app,
      staticDir,
      mod.renderPage,
      JSON.parse(readFileSync(manifest, 'utf8')) as Manifest,
    );
  }

  /**
   * The page drawn with React, or null when the box office does not draw it or cannot (the page is then
   * the browser's to draw, as before: a failed render is logged, never an error page).
   */
  page(
    path: string,
    head: PageHead,
    status: PageStatus,
    screen: { phone: boolean; languageAsked: boolean },
  ): Promise<RenderedPage | null> {
    const { phone, languageAsked } = screen;
    const page = DRAWN_PAGES.find((p) => p.matches(path, status));
    if (!page) return Promise.resolve(null);
    const url = page.url ?? path;
    const draw = () =>
      this.draw(page, url, head, phone, languageAsked).catch((err: unknown) => {
        this.app.log.warn({ err, path }, 'the page could not be rendered on the server');
        return null;
      });
    if (page.personal) return draw();
    const key = `${url}|${phone ? 'phone' : 'wide'}`;
    if (page.fresh) return this.briefly.get(`${head.locale}|${key}`, () => this.keeping(draw()));
    return this.kept(head, key, draw);
  }

  /** A render shared by every request while it is kept (sent as bytes compressed once: shopPages.ts). */
  private keeping(rendered: Promise<RenderedPage | null>): Promise<RenderedPage | null> {
    return rendered.then((r) => {
      if (r) this.keptRenders.add(r);
      return r;
    });
  }

  /** Whether a render is kept with its head (drawn once for everyone), not drawn for one request. */
  isKept(rendered: RenderedPage): boolean {
    return this.keptRenders.has(rendered);
  }

  private kept(head: PageHead, key: string, draw: () => Promise<RenderedPage | null>) {
    let byUrl = this.renders.get(head);
    if (!byUrl) this.renders.set(head, (byUrl = new Map()));
    let rendered = byUrl.get(key);
    if (!rendered) byUrl.set(key, (rendered = this.keeping(draw())));
    return rendered;
  }

  private async draw(
    page: DrawnPage,
    url: string,
    head: PageHead,
    phone: boolean,
    languageAsked: boolean,
  ): Promise<RenderedPage | null> {
    const { settings, db, clock } = this.app.deps;
    // The board's head carries its answers (the shop's own first render uses them without a renderer).
    const inlined = head.inlineData?.data as PageData | undefined;
    const answers = page.answers ? await page.answers(this.app, url) : null;
    const drawn = inlined ?? (answers ? { answers, now: clock.now() } : null);
    if (!drawn) return null;
    const data: PageData = { ...drawn, phone };
    const own = !languageAsked && answers ? page.ownLocale?.(answers) : null;
    const locale = own && settings.locales.enabled.includes(own) ? own : head.locale;
    const rendered = await this.render({
      url,
      locale,
      // As GET /api/settings answers it (the answer schema keeps only what the shop is sent).
      settings: SettingsAnswerSchema.parse(settings),
      menu: await shopMenu(db.kysely, settings, () => clock.now()),
      messages: this.messagesOf(locale),
      data,
    });
    if (rendered.kind !== 'page') return null;
    return {
      html: rendered.html,
      ...this.assetsOf(page.module),
      data,
      locale,
      personal: page.personal === true,
    };
  }

  /**
   * The shell's and a route module's chunks (less the entry's, which the page loads anyway) and every
   * stylesheet the page needs: the entry's, the shell's, then those of the route's chunks, through their
   * static imports.
   */
  private assetsOf(module: string | null): { styles: PageStyle[]; modules: string[] } {
    const entryKey = Object.keys(this.manifest).find((k) => this.manifest[k]!.isEntry);
    // Imports before importers, as the browser evaluates them: a component's dependencies' styles come
    // before its own (the order Mantine's stylesheets ask for).
    const seen = new Set<string>();
    const collect = (key: string | undefined, into: Set<string>) => {
      if (!key || seen.has(key) || !this.manifest[key]) return;
      seen.add(key);
      for (const i of this.manifest[key].imports ?? []) collect(i, into);
      into.add(key);
    };
    const loaded = new Set<string>();
    collect(entryKey, loaded);
    const own = new Set<string>();
    // The shell the entry loads after its own graph (src/main.tsx: in tasks of their own), then the route.
    collect(SHELL_MODULE, own);
    if (module) collect(module, own);
    const hrefs = new Set<string>();
    const modules: string[] = [];
    for (const key of [...loaded, ...own]) {
      const chunk = this.manifest[key]!;
      if (!loaded.has(key)) modules.push(`/${chunk.file}`);
      for (const css of chunk.css ?? []) hrefs.add(`/${css}`);
    }
    return { styles: [...hrefs].map((href) => ({ href, css: this.sheet(href) })), modules };
  }

  /** A built stylesheet's text, read once. */
  private sheet(href: string): string {
    let css = this.sheets.get(href);
    if (css === undefined) {
      css = readFileSync(join(this.staticDir, href), 'utf8');
      this.sheets.set(href, css);
    }
    return css;
  }

  private messagesOf(locale: Locale): Record<string, unknown> {
    let messages = this.messages.get(locale);
    if (!messages) {
      messages = JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8')) as Record<
        string,
        unknown
      >;
      this.messages.set(locale, messages);
    }
    return messages;
  }
}
