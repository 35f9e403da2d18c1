import { donations } from './donations.ts';
import { gift } from './gift.ts';
import { memberships } from './memberships.ts';
import { seasonEnrolment } from './seasonEnrolment.ts';
import { products } from './products.ts';
import { seatTickets } from './seatTickets.ts';
import { systemVouchers } from './systemVouchers.ts';
import type { LineKind } from './types.ts';
import { videos } from './videos.ts';
import { waiver } from './waiver.ts';

/**
 * Every kind of line, in the order the checkout validates them: vouchers first (a voucher cart holds
 * nothing else, and is refused before any seat is looked at) and their sending as a gift, then seats (products are sold with the
 * seats' presentations), the seats' waiver, then the rest. Fulfilment and release run in the same order.
 */
export const lineKinds: readonly LineKind<unknown>[] = [
  systemVouchers as LineKind<unknown>,
  gift as LineKind<unknown>,
  seatTickets as LineKind<unknown>,
  waiver as LineKind<unknown>,
  videos as LineKind<unknown>,
  products as LineKind<unknown>,
  donations as LineKind<unknown>,
  memberships as LineKind<unknown>,
  seasonEnrolment as LineKind<unknown>,
];
