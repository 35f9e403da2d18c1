/** The abuse limits of the box office's settings (config.ts: the LIMIT_* and LIMITS_SHARED settings). */
export interface AbuseLimits {
  /** Live holds of one visitor across all presentations (each presentation also caps MAX_SEATS_PER_TRANSACTION). */
  heldSeatsPerVisitor: number;
  /** Live holds taken from one client address, across visitors (a household or an office behind one address). */
  heldSeatsPerAddress: number;
  /**
   * Live holds one client address may have in one presentation: the larger of this per cent of the
   * presentation's seats and `heldSeatsPerAddressPerShowMin` (issue 32: one address emptied a small hall).
   */
  heldSeatsPerAddressPerShowPercent: number;
  heldSeatsPerAddressPerShowMin: number;
  /** A seat given up (or lapsed) and taken again by the same address within this long continues its hold. */
  holdRetakeSeconds: number;
  /** New visitor ids one client address is issued per minute. */
  visitorIdsPerMinutePerAddress: number;
  /** Lock and unlock calls per minute. */
  locksPerMinutePerVisitor: number;
  locksPerMinutePerAddress: number;
  /** Payment commits per 10 minutes. */
  commitsPer10MinPerVisitor: number;
  commitsPer10MinPerAddress: number;
  /** Ticket-code lookups (a presentation read with `ticketCodes`) per minute. */
  codesPerMinutePerVisitor: number;
  codesPerMinutePerAddress: number;
  /** Login-code SMS per 15 minutes, per mobile number and per client address. */
  smsPerNumber: number;
  smsPerAddress: number;
  /** LIMITS_SHARED: count the lock, commit and code rates in the database, shared by processes and hosts. */
  shared: boolean;
}
