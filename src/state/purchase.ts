import { proxy, subscribe } from 'valtio';
import type { LocalizedText } from '../api/contract/common.ts';

/**
 * The purchase carts beside the seat cart (spec section 4): vouchers, donations and memberships (a
 * season enrolment keeps its held seats in its own flow's state, and only marks its kind here). One of
 * them at a time: starting a voucher cart clears a donation or membership cart, and so on. The seat cart, whose seats are held and time-limited, is left alone. Kept for this browser
 * tab (sessionStorage), so a reload, the header's cart and a payment page's return find it again.
 */

export type PurchaseKind = 'vouchers' | 'donations' | 'memberships' | 'enrolment';

/** A voucher the customer is buying: one line per offer (spec section 9: at most 10 of one voucher). */
export interface VoucherLine {
  offerId: number;
  kind: 'fixed' | 'open' | 'dated';
  name: LocalizedText;
  /** Fixed and dated: the price chosen. */
  priceId: number | null;
  /** Open price: the amount named, in agorot (null until the customer types one). */
  amount: number | null;
  /** Dated: the date chosen (YYYY-MM-DD). */
  date: string | null;
  quantity: number;
  /** The price of one, as the offer listed it (the box office prices it again); null until known. */
  unitPrice: number | null;
}

/** A donation to one fund: a fixed amount of the fund's, or a custom one within its bounds. */
export interface DonationLine {
  fundId: number;
  code: string;
  name: LocalizedText;
  /** One of the fund's fixed amounts; null for a custom amount (or nothing chosen yet). */
  amountId: number | null;
  /** Agorot: the fixed amount's, or what the donor typed. */
  amount: number | null;
  custom: boolean;
  quantity: number;
}

/** A membership the customer is buying (spec section 9: at most 2 in an order). */
export interface MembershipLine {
  membershipId: number;
  code: string;
  name: LocalizedText;
  priceId: number;
  /** The price code that showed a hidden price. */
  priceCode: string | null;
  priceName: LocalizedText;
  /** Agorot (or the currency's cents), as listed; the box office prices it again. */
  price: number;
  currencyCode: string;
  kind: 'new' | 'renewal' | 'topUp';
  /** Renewal and top-up: the member. */
  memberNumber: string | null;
  references: Record<string, string>;
  termsAccepted: boolean;
  /** A membership that carries seats: the seat held in each of its presentations. */
  seat: { si: number; x: number; y: number; tg: number; label: string } | null;
}

/** A voucher-shop product bought with vouchers. */
export interface ProductLine {
  id: number;
  name: LocalizedText;
  price: number;
  quantity: number;
  isDeliveryRequired: boolean;
}

export interface PurchaseCart {
  /** The cart started last; null while none holds anything. */
  kind: PurchaseKind | null;
  vouchers: VoucherLine[];
  donations: DonationLine[];
  memberships: MembershipLine[];
  products: ProductLine[];
  /** The cart that starting this one emptied, so the flow can say so once. */
  cleared: PurchaseKind | null;
}

const KEY = 'shop.purchaseCart';

function empty(): PurchaseCart {
  return { kind: null, vouchers: [], donations: [], memberships: [], products: [], cleared: null };
}

function load(): PurchaseCart {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
    if (!raw) return empty();
    const saved = JSON.parse(raw) as Partial<PurchaseCart>;
    return {
      kind: saved.kind ?? null,
      vouchers: Array.isArray(saved.vouchers) ? saved.vouchers : [],
      donations: Array.isArray(saved.donations) ? saved.donations : [],
      memberships: Array.isArray(saved.memberships) ? saved.memberships : [],
      products: Array.isArray(saved.products) ? saved.products : [],
      cleared: null,
    };
  } catch {
    return empty();
  }
}

/**
 * A page the box office drew (issue 39) is hydrated as it was drawn, for anyone: the tab's cart comes
 * back once it is (restorePurchase, from src/main.tsx), and is kept again only from then on. Any other
 * page starts with it.
 */
const drawn =
  typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute('data-ssr') === true;
let restored = !drawn;

export const purchase = proxy<PurchaseCart>(drawn ? empty() : load());

/** The tab's cart, into a page the box office drew, once hydrated (any other page has it already). */
export function restorePurchase(): void {
  if (restored) return;
  restored = true;
  Object.assign(purchase, load());
}

subscribe(purchase, () => {
  if (!restored) return;
  try {
    const { cleared: _c, ...kept } = purchase;
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, quota): the cart then lasts for this page only.
  }
});

/** Lines with a quantity: what the cart really holds. */
export const chosenVouchers = (c: Pick<PurchaseCart, 'vouchers'>) => c.vouchers.filter((l) => l.quantity > 0);
export const chosenDonations = (c: Pick<PurchaseCart, 'donations'>) =>
  c.donations.filter((l) => l.quantity > 0);
export const chosenProducts = (c: Pick<PurchaseCart, 'products'>) => c.products.filter((l) => l.quantity > 0);

/** Whether a cart of this kind holds anything (an enrolment is held by its own flow: never here). */
export function holds(c: PurchaseCart, kind: PurchaseKind): boolean {
  if (c.kind !== kind) return false;
  if (kind === 'vouchers') return chosenVouchers(c).length > 0;
  if (kind === 'donations') return chosenDonations(c).length > 0;
  if (kind === 'memberships') return c.memberships.length > 0;
  return false;
}

/**
 * Starts a cart of this kind: a cart of another kind that held anything is emptied (spec section 4,
 * "starting a voucher, membership or donation cart clears the other carts"), and `cleared` says which.
 */
export function startPurchase(kind: PurchaseKind): void {
  if (purchase.kind === kind) return;
  const other = purchase.kind;
  const had = other !== null && holds(purchase, other);
  purchase.vouchers = [];
  purchase.donations = [];
  purchase.memberships = [];
  purchase.products = [];
  purchase.kind = kind;
  purchase.cleared = had ? other : null;
}

/** Sets a voucher line (by offer), starting the voucher cart. */
export function setVoucherLine(line: VoucherLine): void {
  startPurchase('vouchers');
  const i = purchase.vouchers.findIndex((l) => l.offerId === line.offerId);
  if (i < 0) purchase.vouchers.push(line);
  else purchase.vouchers[i] = line;
}

/** Keeps only these offers' lines (a per-voucher next button buys that voucher alone). */
export function keepVoucherLines(offerIds: readonly number[]): void {
  purchase.vouchers = purchase.vouchers.filter((l) => offerIds.includes(l.offerId));
}

/** Sets a donation line (by fund), starting the donation cart. */
export function setDonationLine(line: DonationLine): void {
  startPurchase('donations');
  const i = purchase.donations.findIndex((l) => l.fundId === line.fundId);
  if (i < 0) purchase.donations.push(line);
  else purchase.donations[i] = line;
}

/** Sets a voucher-shop product's quantity (the voucher cart's products). */
export function setProductLine(line: ProductLine): void {
  const i = purchase.products.findIndex((l) => l.id === line.id);
  if (i < 0) purchase.products.push(line);
  else purchase.products[i] = line;
}

/** Empties the cart of this kind (after its order completed, or from the header's cart). */
export function clearPurchase(kind: PurchaseKind): void {
  if (purchase.kind !== kind) return;
  Object.assign(purchase, empty());
}

export function dismissCleared(): void {
  purchase.cleared = null;
}
