import type { Generated } from 'kysely';

/** The venue's staff, their sessions and API tokens, and the back office's audit log (migrations 014, 020). */
export type StaffRole = 'admin' | 'manager' | 'box_office' | 'door';

export interface StaffTables {
  staff_users: {
    id: string;
    username: string;
    display_name: string;
    role: StaffRole;
    password_hash: string;
    created_at: number;
    /** 0: deactivated (cannot log in; its sessions were ended). */
    is_active: Generated<number>;
    /** 1: the password was given by someone else (a new user, a reset); the user sets one first. */
    must_change_password: Generated<number>;
    updated_at: Generated<number | null>;
  };
  /** A staff login: only the hash of the cookie's value is kept. */
  staff_sessions: { id_hash: string; staff_id: string; created_at: number; expires_at: number };
  /** An API token of the venue's own systems (admin API only): only the hash of its secret is kept. */
  staff_tokens: {
    id: string;
    name: string;
    role: StaffRole;
    token_hash: string;
    /** The first characters of the secret, to tell tokens apart in lists. */
    prefix: string;
    created_by: string;
    created_at: number;
    expires_at: number | null;
    revoked_at: number | null;
    last_used_at: number | null;
  };
  /** One change made through the back office. */
  audit_log: {
    id: string;
    at: number;
    actor_kind: 'user' | 'token' | 'system';
    actor_id: string;
    actor_name: string;
    action: string;
    object_type: string;
    object_id: string;
    before_json: string | null;
    after_json: string | null;
  };
  halls: { id: number; venue_id: number; name_json: string; created_at: number };
}
