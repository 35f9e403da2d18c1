/**
 * What the box office gives a page beside its HTML (issue 39), inlined as
 * `<script type="application/json" id="page-data">`: the answers the page's loads would ask for first,
 * by their `useAsync` key (src/ui/preloaded.ts), and the moment it was drawn at (src/ui/renderClock.ts).
 * The browser's first render uses both, so it draws what the server drew without asking again.
 */
export interface PageData {
  answers: Record<string, unknown>;
  /** Milliseconds since the epoch, the box office's clock. */
  now: number;
  /** Drawn for a phone's screen or not (src/ui/renderClock.ts); absent: the page was not drawn. */
  phone?: boolean;
}

export const PAGE_DATA_ID = 'page-data';

/** The load key of the events board's list: all upcoming presentations, or one business date's. */
export const boardKey = (date: string | null): string => `board:${date ?? 'all'}`;

/** The load key of a presentation's order page: the presentation and its prices. */
export const orderKey = (id: number): string => `order:${id}`;

/** The load key of an e-ticket, by its document key. */
export const edocumentKey = (documentKey: string): string => `edocument:${documentKey}`;

/** The load keys of the lists the shop sells from: vouchers, donation funds, memberships. */
export const LIST_KEYS = {
  vouchers: 'vouchers',
  donations: 'donations',
  memberships: 'memberships',
} as const;

/** The page's data, once: null without the element or when it does not parse (the page then loads). */
export function takePageData(): PageData | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById(PAGE_DATA_ID);
  if (!el?.textContent) return null;
  el.remove();
  try {
    const data = JSON.parse(el.textContent) as Partial<PageData> | null;
    if (typeof data?.now !== 'number' || typeof data.answers !== 'object' || data.answers === null)
      return null;
    return {
      answers: data.answers,
      now: data.now,
      ...(typeof data.phone === 'boolean' ? { phone: data.phone } : {}),
    };
  } catch {
    return null;
  }
}
