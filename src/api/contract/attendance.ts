import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { DoorPresentationSchema } from './door.ts';

/**
 * Attendance at the door (issue 37), a manager's report beside the sales reports: who of a
 * presentation's ticket holders came in, from the door's real scans. Managers only, like the others.
 */

/** Arrivals are counted per this many minutes, from the presentation's start. */
export const ARRIVAL_BUCKET_MINUTES = 15;

export const AttendanceQuerySchema = z.object({ presentationId: z.coerce.number().int().positive() });
export type AttendanceQuery = z.infer<typeof AttendanceQuerySchema>;

const SeatSchema = z.object({ section: z.string(), row: z.string(), seat: z.string() });

export const NoShowOrderSchema = z.object({
  reservationIdentifier: z.string(),
  customerName: z.string(),
  mobile: z.string().nullable(),
  /** The order's tickets that never came in. */
  seats: z.array(SeatSchema),
});
export type NoShowOrder = z.infer<typeof NoShowOrderSchema>;

/** An offline phone let in a ticket another door had let in already. */
export const AttendanceConflictSchema = SeatSchema.extend({
  ticketIdentifier: z.string(),
  /** Where and when the offline phone let it in. */
  door: z.string(),
  at: IsoDateTimeSchema,
  /** Where and when it had come in before (null when the box office knew none). */
  firstDoor: z.string().nullable(),
  firstAt: IsoDateTimeSchema.nullable(),
});
export type AttendanceConflict = z.infer<typeof AttendanceConflictSchema>;

export const AttendanceSchema = z.object({
  presentation: DoorPresentationSchema,
  /** Valid tickets sold (paid). */
  expected: z.number().int(),
  /** Of those, the tickets that came in at least once. */
  arrived: z.number().int(),
  /** Inside now. */
  inside: z.number().int(),
  /** Tickets that never came in: expected − arrived. */
  noShows: z.number().int(),
  /** People let in on a ticket voucher (not counted in expected). */
  voucherEntries: z.number().int(),
  /**
   * First entries per ARRIVAL_BUCKET_MINUTES, by minutes from the start (negative: before it), in time
   * order; gaps of up to six hours are filled with zeros so the bars keep their places.
   */
  arrivals: z.array(z.object({ minutes: z.number().int(), arrived: z.number().int() })),
  doors: z.array(z.object({ door: z.string(), in: z.number().int(), out: z.number().int() })),
  noShowOrders: z.array(NoShowOrderSchema),
  conflicts: z.array(AttendanceConflictSchema),
});
export type Attendance = z.infer<typeof AttendanceSchema>;
