import { z } from 'zod';
import { Agorot, IdParam, IsoDateSchema, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';

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

/** The names of a seat as its plan gives them. */
export const SeatNamesSchema = z.object({ section: z.string(), row: z.string(), seat: z.string() });
export type SeatNames = z.infer<typeof SeatNamesSchema>;

/** A seat on the season's plan: `section_x_y` parts, with its price level. */
export const EnrolmentSeatSchema = z.object({
  sectionId: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  ticketGroupId: z.number().int(),
});
export type EnrolmentSeat = z.infer<typeof EnrolmentSeatSchema>;

/** A tariff of an enrolment: a ticket of one of its ticket groups at the subscription's price. */
export const EnrolmentTicketSchema = z.object({
  TicketId: z.number().int(),
  Price: Agorot.describe(
    'per ticket pricing: the price of one concert, unless a PresentationDetail overrides it',
  ),
  name: LocalizedTextSchema,
});

export const EnrolmentTicketGroupSchema = z.object({
  TicketGroupId: z.number().int(),
  name: LocalizedTextSchema,
  Tickets: z.array(EnrolmentTicketSchema),
});

export const EnrolmentPresentationSchema = z.object({
  PresentationId: z.number().int(),
  IsRequired: z.boolean(),
  MembershipPayableAmount: Agorot.nullable(),
  title: LocalizedTextSchema,
  startsAt: IsoDateTimeSchema,
  venue: LocalizedTextSchema,
});
export type EnrolmentPresentation = z.infer<typeof EnrolmentPresentationSchema>;

/** A price of one ticket in one presentation that differs from the tariff's (spec: PresentationDetail). */
export const EnrolmentPresentationDetailSchema = z.object({
  PresentationId: z.number().int(),
  TicketGroupId: z.number().int(),
  TicketId: z.number().int(),
  IsPriceOverride: z.boolean(),
  Price: Agorot,
  MembershipPayableAmount: Agorot.nullable(),
});
export type EnrolmentPresentationDetail = z.infer<typeof EnrolmentPresentationDetailSchema>;

/** GET /enroll/{membershipIdOrCode}: an enrolment membership for sale (spec section 3). */
export const EnrolmentMembershipSchema = z
  .object({
    MembershipId: z.number().int(),
    SeasonId: z.number().int(),
    seasonName: LocalizedTextSchema,
    name: LocalizedTextSchema,
    code: z.string(),
    IsSkipMemberSeat: z.boolean(),
    IsPricingPerTicket: z.boolean(),
    DefaultTicketGroupId: z.number().int().nullable(),
    Price: Agorot.describe('per membership pricing: the price of the whole subscription'),
    optionalChoices: z.number().int().nonnegative(),
    venueId: z.number().int(),
    seatplanId: z.number().int(),
    TicketGroups: z.array(EnrolmentTicketGroupSchema),
    Presentations: z.array(EnrolmentPresentationSchema),
    PresentationDetail: z.array(EnrolmentPresentationDetailSchema),
    previousSeat: EnrolmentSeatSchema.extend({ names: SeatNamesSchema })
      .nullable()
      .describe("the logged-in customer's seat of the previous season, offered first"),
    alreadyEnrolled: z.boolean().describe('the logged-in customer is already enrolled in this season'),
  })
  .meta({ id: 'EnrolmentMembership' });
export type EnrolmentMembership = z.infer<typeof EnrolmentMembershipSchema>;

export const EnrollParamsSchema = z.object({ membershipIdOrCode: z.string().min(1).max(40) });
export const EnrollIdParamsSchema = z.object({ membershipId: IdParam });

export const EnrollStatusQuerySchema = z.object({
  presentations: z
    .string()
    // Decimal ids as IdParam reads them (no leading zero), up to 40 of them.
    .regex(/^[1-9]\d{0,8}(,[1-9]\d{0,8}){0,39}$/)
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});

/** A seat held for the subscriber in one presentation. */
export const EnrolmentSelectionSchema = z.object({
  presentationId: z.number().int(),
  sectionId: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  ticketGroupId: z.number().int(),
  names: SeatNamesSchema,
});
export type EnrolmentSelection = z.infer<typeof EnrolmentSelectionSchema>;

/**
 * PUT /enroll/{membershipId}/lock-seat and unlock-seat (spec section 7). Without `presentationId`: the
 * fixed seat, held in every required presentation and in the chosen optional ones (`selections`: the
 * optional presentations chosen), all or nothing. With `presentationId`: a seat for that one
 * presentation (the proposal confirmed, or another seat picked where the fixed seat is taken).
 */
export const EnrollLockBodySchema = z.object({
  venueId: z.number().int(),
  seatplanId: z.number().int(),
  sectionId: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  ticketGroupId: z.number().int(),
  seasonId: z.number().int(),
  presentationId: z.number().int().optional(),
  selections: z.array(z.number().int()).max(40).describe('the optional presentations chosen'),
  recaptchaToken: z.string().max(4000).optional().describe('verified when the venue has a captcha'),
});
export type EnrollLockBody = z.infer<typeof EnrollLockBodySchema>;

export const EnrollUnlockBodySchema = EnrollLockBodySchema.partial({
  sectionId: true,
  x: true,
  y: true,
  ticketGroupId: true,
  selections: true,
});
export type EnrollUnlockBody = z.infer<typeof EnrollUnlockBodySchema>;

export const EnrollLockAnswerSchema = z
  .object({
    selections: z.array(EnrolmentSelectionSchema).describe('the seats held now, one per presentation'),
    taken: z
      .array(
        z.object({
          presentationId: z.number().int(),
          proposal: EnrolmentSeatSchema.extend({ names: SeatNamesSchema })
            .nullable()
            .describe('the nearest free seat of the same price level'),
        }),
      )
      .describe('presentations where the seat asked for is taken'),
    expiresAt: z.number().int().nullable(),
  })
  .meta({ id: 'EnrollLockAnswer' });
export type EnrollLockAnswer = z.infer<typeof EnrollLockAnswerSchema>;

/** GET /enroll/{membershipId}/mine: the logged-in customer's enrolment in the season, if any. */
export const MyEnrolmentSchema = z
  .object({
    enrolment: z
      .object({
        reservationIdentifier: z.string().nullable(),
        state: z.string(),
        memberNumber: z.string().nullable(),
        seat: EnrolmentSeatSchema,
      })
      .nullable(),
  })
  .meta({ id: 'MyEnrolment' });
export type MyEnrolment = z.infer<typeof MyEnrolmentSchema>;

/** The season enrolment an order made, as its e-document shows it (the seats are its tickets). */
export const OrderEnrolmentSchema = z.object({
  membershipId: z.number().int(),
  name: LocalizedTextSchema.describe('the enrolment membership'),
  seasonName: LocalizedTextSchema,
  memberNumber: z.string().nullable().describe('the subscriber’s member number, once paid'),
  startDate: IsoDateSchema.nullable(),
  endDate: IsoDateSchema.nullable(),
  isCancelled: z.boolean(),
});
export type OrderEnrolment = z.infer<typeof OrderEnrolmentSchema>;
