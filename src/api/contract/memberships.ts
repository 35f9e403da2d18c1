import { z } from 'zod';

/** Spec section 9: at most 2 memberships in an order. */
export const MEMBERSHIP_MAX_QUANTITY = 2;
/** Spec section 9: a series membership's type id. */
export const SERIES_MEMBERSHIP_TYPE = 2;

/** A seat a membership that carries seats holds in each of its presentations. */
export const MembershipSeatSchema = z.object({
  si: z.number().int().describe('section id'),
  x: z.number().int(),
  y: z.number().int(),
  tg: z.number().int().describe('the seat’s price level (ticket group)'),
});
export type MembershipSeat = z.infer<typeof MembershipSeatSchema>;

/**
 * A membership line of the cart payload (spec section 3, "memberships"): a new membership at one of its
 * prices, the renewal of an ending one or a top-up of a member's balance (by member number). Prices
 * sent along are ignored: the box office prices every line.
 */
export const CartMembershipSchema = z
  .object({
    id: z.number().int().describe('MembershipId'),
    priceId: z.number().int().describe('MembershipPriceId'),
    priceCode: z.string().trim().min(1).max(40).optional().describe('the code that showed a hidden price'),
    kind: z.enum(['new', 'renewal', 'topUp']).default('new'),
    memberNumber: z.string().trim().min(1).max(40).optional().describe('renewal and top-up: the member'),
    references: z.record(z.string().max(40), z.string().max(100)).optional(),
    termsAccepted: z.boolean().default(false).describe('the price’s terms (termsId), accepted before paying'),
    seat: MembershipSeatSchema.optional().describe('a membership that carries seats: the seat it holds'),
  })
  .meta({ id: 'CartMembership' });
export type CartMembership = z.input<typeof CartMembershipSchema>;
