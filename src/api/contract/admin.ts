import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { StaffRoleSchema } from './staff.ts';

/**
 * The admin API (issue 33): staff users, API tokens and the audit log. Called by the staff screens with
 * the staff cookie, and by a venue's own systems with `Authorization: Bearer <token>`.
 */

export const StaffIdSchema = z.string().regex(/^[a-f0-9]{16}$/);
export const StaffIdParamsSchema = z.object({ id: StaffIdSchema });

export const StaffUserSchema = z
  .object({
    id: StaffIdSchema,
    username: z.string(),
    displayName: z.string(),
    role: StaffRoleSchema,
    active: z.boolean(),
    mustChangePassword: z.boolean().describe('the user logs in with a password given to them and sets one'),
    createdAt: IsoDateTimeSchema,
  })
  .meta({ id: 'StaffUser' });
export type StaffUser = z.infer<typeof StaffUserSchema>;
export const StaffUsersAnswerSchema = z.object({ users: z.array(StaffUserSchema) });

const Username = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/, '3 to 40 letters, digits, dots, dashes or underscores');
const DisplayName = z.string().trim().min(1).max(80);

export const StaffUserCreateSchema = z.object({
  username: Username,
  displayName: DisplayName,
  role: StaffRoleSchema,
});
export type StaffUserCreate = z.infer<typeof StaffUserCreateSchema>;

export const StaffUserUpdateSchema = z
  .object({
    displayName: DisplayName.optional(),
    role: StaffRoleSchema.optional(),
    active: z.boolean().optional().describe('false deactivates the user and ends their sessions at once'),
  })
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type StaffUserUpdate = z.infer<typeof StaffUserUpdateSchema>;

/** A new user, or a reset: the password to hand over, shown this once; the user sets their own. */
export const StaffPasswordGivenSchema = z.object({
  user: StaffUserSchema,
  temporaryPassword: z.string().describe('shown once; the user must set a password of their own'),
});
export type StaffPasswordGiven = z.infer<typeof StaffPasswordGivenSchema>;

/** The logged-in user sets a password of their own. */
export const StaffPasswordChangeSchema = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(12).max(200),
});
export type StaffPasswordChange = z.infer<typeof StaffPasswordChangeSchema>;

export const StaffTokenSchema = z
  .object({
    id: StaffIdSchema,
    name: z.string(),
    role: StaffRoleSchema,
    prefix: z.string().describe('the first characters of the secret, to tell tokens apart'),
    createdBy: z.string(),
    createdAt: IsoDateTimeSchema,
    expiresAt: IsoDateTimeSchema.nullable(),
    revokedAt: IsoDateTimeSchema.nullable(),
    lastUsedAt: IsoDateTimeSchema.nullable().describe('to the minute'),
  })
  .meta({ id: 'StaffToken' });
export type StaffToken = z.infer<typeof StaffTokenSchema>;
export const StaffTokensAnswerSchema = z.object({ tokens: z.array(StaffTokenSchema) });

export const StaffTokenCreateSchema = z.object({
  name: z.string().trim().min(1).max(80),
  role: StaffRoleSchema,
  expiresAt: IsoDateTimeSchema.optional().describe('none: the token lasts until revoked'),
});
export type StaffTokenCreate = z.infer<typeof StaffTokenCreateSchema>;

export const StaffTokenCreatedSchema = z.object({
  token: StaffTokenSchema,
  secret: z.string().describe('shown once: send it as Authorization: Bearer <secret>'),
});
export type StaffTokenCreated = z.infer<typeof StaffTokenCreatedSchema>;

export const auditObjectTypes = [
  'staff_user',
  'staff_token',
  'venue',
  'hall',
  'seatplan',
  'presentation',
  'feature',
  'price_list',
  'ticket_type',
  'product',
  'addon',
  'order',
  'counter_shift',
] as const;
export const AuditObjectTypeSchema = z.enum(auditObjectTypes);

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    at: IsoDateTimeSchema,
    actor: z.object({ kind: z.enum(['user', 'token', 'system']), id: z.string(), name: z.string() }),
    action: z.string().describe('object type and verb, e.g. seatplan.publish'),
    objectType: AuditObjectTypeSchema,
    objectId: z.string(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  objectType: AuditObjectTypeSchema.optional(),
  objectId: z.string().max(40).optional(),
  actorId: z.string().max(40).optional(),
  /** The next page: entries older than this cursor (the last entry's `cursor`). */
  before: z
    .string()
    .regex(/^\d{1,15}:[A-Za-z0-9_-]{1,40}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditAnswerSchema = z.object({
  entries: z.array(AuditEntrySchema),
  next: z.string().nullable().describe('pass as `before` for older entries; null: no more'),
});
export type AuditAnswer = z.infer<typeof AuditAnswerSchema>;
