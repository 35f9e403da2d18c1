import { donations, memberships, seasonEnrolment, systemVouchers } from './notSoldYet.ts';
import { products } from './products.ts';
import { seatTickets } from './seatTickets.ts';
import type { LineKind } from './types.ts';
import { videos } from './videos.ts';

/**
 * Every kind of line, in the order the checkout validates them: seats first (products are sold with
 * the seats' presentations), then the rest. Fulfilment and release run in the same order.
 */
export const lineKinds: readonly LineKind<unknown>[] = [
  seatTickets as LineKind<unknown>,
  videos as LineKind<unknown>,
  products as LineKind<unknown>,
  systemVouchers,
  memberships,
  donations,
  seasonEnrolment,
];
