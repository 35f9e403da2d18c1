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
  /** A clerk's time at the counter (migration 026): the cash they took and gave back is counted against it. */
  counter_shifts: {
    id: string;
    staff_id: string;
    staff_name: string;
    opened_at: number;
    closed_at: number | null;
    /** Cash in the drawer when the shift began. */
    opening_float: Generated<number>;
    /** Cash the clerk counted at cash-up. */
    counted_cash: number | null;
    closing_note: string | null;
  };
  /**
   * A staff change to an order (migration 026): a refund of the whole order or of chosen lines, or an
   * exchange to another presentation. `refund`: money given back; `charge`: money taken (an exchange to
   * dearer seats); `detail_json`: the lines it touched.
   */
  order_adjustments: {
    id: string;
    reservation_identifier: string;
    kind: 'refund' | 'exchange';
    at: number;
    actor_kind: 'user' | 'token' | 'system';
    actor_id: string;
    actor_name: string;
    reason: string;
    fee: Generated<number>;
    fee_waived_reason: string | null;
    refund: Generated<number>;
    charge: Generated<number>;
    detail_json: string;
  };
}
