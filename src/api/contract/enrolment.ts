import { z } from 'zod';

/**
 * The season enrolment of the cart payload (issue 16): the enrolment membership, the tariff chosen
 * (a ticket of one of its ticket groups) and the seat held in each presentation: every required one and
 * the optional ones chosen. The fixed seat is the same everywhere unless the customer took another where
 * it was taken.
 */
export const CartEnrolmentSchema = z
  .object({
    membershipId: z.number().int(),
    ticketGroupId: z.number().int(),
    ticketId: z.number().int(),
    presentations: z
      .array(
        z.object({ pi: z.number().int(), si: z.number().int(), x: z.number().int(), y: z.number().int() }),
      )
      .min(1)
      .max(40),
  })
  .meta({ id: 'CartEnrolment' });
export type CartEnrolment = z.input<typeof CartEnrolmentSchema>;
