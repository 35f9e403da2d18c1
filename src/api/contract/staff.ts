import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';

/** Staff (spec section 6: the staff role; issue 18): login, who is logged in, the order messages. */
/** admin: everything; manager: catalogue, sales settings, reports, refunds; box_office: the counter and
 * order lookup; door: scanning tickets only. */
export const staffRoles = ['admin', 'manager', 'box_office', 'door'] as const;
export const StaffRoleSchema = z.enum(staffRoles);

export const StaffLoginBodySchema = z.object({
  username: z.string().trim().min(1).max(60),
  password: z.string().min(1).max(200),
});
export type StaffLoginBody = z.infer<typeof StaffLoginBodySchema>;

export const StaffMeSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  mustChangePassword: z
    .boolean()
    .describe('the password was given to the user: every other staff call waits until they set their own'),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const orderMessageStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export const StaffMessagesQuerySchema = z.object({
  status: z.enum(orderMessageStatuses).optional(),
});

/** An order confirmation or cancellation message (or a gift sent on a date), as the staff area lists it. */
export const StaffOrderMessageSchema = z.object({
  id: z.string(),
  reservationIdentifier: z.string(),
  kind: z.enum(['confirmation', 'cancellation', 'called_off', 'moved', 'gift']),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  status: z.enum(orderMessageStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  sentAt: IsoDateTimeSchema.nullable(),
});
export type StaffOrderMessage = z.infer<typeof StaffOrderMessageSchema>;
export const StaffMessagesAnswerSchema = z.object({ messages: z.array(StaffOrderMessageSchema) });
export const StaffMessageParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/) });

/** An answer with no body (204). */
export const NoContentSchema = z.unknown();
