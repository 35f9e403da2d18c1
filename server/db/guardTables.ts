/** The abuse guard's shared counters (migration 032; issue 40). */
export interface GuardTables {
  /**
   * Calls counted in one fixed window: one row per bucket (the guarded kind and whom it counts, like
   * `lock:visitor`), key (the visitor id or the client address) and window start (epoch ms, a multiple of
   * the window's length). `ends_at` is when the window ends: what the prune deletes by.
   */
  guard_counts: { bucket: string; key: string; window_start: number; ends_at: number; n: number };
}
