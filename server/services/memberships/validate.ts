import { MEMBERSHIP_MAX_QUANTITY, type MembershipSeat } from '../../../src/api/contract/memberships.ts';
import {
  discountAmount,
  hasMixedCurrencies,
  invalidReference,
  isRenewable,
  samePriceCode,
} from '../../../src/domain/membershipRules.ts';
import { calendarDate } from '../../../src/domain/venue.ts';
import { AppError } from '../../errors.ts';
import type { Cart, CheckoutContext, Trx } from '../checkout/lines/types.ts';
import { membershipPresentations, membershipsOnSale, pricesOf, referencesOf } from './catalogue.ts';

/** A membership line as the box office priced it. */
export interface MembershipLine {
  membershipId: number;
  priceId: number;
  kind: 'new' | 'renewal' | 'topUp';
  memberNumber: string | null;
  unitPrice: number;
  discount: number;
  currency: string;
  references: Record<string, string> | null;
  /** A membership with seats: its seat, held by the visitor in each of `presentations`. */
  seat: MembershipSeat | null;
  presentations: { id: number; seatplanId: number }[];
}

const notForSale = (id: number, what: string) =>
  new AppError('membership_not_for_sale', `membership ${id}: ${what}`, { id });

/** A membership cart holds memberships only (spec section 4: starting one cart clears the others). */
function assertMembershipCartOnly(cart: Cart): void {
  const others =
    cart.seats.length +
    cart.videos.length +
    cart.vouchers.length +
    cart.donations.length +
    cart.products.length +
    (cart.enrolment ? 1 : 0);
  if (others > 0) throw new AppError('membership_cart_exclusive', 'a membership cart holds memberships only');
}

/**
 * Re-checks the memberships of a cart against the box office's own data (spec sections 3–5 and 9): a
 * logged-in customer, at most 2 memberships, each at one of its prices on sale (a hidden price with its
 * code, a code once), its references matching their patterns, its terms accepted, one currency; a
 * renewal or top-up for a member of the account (a top-up for a running one); a membership with seats
 * with its seat held by this visitor in each of its presentations.
 */
