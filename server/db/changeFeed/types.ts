/**
 * The seat change feed: every write to `seat_holds`, in commit order, as the row is after the write
 * (migration 008). Both databases deliver the same events; how is theirs (`pg.ts`, `sqlite.ts`).
 */
export interface SeatEvent {
  /** Names the event (unique within the database); every process sees the same events in the same order. */
  id: string;
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
  /** h: held, s: sold, f: the row is gone (the seat is free again, if it is sold online at all). */
  state: 'h' | 's' | 'f';
  expiresAt: number;
  /** Held for an order (its payment under way, or a hold order) rather than sitting in a cart. */
  claimed: boolean;
  visitor: string;
}

export interface ChangeFeedHandlers {
  onEvents(events: SeatEvent[]): void;
  /** Events may have been lost (the connection dropped and came back): whatever was built on them reloads. */
  onGap(): void;
  /**
   * The feed (re)started, before the first event it delivers from then on: every event whose id is above
   * `lastId` (a number) reaches `onEvents`, and every event up to it had been committed or rolled back, so
   * the database as read from now on holds them all. The same point for every process that started then:
   * a stream resumes from it on any of them (LiveStatus). Null when no such point could be fixed (a
   * transaction that would not end): the process has only points of its own.
   */
  onStart(lastId: string | null): void;
}

export interface ChangeFeed {
  start(handlers: ChangeFeedHandlers): Promise<void>;
  /** Resolves once every change committed before the call has reached `onEvents` (or the feed is down). */
  sync(): Promise<void>;
  stop(): Promise<void>;
}
