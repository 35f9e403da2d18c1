import { HotBody } from '../hotBody.ts';
import type { PageHead } from './head.ts';
import type { PageRenderer, RenderedPage } from './pageRender.ts';

/**
 * The shop's pages as sent: one body per page head (a page drawn by the browser) or per render kept
 * with its head (a page drawn by the box office), written, hashed and compressed once. Both live 10 s at
 * most (their heads' cache, pageHeads.ts), and a body goes with them.
 */
export class PageBodies {
  private readonly bodies = new WeakMap<PageHead | RenderedPage, HotBody>();
  private readonly renderer: PageRenderer | null;

  constructor(renderer: PageRenderer | null) {
    this.renderer = renderer;
  }

  /** Whether a render is the same for every request (not the customer's own, not drawn for one). */
  kept(rendered: RenderedPage): boolean {
    return this.renderer?.isKept(rendered) === true;
  }

  of(source: PageHead | RenderedPage, write: () => string): HotBody {
    let body = this.bodies.get(source);
    if (!body) this.bodies.set(source, (body = new HotBody(write())));
    return body;
  }
}
