import { AppError } from '../../../errors.ts';
import { type Cart, type LineKind, type LineKindName, NO_TOTALS } from './types.ts';

/**
 * A kind of line whose flow is not sold online yet (memberships, season enrolment): a cart that carries
 * one is refused with `not_sold_yet`, before anything is written. Each of these becomes a real kind in its
 * own issue.
 */
function notSoldYet(name: LineKindName, linesOf: (cart: Cart) => readonly unknown[]): LineKind<never> {
  return {
    name,
    async validate(_trx, _ctx, cart) {
      if (linesOf(cart).length > 0)
        throw new AppError('not_sold_yet', `${name} lines are not sold online yet`, { kind: name });
      return null;
    },
    price: () => NO_TOTALS,
    reserve: async () => undefined,
    fulfil: async () => undefined,
    release: async () => undefined,
    cancel: async () => undefined,
  };
}

export const memberships = notSoldYet('membership', (cart) => cart.memberships);
/** Season enrolment has its own seat calls (spec section 7) and no field in the cart yet. */
export const seasonEnrolment = notSoldYet('seasonEnrolment', () => []);
