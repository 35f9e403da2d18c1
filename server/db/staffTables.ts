/** The venue's staff and their sessions (migration 014). Part of `Database` (types.ts). */
export type StaffRole = 'manager' | 'box_office';

export interface StaffTables {
  staff_users: {
    id: string;
    username: string;
    display_name: string;
    role: StaffRole;
    password_hash: string;
    created_at: number;
  };
  /** A staff login: only the hash of the cookie's value is kept. */
  staff_sessions: { id_hash: string; staff_id: string; created_at: number; expires_at: number };
}
