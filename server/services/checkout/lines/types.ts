import type { CounterPayment } from '../../../../src/api/contract/counter.ts';
import type { Clerk } from '../../counter/shifts.ts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { CommitCartSchema } from '../../../../src/api/contract/order.ts';
import type { Settings } from '../../../../src/api/contract/session.ts';
import type { SaleLocks } from '../../../db/repositories/saleLocks.ts';
import type { Database } from '../../../db/types.ts';
import type { OrderRows } from '../../orders/contents.ts';
import type { PartnerContext } from '../../partners/context.ts';

export type Trx = Transaction<Database>;
export type Cart = z.output<typeof CommitCartSchema>;

/** What every line kind may need to know about the checkout it is part of. */
export interface CheckoutContext {
  now: number;
  visitor: string;
  /** The logged-in customer placing the order, if any. */
  accountId: string | null;
  settings: Settings;
  maxSeatsPerTransaction: number;
  paymentWindowMs: number;
  isHold: boolean;
  /** Presentations the cart's seats are for (products may be sold with them); filled by the seat lines. */
  presentations: Map<
    number,
    {
      id: number;
      startsAt: number;
      /** The seat lines' presentations also say their waiver and business date (the waiver's line reads them). */
      waiverId?: number | null;
      businessDate?: string;
    }
  >;
  /**
   * The currency the cart is priced in when it is not the venue's (ISO 4217, e.g. a membership price in
   * EUR); set by the line kind that prices it, absent for the venue's own. The order is charged in it.
   */
  currency?: string;
  /** Where the request came from: its address, browser, and the staff user selling at the counter. */
  origin: CheckoutOrigin;
  /** The server's secret: senior tickets' ID numbers are checked and kept as an HMAC with it (issue 20). */
  authSecret?: Buffer | undefined;
  /** The partner mini-site and integration the order is placed through (issue 20); absent: none. */
  partner?: PartnerContext;
  /** Purchases against a change of seat plan version (saleLocks.ts). */
  saleLocks?: SaleLocks | undefined;
}

export interface CheckoutOrigin {
  address: string;
  userAgent: string | null;
  /** A staff user logged in at the box office counter: the order is a box-office sale (spec section 2). */
  staffUsername: string | null;
  /** A sale at the counter (issue 36): the clerk and what they took; the order is paid by it, at once. */
  counter?: { clerk: Clerk; payments: readonly CounterPayment[] };
}

export const ONLINE_ORIGIN: CheckoutOrigin = { address: '', userAgent: null, staffUsername: null };

export interface OrderRef {
  reservationIdentifier: string;
  visitor: string;
  isHold: boolean;
  /** Hold orders: the seats are kept until then. */
  holdDeadline: number | null;
  /**
   * Whether the order has such rows, where the confirmation asked already (a kind's `rows` and `probes`,
   * contents.ts); absent, a step reads its rows to find out.
   */
  has?: (rows: OrderRows) => boolean;
}

export interface LineTotals {
  tickets: number;
  /** Ticket add-ons (3D glasses), priced per seat. */
  addons: number;
  serviceCharge: number;
  products: number;
  /** System vouchers bought (absent: none; seat lines build their totals without these two). */
  vouchers?: number;
  /** Donations given (absent: none). */
  donations?: number;
  /** Memberships bought, renewed or topped up (absent: none). */
  memberships?: number;
  /** A season enrolment (absent: none). */
  enrolment?: number;
}

export const NO_TOTALS: Required<LineTotals> = {
  tickets: 0,
  addons: 0,
  serviceCharge: 0,
  products: 0,
  vouchers: 0,
  donations: 0,
  memberships: 0,
  enrolment: 0,
};

/** The sum of line totals, each part and the order's total. */
export function sumTotals(parts: readonly LineTotals[]): Required<LineTotals> & { total: number } {
  const sum = { ...NO_TOTALS };
  for (const t of parts) {
    sum.tickets += t.tickets;
    sum.addons += t.addons;
    sum.serviceCharge += t.serviceCharge;
    sum.products += t.products;
    sum.vouchers += t.vouchers ?? 0;
    sum.donations += t.donations ?? 0;
    sum.memberships += t.memberships ?? 0;
    sum.enrolment += t.enrolment ?? 0;
  }
  const total =
    sum.tickets +
    sum.addons +
    sum.serviceCharge +
    sum.products +
    sum.vouchers +
    sum.donations +
    sum.memberships +
    sum.enrolment;
  return { ...sum, total };
}

/** The kinds of line a cart may hold (spec section 3: seats, products, vouchers, memberships, donations, video). */
export type LineKindName =
  | 'seatTicket'
  | 'waiver'
  | 'product'
  | 'video'
  | 'systemVoucher'
  | 'gift'
  | 'membership'
  | 'donation'
  | 'seasonEnrolment';

/**
 * One kind of thing a customer can buy. The checkout runs every kind through the same steps, each
 * inside the transaction it is given; a new flow adds a kind, not a checkout.
 */
export interface LineKind<Validated> {
  readonly name: LineKindName;
  /**
   * Reads this kind's lines from the cart and re-checks them against the box office's own data (holds,
   * rules, prices), inside the order's first transaction. Null when the cart holds none.
   */
  validate(trx: Trx, ctx: CheckoutContext, cart: Cart): Promise<Validated | null>;
  /** What the lines cost, from the box office's prices. */
  price(lines: Validated, ctx: CheckoutContext): LineTotals;
  /** Writes the lines of a pending (or held) order and claims what they need. */
  reserve(trx: Trx, ctx: CheckoutContext, order: OrderRef, lines: Validated): Promise<void>;
  /**
   * Where the kind's lines of an order are: `fulfil` has something to do only for an order with rows in
   * one of these, and is not run for any other (the confirmation asks once, contents.ts). None: always run.
   */
  readonly rows?: readonly OrderRows[];
  /** Further rows `fulfil` asks about (`OrderRef.has`): asked in the same statement as `rows`. */
  readonly probes?: readonly OrderRows[];
  /** The payment is approved: the lines become the customer's. Throws CannotFulfil when they cannot. */
  fulfil(trx: Trx, now: number, order: OrderRef): Promise<void>;
  /** The payment failed or was given up: let go of the claim (seats stay held for the customer). */
  release(trx: Trx, now: number, order: OrderRef): Promise<void>;
  /** The customer cancels a paid or held order. */
  cancel(trx: Trx, now: number, order: OrderRef): Promise<void>;
}

/** An approved payment whose lines can no longer be delivered (a seat lost meanwhile): the money goes back. */
export class CannotFulfil extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CannotFulfil';
  }
}
