import type { Settings } from '../../../src/api/contract/session.ts';
import { mayHold } from '../../../src/domain/holds.ts';
import { calendarDate } from '../../../src/domain/venue.ts';
import { AppError } from '../../errors.ts';
import { loadMembers } from '../customers/account.ts';
import type { Cart, CheckoutContext, Trx } from './lines/types.ts';

/**
 * Hold orders (spec section 4): "reserve now, pay and collect at the box office" for a logged-in
 * customer whose active membership allows member-sale tickets, up to 30 minutes before the event.
 * Premium seats cannot be held (checked with the seats), the seats carry no service charge, and the
 * order is paid at the box office, so no voucher or online payment comes with it.
 */
export async function assertMayHold(
  trx: Trx,
  settings: Settings,
  accountId: string | null,
  cart: Cart,
  now: number,
) {
  if (!settings.order.isHoldEnabled) throw new AppError('formValidation', 'hold orders are not offered');
  if (!accountId) throw new AppError('not_logged_in', 'log in to reserve and pay at the box office');
  if (cart.voucherPayments.length > 0)
    throw new AppError('formValidation', 'a hold order is paid at the box office, not by voucher');
  // The shop offers a hold by the same rule (src/domain/holds.ts), with the same active memberships.
  const members = await loadMembers(trx, accountId, now);
  if (!mayHold(members, calendarDate(now, settings.timeZone)))
    throw new AppError(
      'no_valid_membership_for_member_sale',
      'holding an order needs an active membership that allows member-sale tickets',
    );
}

/** When the hold must be paid: `minutes` before the first presentation of the order. */
export function holdDeadline(ctx: CheckoutContext, minutes: number): number {
  const starts = [...ctx.presentations.values()].map((p) => p.startsAt);
  if (starts.length === 0) throw new AppError('formValidation', 'only seats can be held');
  const deadline = Math.min(...starts) - minutes * 60_000;
  if (deadline <= ctx.now)
    throw new AppError('hold_deadline_passed', `holds close ${minutes} minutes before the event`, {
      minutes,
    });
  return deadline;
}
