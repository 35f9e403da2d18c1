import type { Kysely } from 'kysely';
import { seatKey, sectionKeyPrefix } from '../../../src/domain/seatKey.ts';
import type { SeatEvent } from '../../db/changeFeed/types.ts';
import type { Database } from '../../db/types.ts';
import { catalogueGeneration } from '../catalogue/generation.ts';
import { findRow, type PresentationRow } from '../catalogue/presentations.ts';
import { firstPlaces } from '../seating/capacity.ts';

interface Hold {
  sold: boolean;
  expiresAt: number;
  claimed: boolean;
  visitor: string;
}

/**
 * One presentation's seat status in memory: the seats sold online (`base`, key → "ticketGroup,allocation")
 * and the holds and sales on them (`holds`). A seat is free when it is in `base` and not in `holds`.
 * The status query's rule (`freeSeatsQuery`) also frees a hold whose time passed, which writes no event:
 * `expire(now)` drops those, and every answer is made right after it, so the snapshot answers what the
 * database would once it has every event. Until `expire` runs a lapsed hold still counts as taken, so
 * each seat turns free exactly once, by whichever comes first (`expire`, or the event of a release),
 * and that is what a stream is told and what bumps `version`.
 */
export class StatusSnapshot {
  /** Bumped by every change a customer can see (a seat turning free or taken). */
  version = 0;
  private nextExpiry = Number.POSITIVE_INFINITY;
  private bodyCache: { version: number; json: string } | null = null;

  readonly row: PresentationRow;
  /** The catalogue generation the row was read at: a later one (a capacity, a plan version) reloads it. */
  generation = -1;
  private readonly base: Map<string, string>;
  private readonly holds = new Map<string, Hold>();
  /** The seats held (not sold) by each visitor. */
  private readonly heldKeys = new Map<string, Set<string>>();

  private constructor(row: PresentationRow, base: Map<string, string>, holds: Map<string, Hold>) {
    this.row = row;
    this.base = base;
    for (const [key, h] of holds) {
      this.put(key, h);
      if (!h.sold) this.nextExpiry = Math.min(this.nextExpiry, h.expiresAt);
    }
  }

  static async load(db: Kysely<Database>, presentationId: number, now: number): Promise<StatusSnapshot> {
    const generation = await catalogueGeneration(db);
    const row = await findRow(db, presentationId);
    const [seats, holds] = await Promise.all([
      db
        .selectFrom('plan_seats as s')
        .innerJoin('allocations as a', 'a.id', 's.allocation_id')
        .select(['s.section_id', 's.x', 's.y', 's.ticket_group_id', 's.allocation_id'])
        .where('s.seatplan_id', '=', row.seatplan_id)
        .where('a.is_online', '=', 1)
        .execute(),
      db
        .selectFrom('seat_holds')
        .select(['section_id', 'x', 'y', 'state', 'expires_at', 'claimed_by', 'visitor'])
        .where('presentation_id', '=', presentationId)
        .where((eb) => eb.or([eb('state', '=', 'sold'), eb('expires_at', '>', now)]))
        .execute(),
    ]);
    const base = new Map<string, string>();
    // General admission sells no place beyond its capacity: those are never free (capacity.ts).
    for (const s of row.is_reserved === 1 ? seats : firstPlaces(seats, row.capacity))
      base.set(seatKey(s.section_id, s.x, s.y), `${s.ticket_group_id},${s.allocation_id}`);
    const held = new Map<string, Hold>();
    for (const h of holds) {
      held.set(seatKey(h.section_id, h.x, h.y), {
        sold: h.state === 'sold',
        expiresAt: Number(h.expires_at),
        claimed: h.claimed_by !== null,
        visitor: h.visitor,
      });
    }
    const snap = new StatusSnapshot(row, base, held);
    snap.generation = generation;
    return snap;
  }

  /** The map value of a free seat ("ticketGroup,allocation"), or undefined when it is taken. */
  freeValue(key: string): string | undefined {
    return this.holds.has(key) ? undefined : this.base.get(key);
  }

  /** Applies one write; answers whether the seat turned free or taken. */
  apply(e: SeatEvent): boolean {
    const key = seatKey(e.sectionId, e.x, e.y);
    const before = this.freeValue(key) !== undefined;
    if (e.state === 'f') {
      this.drop(key);
    } else {
      this.put(key, {
        sold: e.state === 's',
        expiresAt: e.expiresAt,
        claimed: e.claimed,
        visitor: e.visitor,
      });
      if (e.state === 'h') this.nextExpiry = Math.min(this.nextExpiry, e.expiresAt);
    }
    const changed = before !== (this.freeValue(key) !== undefined);
    if (changed) this.version++;
    return changed;
  }

  /** Drops the holds that lapsed by `now`; answers the seats that turned free. */
  expire(now: number): string[] {
    if (now < this.nextExpiry) return [];
    const freed: string[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const [key, h] of this.holds) {
      if (h.sold) continue;
      if (h.expiresAt <= now) {
        this.drop(key);
        if (this.base.has(key)) freed.push(key);
      } else next = Math.min(next, h.expiresAt);
    }
    this.nextExpiry = next;
    if (freed.length) this.version++;
    return freed;
  }

  /** The seats the visitor holds in the cart now (live, not claimed by an order): `heldByVisitor`. */
  heldBy(visitor: string, now: number): string[] {
    const keys: string[] = [];
    for (const key of this.heldKeys.get(visitor) ?? []) {
      const h = this.holds.get(key)!;
      if (!h.claimed && h.expiresAt > now) keys.push(key);
    }
    return keys;
  }

  /** Every status read of the shop asks for its visitor's seats: they are indexed, not searched for. */
  private put(key: string, hold: Hold): void {
    this.drop(key);
    this.holds.set(key, hold);
    if (hold.sold) return;
    let keys = this.heldKeys.get(hold.visitor);
    if (!keys) this.heldKeys.set(hold.visitor, (keys = new Set()));
    keys.add(key);
  }

  private drop(key: string): void {
    const h = this.holds.get(key);
    if (!h) return;
    this.holds.delete(key);
    const keys = this.heldKeys.get(h.visitor);
    if (keys?.delete(key) && keys.size === 0) this.heldKeys.delete(h.visitor);
  }

  /** The free seats as the JSON text of seats-statusV2's `seats` object, built once per version. */
  seatsJson(sectionId?: number): string {
    if (sectionId === undefined && this.bodyCache?.version === this.version) return this.bodyCache.json;
    const prefix = sectionId === undefined ? '' : sectionKeyPrefix(sectionId);
    const parts: string[] = [];
    for (const [key, value] of this.base) {
      if (prefix && !key.startsWith(prefix)) continue;
      if (!this.holds.has(key)) parts.push(`"${key}":"${value}"`);
    }
    const json = `{${parts.join(',')}}`;
    if (sectionId === undefined) this.bodyCache = { version: this.version, json };
    return json;
  }

  /** The seats whose free-or-taken state differs from `other`'s (a reload after a gap). */
  differences(other: StatusSnapshot): string[] {
    const keys: string[] = [];
    for (const key of new Set([...this.base.keys(), ...other.base.keys()]))
      if (this.freeValue(key) !== other.freeValue(key)) keys.push(key);
    return keys;
  }
}
