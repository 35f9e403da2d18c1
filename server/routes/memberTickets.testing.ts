import type { CommitBody } from '../../src/api/contract/order.ts';

type Seats = NonNullable<CommitBody['cart']['seats']>;

/** The cart's first `first` seats (all by default) on `ticketId`, bought as `memberNumber` (absent: as nobody). */
export function asMember(
  body: CommitBody,
  ticketId: number,
  memberNumber?: string,
  first = Infinity,
): CommitBody {
  const seats = (body.cart.seats as Seats).map((s, i) =>
    i < first ? { ...s, ticketId, ...(memberNumber ? { memberNumber } : {}) } : s,
  );
  return { ...body, cart: { ...body.cart, seats } };
}
