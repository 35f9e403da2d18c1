import type { Generated } from 'kysely';

/** The waiting room (migration 031; issue 40). */
export type WaitingRoomMode = 'off' | 'on' | 'auto';

export interface WaitingRoomTables {
  /**
   * A queue in front of its presentations. `mode` is what staff chose: off, on, or auto (in force while
   * more buyers are active than `auto_buyers`); `active` says whether it is in force now.
   */
  waiting_rooms: {
    id: string;
    name: string;
    mode: WaitingRoomMode;
    /** The sale's opening: who arrives before it gets a random place among those, drawn at this instant. */
    opens_at: number;
    /** The admission rate staff set (per minute); the starting rate when a latency target adapts it. */
    admit_per_minute: number;
    /** The p95 of admitted buyers' seat and checkout calls the rate is adapted to keep; null: fixed rate. */
    target_ms: number | null;
    /** auto: active buyers (holding seats) above which the queue is put in force. */
    auto_buyers: number | null;
    /** How long an admission pass lets its visitor buy. */
    pass_minutes: number;
    active: Generated<number>;
    /** 1 once the places of those who came before the opening are drawn. */
    drawn: Generated<number>;
    /** The last place given; places run 1, 2, 3 ... */
    next_position: Generated<number>;
    /** Every place up to this one is admitted. */
    admitted_through: Generated<number>;
    /** The admission rate now (per minute). */
    rate_per_minute: number;
    /** Admissions per minute as measured over the last minute or so: what an estimate is made from. */
    measured_per_minute: Generated<number>;
    /** The fraction of a visitor carried from one admission round to the next (thousandths). */
    carry_milli: Generated<number>;
    last_tick_at: Generated<number>;
    /** Buyers holding seats of the room's presentations at the last round. */
    buyers: Generated<number>;
    /** The p95 of admitted buyers' calls at the last round (ms); null: none measured. */
    latency_ms: Generated<number | null>;
    updated_at: number;
  };
  /** Which room a presentation's buyers wait in (at most one). */
  waiting_room_presentations: { presentation_id: number; room_id: string };
  /** A visitor's place: one per room and visitor. Null position: came before the opening, not drawn yet. */
  queue_entries: {
    room_id: string;
    visitor: string;
    position: number | null;
    draw_key: number;
    joined_at: number;
    /** When its admission pass was first issued: the pass runs `pass_minutes` from here, once. */
    passed_at: number | null;
  };
}
