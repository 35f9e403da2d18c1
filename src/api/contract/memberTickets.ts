import { z } from 'zod';
import { IdParam, LocalizedTextSchema } from './common.ts';
import { TicketSchema } from './presentations.ts';

/**
 * Members in the seat order (issue 16): the member tickets a logged-in customer's members may buy for
 * a presentation. Read uncached, per customer (the ticket groups stay one cached read for everyone).
 */

/** One of the customer's members as the ticket step needs it (spec section 3, Member). */
export const MemberStateSchema = z
  .object({
    memberNumber: z.string(),
    /** The member's own name (a family member's additional name, else the customer's). */
    name: z.string(),
    membershipId: z.number().int(),
    membershipName: LocalizedTextSchema,
    isAvailable: z.boolean(),
    isExpired: z.boolean(),
    isNotStarted: z.boolean(),
    hasTicketBalance: z
      .boolean()
      .describe('the membership counts member tickets (balance − usedBalance are left); false: no balance'),
    balanceLeft: z.number().int().nonnegative().nullable().describe('member tickets left; null: no balance'),
    pointsBalance: z.number().int().nonnegative(),
    allowMemberSaleTickets: z.boolean(),
  })
  .meta({ id: 'MemberState' });
export type MemberState = z.infer<typeof MemberStateSchema>;

/** A member ticket of the presentation, offered to one member. */
export const MemberTicketSchema = z
  .object({
    ticketGroupId: z.number().int(),
    ticket: TicketSchema,
    loyaltyPointsPrice: z.number().int().positive().nullable().describe('points a ticket costs; null: money'),
    isMemberSale: z.boolean(),
    memberNumber: z.string(),
  })
  .meta({ id: 'MemberTicket' });
export type MemberTicket = z.infer<typeof MemberTicketSchema>;

export const MemberTicketsAnswerSchema = z.object({
  members: z.array(MemberStateSchema).describe("the customer's members of the presentation's memberships"),
  memberTickets: z.array(MemberTicketSchema),
});
export type MemberTicketsAnswer = z.infer<typeof MemberTicketsAnswerSchema>;

export const MemberTicketsParamsSchema = z.object({ id: IdParam });
