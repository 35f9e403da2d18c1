import { AppError } from '../../../errors.ts';
import { type LineKind, NO_TOTALS } from './types.ts';

/** Memberships: refused with `not_sold_yet` until their line kind lands (issue 16, in progress). */
export const memberships: LineKind<never> = {
  name: 'membership',
  async validate(_trx, _ctx, cart) {
    if (cart.memberships.length > 0)
      throw new AppError('not_sold_yet', 'memberships are not sold online yet');
    return null;
  },
  price: () => NO_TOTALS,
  reserve: async () => undefined,
  fulfil: async () => undefined,
  release: async () => undefined,
  cancel: async () => undefined,
};
