import { parseSeatKey, seatKey } from '../seatKey.ts';

/** x and y below this (in magnitude) pack into one safe integer: |x| · 2^26 + y stays under 2^52. */
const PACKED = 2 ** 25;

/**
 * A map by seat (section id, x, y) that keys the usual seat by one number instead of its key text: a plan
 * of 100,000 seats then builds no 100,000 strings to find its duplicates. Seats beyond ±2^25 units (no
 * real plan) fall back to their key text.
 */
export class SeatKeyMap<T> {
  readonly #sections = new Map<number, Map<number, T>>();
  readonly #far = new Map<string, T>();

  get(sectionId: number, x: number, y: number): T | undefined {
    if (Math.abs(x) >= PACKED || Math.abs(y) >= PACKED) return this.#far.get(seatKey(sectionId, x, y));
    return this.#sections.get(sectionId)?.get(x * 2 * PACKED + y);
  }

  set(sectionId: number, x: number, y: number, value: T): void {
    if (Math.abs(x) >= PACKED || Math.abs(y) >= PACKED) {
      this.#far.set(seatKey(sectionId, x, y), value);
      return;
    }
    let section = this.#sections.get(sectionId);
    if (!section) this.#sections.set(sectionId, (section = new Map()));
    section.set(x * 2 * PACKED + y, value);
  }

  /** The value of a seat key as text (`section_x_y`). */
  getKey(key: string): T | undefined {
    const c = parseSeatKey(key);
    return c && this.get(c.sectionId, c.x, c.y);
  }

  /** Every entry with its seat key as text. */
  *entries(): Generator<[string, T]> {
    for (const [sectionId, section] of this.#sections) {
      for (const [packed, value] of section) {
        // Packed as x · 2^26 + y with |y| < 2^25: y is the remainder nearest to zero.
        let y = packed % (2 * PACKED);
        if (y >= PACKED) y -= 2 * PACKED;
        else if (y < -PACKED) y += 2 * PACKED;
        const x = (packed - y) / (2 * PACKED);
        yield [seatKey(sectionId, x, y), value];
      }
    }
    yield* this.#far;
  }
}
