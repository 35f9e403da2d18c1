import { type Answer, apiCall } from '../api/client.ts';
import type {
  AuditAnswerSchema,
  AuditObjectTypeSchema,
  StaffPasswordChange,
  StaffPasswordGivenSchema,
  StaffTokenCreate,
  StaffTokenCreatedSchema,
  StaffTokenSchema,
  StaffTokensAnswerSchema,
  StaffUserCreate,
  StaffUserSchema,
  StaffUsersAnswerSchema,
  StaffUserUpdate,
} from '../api/contract/admin.ts';
import type { StaffMeSchema } from '../api/contract/staff.ts';

const id = (value: string) => encodeURIComponent(value);

/** One page of the audit log, newest first; `before` is the previous page's `next`. */
export interface AuditFilter {
  objectType?: Answer<typeof AuditObjectTypeSchema>;
  objectId?: string;
  actorId?: string;
  before?: string;
  limit?: number;
}

/**
 * The back office's own calls (issue 33): the admin API (staff users, API tokens, the audit log) and
 * setting one's own password. The staff login, session and the older staff pages' calls stay in
 * src/api/endpoints.ts.
 */
export const backofficeApi = {
  /** The logged-in staff user replaces a password given to them (or their own) with a new one. */
  staffChangePassword: (body: StaffPasswordChange) =>
    apiCall<Answer<typeof StaffMeSchema>>('/staff/password', { method: 'POST', body }),

  staffUsers: () => apiCall<Answer<typeof StaffUsersAnswerSchema>>('/admin/staff-users'),
  /** Answers the new user's temporary password, this once. */
  createStaffUser: (body: StaffUserCreate) =>
    apiCall<Answer<typeof StaffPasswordGivenSchema>>('/admin/staff-users', { method: 'POST', body }),
  updateStaffUser: (userId: string, body: StaffUserUpdate) =>
    apiCall<Answer<typeof StaffUserSchema>>(`/admin/staff-users/${id(userId)}`, { method: 'PATCH', body }),
  /** Ends the user's sessions and answers a new temporary password, this once. */
  resetStaffPassword: (userId: string) =>
    apiCall<Answer<typeof StaffPasswordGivenSchema>>(`/admin/staff-users/${id(userId)}/password-reset`, {
      method: 'POST',
    }),

  apiTokens: () => apiCall<Answer<typeof StaffTokensAnswerSchema>>('/admin/tokens'),
  /** Answers the token's secret, this once. */
  createApiToken: (body: StaffTokenCreate) =>
    apiCall<Answer<typeof StaffTokenCreatedSchema>>('/admin/tokens', { method: 'POST', body }),
  revokeApiToken: (tokenId: string) =>
    apiCall<Answer<typeof StaffTokenSchema>>(`/admin/tokens/${id(tokenId)}`, { method: 'DELETE' }),

  audit: (filter: AuditFilter, signal?: AbortSignal) =>
    apiCall<Answer<typeof AuditAnswerSchema>>('/admin/audit', { query: { ...filter }, signal }),
};
