import { AppError } from '../../../errors.ts';
import { type LineKind, NO_TOTALS } from './types.ts';

/** Season enrolment: refused with `not_sold_yet` until its line kind lands (issue 16, in progress). */
export const seasonEnrolment: LineKind<never> = {
  name: 'seasonEnrolment',
  async validate(_trx, _ctx, cart) {
    if (cart.enrolment) throw new AppError('not_sold_yet', 'season enrolment is not sold online yet');
    return null;
  },
  price: () => NO_TOTALS,
  reserve: async () => undefined,
  fulfil: async () => undefined,
  release: async () => undefined,
  cancel: async () => undefined,
};
