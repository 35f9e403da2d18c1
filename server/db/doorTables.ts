import type { Generated } from 'kysely';

/** The door (migration 028): where each ticket stands at the doors, every scan, the signing key. */
export interface DoorTables {
  /** A ticket's entry state; a row appears with its first scan that lets it in. */
  ticket_entries: {
    ticket_identifier: string;
    presentation_id: number;
    inside: Generated<number>;
    entries: Generated<number>;
    last_at: number | null;
    last_door: string | null;
    /** Bumped by every change: a change applies only to the version it read (two doors, one winner). */
    version: Generated<number>;
  };
  /** Every scan, by the phone's nonce (a scan sent twice is one row), with what it answered. */
  door_scans: {
    nonce: string;
    device_id: string;
    staff_id: string;
    /** The ticket the code named (null: the code named none the box office knows). */
    ticket_identifier: string | null;
    presentation_id: number | null;
    door: string;
    direction: 'in' | 'out';
    verdict: string;
    last_at: number | null;
    last_door: string | null;
    /** Decided on the phone without the network, uploaded later. */
    offline: Generated<number>;
    /** An offline scan that let in a ticket another door had let in already. */
    conflict: Generated<number>;
    scanned_at: number;
    received_at: number;
    /** A voucher or membership card the scan named (JSON of DoorPass; migration 029); null: none. */
    pass_json: Generated<string | null>;
  };
  /** The box office's Ed25519 key that signs tickets' codes (one, `current`). */
  door_signing_keys: {
    id: string;
    private_pkcs8: string;
    public_raw: string;
    created_at: number;
  };
}
