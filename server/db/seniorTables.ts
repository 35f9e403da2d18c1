/** Senior-citizen prices (migration 017). Part of `Database` (types.ts). */
export interface SeniorTables {
  /**
   * The senior registry's last answer about an ID number, kept as an HMAC of the number with the server's
   * secret (services/seniors/idHash.ts): the checkout re-checks a senior ticket against it.
   */
  senior_verifications: { id_hash: string; is_senior: number; verified_at: number };
  /** A senior ticket an ID number took at a presentation: seq 1..maxTicketsPerId, unique per ID. */
  senior_benefit_uses: {
    presentation_id: number;
    id_hash: string;
    seq: number;
    reservation_identifier: string;
    created_at: number;
  };
}