export async function validateMemberships(
  trx: Trx,
  ctx: CheckoutContext,
  cart: Cart,
): Promise<MembershipLine[] | null> {
  if (cart.memberships.length === 0) return null;
  assertMembershipCartOnly(cart);
  if (ctx.isHold) throw new AppError('formValidation', 'memberships cannot be held');
  if (ctx.accountId === null) throw new AppError('not_logged_in', 'log in to buy a membership');
  if (cart.memberships.length > MEMBERSHIP_MAX_QUANTITY)
    throw new AppError(
      'membership_max_quantity',
      `at most ${MEMBERSHIP_MAX_QUANTITY} memberships in an order`,
      {
        max: MEMBERSHIP_MAX_QUANTITY,
      },
    );
  const ids = [...new Set(cart.memberships.map((m) => m.id))];
  const rows = await membershipsOnSale(trx, ids);
  const enrolment = new Set(
    (
      await trx
        .selectFrom('enrolment_memberships')
        .select('membership_id')
        .where('membership_id', 'in', ids)
        .execute()
    ).map((e) => e.membership_id),
  );
  const prices = await pricesOf(trx, ids);
  const today = calendarDate(ctx.now);
  const codes = new Set<string>();
  const seatsTaken = new Set<string>();
  const lines: MembershipLine[] = [];
  for (const m of cart.memberships) {
    const row = rows.find((r) => r.id === m.id);
    if (!row || enrolment.has(m.id)) throw notForSale(m.id, 'not for sale here');
    const price = prices.find((p) => p.id === m.priceId && p.membership_id === m.id);
    if (!price || price.kind !== m.kind)
      throw notForSale(m.id, `price ${m.priceId} is not one of its prices`);
    if (price.price_code !== null) {
      if (!samePriceCode(price.price_code, m.priceCode))
        throw new AppError('priceNotFound', `membership ${m.id}: price ${m.priceId} needs its price code`);
      const code = price.price_code.toUpperCase();
      if (codes.has(code))
        throw new AppError('codeAlreadyEntered', `price code ${code} is used once`, { code });
      codes.add(code);
    }
    const rules = referencesOf(price);
    const bad = invalidReference(rules, m.references);
    if (bad !== null)
      throw new AppError('validateReferences', `membership ${m.id}: reference ${bad} is not valid`, {
        reference: bad,
      });
    if (price.terms_id !== null && !m.termsAccepted)
      throw new AppError('terms_not_approved', `membership ${m.id}: accept its terms first`);
    let memberNumber: string | null = null;
    if (m.kind !== 'new') {
      const member = m.memberNumber
        ? await trx
            .selectFrom('members')
            .select(['member_number', 'start_date', 'end_date'])
            .where('member_number', '=', m.memberNumber)
            .where('customer_id', '=', ctx.accountId)
            .where('membership_id', '=', m.id)
            .where('state', '=', 'active')
            .executeTakeFirst()
        : undefined;
      if (!member)
        throw new AppError('memberNotFound', `no member ${m.memberNumber ?? ''} of membership ${m.id}`);
      if (m.kind === 'topUp' && today < member.start_date)
        throw new AppError('memberNotStarted', `member ${member.member_number} has not started`);
      if (m.kind === 'topUp' && today > member.end_date)
        throw new AppError('memberExpired', `member ${member.member_number} has expired`);
      if (m.kind === 'renewal' && !isRenewable(member.end_date, today))
        throw new AppError('getPrice', `member ${member.member_number} is not ending: not renewable yet`, {
          memberNumber: member.member_number,
          endDate: member.end_date,
        });
      if (lines.some((l) => l.memberNumber === member.member_number))
        throw new AppError('formValidation', `member ${member.member_number} is in the cart twice`);
      memberNumber = member.member_number;
    }
    let seat: MembershipSeat | null = null;
    let presentations: MembershipLine['presentations'] = [];
    if (row.has_seats === 1 && m.kind === 'new') {
      presentations = await membershipPresentations(trx, m.id);
      seat = m.seat ?? null;
      if (!seat || presentations.length === 0)
        throw new AppError('membership_seat_required', `membership ${m.id}: choose its seat`, { id: m.id });
      const held = await trx
        .selectFrom('seat_holds')
        .select('presentation_id')
        .where(
          'presentation_id',
          'in',
          presentations.map((p) => p.id),
        )
        .where('section_id', '=', seat.si)
        .where('x', '=', seat.x)
        .where('y', '=', seat.y)
        .where('visitor', '=', ctx.visitor)
        .where('state', '=', 'held')
        .where('claimed_by', 'is', null)
        .where('expires_at', '>', ctx.now)
        .execute();
      const plan = await trx
        .selectFrom('plan_seats')
        .select('ticket_group_id')
        .where('seatplan_id', '=', presentations[0]!.seatplanId)
        .where('section_id', '=', seat.si)
        .where('x', '=', seat.x)
        .where('y', '=', seat.y)
        .executeTakeFirst();
      const key = `${seat.si}_${seat.x}_${seat.y}`;
      if (held.length !== presentations.length || !plan || seatsTaken.has(`${m.id}:${key}`))
        throw new AppError('membership_seat_required', `membership ${m.id}: its seat is not held`, {
          id: m.id,
        });
      seatsTaken.add(`${m.id}:${key}`);
      seat = { ...seat, tg: plan.ticket_group_id };
    }
    lines.push({
      membershipId: m.id,
      priceId: price.id,
      kind: price.kind,
      memberNumber,
      unitPrice: price.price,
      discount: discountAmount(price.price, price.discount_percent ?? 0),
      currency: price.currency_code,
      // Only the references the price asks for are kept, trimmed.
      references: rules.length
        ? Object.fromEntries(rules.map((r) => [r.id, (m.references?.[r.id] ?? '').trim()]))
        : null,
      seat,
      presentations,
    });
  }
  if (hasMixedCurrencies(lines.map((l) => l.currency)))
    throw new AppError('membership_mixed_currencies', 'the memberships of an order are in one currency');
  return lines;
}
