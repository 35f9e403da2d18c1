/**
 * The shop's routes (spec section 2), shared by the router and the server, which answers unknown
 * pages with status 404 while still serving the shop so it can show its 404 page.
 */
export const paths = {
  index: '/',
  order: '/order',
  orderPresentation: '/order/:presentationId',
  digital: '/digital',
  digitalPresentation: '/digital/Presentation',
  /** The configured vouchers target (spec section 2): it leads to the voucher shop at /digital. */
  systemVouchers: '/system-vouchers',
  donations: '/donations',
  membership: '/membership',
  /** The configured memberships target (spec section 2): it leads to the membership list. */
  memberships: '/memberships',
  membershipOrder: '/membership/:membershipCode',
  membershipPriceOrder: '/membership/:membershipCode/:membershipPriceCode',
  enroll: '/enroll/:membershipCode',
  edocument: '/edocument/:documentKey',
  /** The configured video target (spec section 2): the customer's videos. */
  vodList: '/vod',
  vod: '/vod/:vodId',
  vodWithReservation: '/vod/:resId/:vodId',
  /** The personal area (spec section 2), and the page a login link opens. */
  customerArea: '/customer-area',
  customerAreaLogin: '/customer-area/login/:token',
  /** Development: the SMS the outbox sender kept. */
  devSmsOutbox: '/dev/sms-outbox',
  /** Development: the e-mail the outbox sender kept. */
  devMailOutbox: '/dev/mail-outbox',
  /** An order's signed liability waiver, printable (its customer, the e-ticket's key `k`, or staff). */
  waiver: '/waiver/:reservationIdentifier',
  /**
   * Staff: the back office (src/backoffice, its own lazy-loaded area): `/staff` and every path under it,
   * so its screens can have their own addresses; an unknown one still opens the back office, not a 404.
   */
  staff: '/staff/*',
  /** Staff at the door (issue 37): scanning tickets on a phone, full screen, outside the shop's frame. */
  door: '/door',
  /** Staff: load a seat plan JSON and see it drawn, with its figures and problems. */
  preview: '/preview',
  /** The configured mini-site target (spec section 2): the venue's partner mini-sites (issue 20). */
  miniSites: '/mini-site',
  /** A partner's storefront: its presentations, at its prices. */
  miniSite: '/mini-site/:slug',
  /** A partner's signed entry link: /integration?TS=…&ret=…&key=…[&presentationId=…]. */
  integration: '/integration',
} as const;

export const edocumentPath = (documentKey: string) => `/edocument/${encodeURIComponent(documentKey)}`;

/** An order's signed waiver; with the order's document key when the reader may not be logged in. */
export const waiverPath = (reservationIdentifier: string, key?: string) =>
  `/waiver/${encodeURIComponent(reservationIdentifier)}${key ? `?k=${encodeURIComponent(key)}` : ''}`;

// The index is exactly '/'; other routes accept one trailing slash; a route ending in `/*` (the router's
// splat) is its own path and every path under it.
const patterns = Object.values(paths).map((p) =>
  p === '/' ? /^\/$/ : new RegExp(`^${p.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\/\*$/, '(?:/.*)?')}/?$`),
);

/** True for a path the router knows, or an external link (`/http...`). */
export function isKnownPath(pathname: string): boolean {
  if (isExternalLinkPath(pathname)) return true;
  return patterns.some((re) => re.test(pathname));
}

/**
 * A path beginning with /http is an external link: the browser goes to the address after the slash. The
 * box office decides where (server/http/externalLinks.ts: trusted hosts at once, others after a page of
 * its own); the shop never follows one itself. As the spec writes it, lower case: `/HTTPS:…` is no link.
 */
export function isExternalLinkPath(pathname: string): boolean {
  return /^\/https?:/.test(pathname);
}

/** A video on demand's page: its order, or the customer's purchase of it. */
export function vodPath(presentationId: number): string {
  return `/vod/${presentationId}`;
}

export const miniSitePath = (slug: string) => `/mini-site/${encodeURIComponent(slug)}`;

export function orderPath(presentationId: number): string {
  return `/order/${presentationId}`;
}

/** `path` with query parameters added (after any it already carries). */
export function withQuery(path: string, params: Record<string, string>): string {
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;
}
