import { proxy } from 'valtio';
import type { IntegrationAnswer, MiniSite } from '../api/contract/partners.ts';

/**
 * The partner context the customer is in (issue 20), for the tab's session: the mini-site they came
 * through (`/mini-site/{slug}`, or `/order/{id}?miniSiteUrl={slug}`) and the integration entry a
 * partner's signed link opened (`/integration`). The api client adds it to every call of an order
 * (the presentation, its ticket groups, the seat status, the commit); the box office decides what it
 * unlocks. Kept in sessionStorage so a reload keeps it; a new tab starts without.
 *
 * The mini-site is left when the customer opens the plain events board; the integration stays until it
 * expires (it unlocks prices, it does not narrow the board).
 */
export interface PartnerContextState {
  miniSite: Pick<MiniSite, 'id' | 'slug'> | null;
  integration: IntegrationAnswer | null;
}

const KEY = 'partnerContext';

function load(): PartnerContextState {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    if (raw) return JSON.parse(raw) as PartnerContextState;
  } catch {
    // Storage unreadable (private mode, a bad value): no context.
  }
  return { miniSite: null, integration: null };
}

export const partnerContext = proxy<PartnerContextState>(load());

// An order link naming a mini-site (`/order/{id}?miniSiteUrl={slug}`) puts the customer in it.
try {
  const slug = new URLSearchParams(globalThis.location?.search ?? '').get('miniSiteUrl');
  if (slug && partnerContext.miniSite?.slug !== slug) partnerContext.miniSite = { id: 0, slug };
} catch {
  // No location (tests outside a browser): nothing to adopt.
}

function save(): void {
  try {
    globalThis.sessionStorage?.setItem(
      KEY,
      JSON.stringify({ miniSite: partnerContext.miniSite, integration: partnerContext.integration }),
    );
  } catch {
    // Storage full or off: the context lasts for this page only.
  }
}

/** The customer is in a mini-site (its storefront, or an order link naming it). */
export function enterMiniSite(site: { id?: number | undefined; slug: string }): void {
  const id = site.id ?? (partnerContext.miniSite?.slug === site.slug ? partnerContext.miniSite.id : 0);
  partnerContext.miniSite = { id, slug: site.slug };
  save();
}

/** The customer opened the plain board: later orders are not through the mini-site. */
export function leaveMiniSite(): void {
  if (partnerContext.miniSite === null) return;
  partnerContext.miniSite = null;
  save();
}

/** A partner's signed link was accepted: its entry rides on the order calls until it expires. */
export function enterIntegration(entry: IntegrationAnswer): void {
  partnerContext.integration = entry;
  save();
}

/** The live integration entry, if any (an expired one is dropped). */
export function liveIntegration(now = Date.now()): IntegrationAnswer | null {
  const entry = partnerContext.integration;
  if (entry && Date.parse(entry.expiresAt) <= now) {
    partnerContext.integration = null;
    save();
    return null;
  }
  return entry;
}

/** The context as query fields of a read (`miniSiteUrl`, `integrationId`); empty outside any. */
export function partnerQuery(): { miniSiteUrl?: string; integrationId?: string } {
  const integration = liveIntegration();
  return {
    ...(partnerContext.miniSite ? { miniSiteUrl: partnerContext.miniSite.slug } : {}),
    ...(integration ? { integrationId: integration.integrationId } : {}),
  };
}

/**
 * A commit body with the context: `miniSiteUrl` and `integrationId`, and `cart.referralMiniSiteId` when
 * the mini-site's id is known (the box office checks that it names the mini-site of `miniSiteUrl`).
 */
export function withPartnerContext<B extends { cart: object }>(body: B): B {
  const q = partnerQuery();
  if (!q.miniSiteUrl && !q.integrationId) return body;
  const id = partnerContext.miniSite?.id;
  return {
    ...body,
    ...q,
    cart: { ...body.cart, ...(q.miniSiteUrl && id ? { referralMiniSiteId: id } : {}) },
  };
}
