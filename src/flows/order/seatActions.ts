import { ApiCallError } from '../../api/client.ts';
import type { Confirm } from '../../../workers/seatplan/rules.ts';
import { sectionKeyPrefix } from '../../domain/seatKey.ts';

/**
 * The seat step's decisions that need no map, no box office and no React: which text a refusal shows,
 * what a failed unlock means, whether a general-admission area has the places asked for.
 */

/** A text the seat step shows: a translation key and its parameters (translated when shown). */
export interface SeatText {
  key: string;
  params?: Record<string, string | number>;
}

type Refusal = { code: string; params?: Record<string, string | number> | undefined };

/** A seat rule's refusal (workers/seatplan/rules.ts) as the customer reads it. */
export function ruleText(r: Refusal): SeatText {
  return { key: `seatmap.rules.${r.code}`, params: r.params ?? {} };
}

/**
 * An auto-select refusal. The worker's NOT_ENOUGH_SEATS stays inside the worker: the customer hears the
 * spec's catalogue code, section_not_enough_seats when a section was chosen and res_not_enough_seats for
 * the whole plan (reserved seating). NO_ACCESSIBLE_BLOCK (no row has `count` seats side by side with a
 * wheelchair space) says so; the other refusals are the seat rules' own.
 */
export function autoSelectText(r: Refusal, sectionChosen: boolean, count = 0): SeatText {
  if (r.code === 'NO_ACCESSIBLE_BLOCK') return { key: 'order.noAccessibleBlock', params: { seats: count } };
  if (r.code !== 'NOT_ENOUGH_SEATS') return ruleText(r);
  return {
    key: sectionChosen ? 'errors.section_not_enough_seats' : 'errors.res_not_enough_seats',
    params: {},
  };
}

/**
 * Sorts the outcomes of unlock calls (one per item, in order). A failed unlock leaves the seat the
 * visitor's (spec section 4: "if lock or unlock fails the flag is reverted"): after a network failure or
 * a 5xx the box office may well still hold it for this visitor, so the shop keeps it selected (`failed`).
 * One exception: `unlock_seat_error` is the box office saying the seat is not held by this visitor any
 * more (the lock lapsed, or was never taken). The shop cannot keep what it does not hold, so such seats
 * are `unsure` until the status map says whose they are (`settleUnsure`).
 */
export function sortUnlocks<T>(
  items: readonly T[],
  results: readonly PromiseSettledResult<unknown>[],
): { released: T[]; unsure: T[]; failed: T[] } {
  const out = { released: [] as T[], unsure: [] as T[], failed: [] as T[] };
  items.forEach((item, i) => {
    const r = results[i];
    if (r?.status === 'fulfilled') out.released.push(item);
    else if (r?.reason instanceof ApiCallError && r.reason.code === 'unlock_seat_error')
      out.unsure.push(item);
    else out.failed.push(item);
  });
  return out;
}

/**
 * Settles `unsure` seats with the status map's list of seats this visitor holds: the ones not in it are
 * `lost` (they leave the order and show as the status map says); the ones in it are still the visitor's
 * (`kept`, selected). Without a status map (`held` null: it could not be fetched) nothing is known, so
 * every seat is kept: the next status poll or the box office at commit will tell.
 */
export function settleUnsure<T extends { key: string }>(
  unsure: readonly T[],
  held: readonly string[] | null,
): { lost: T[]; kept: T[] } {
  if (held === null) return { lost: [], kept: [...unsure] };
  const mine = new Set(held);
  return { lost: unsure.filter((s) => !mine.has(s.key)), kept: unsure.filter((s) => mine.has(s.key)) };
}

/**
 * Free places of one general-admission area at one price level, counted in the sparse status map
 * (`section_x_y` → `ticketGroup,allocation`).
 */
export function freePlaces(
  seats: Readonly<Record<string, string>>,
  sectionId: number,
  ticketGroup: number,
): number {
  const prefix = sectionKeyPrefix(sectionId);
  let n = 0;
  for (const [key, value] of Object.entries(seats)) {
    if (key.startsWith(prefix) && Number(value.split(',')[0]) === ticketGroup) n++;
  }
  return n;
}

/** The seat a swap gives up: the one chosen last (the order lists seats as they were held). */
export function swapFromKey(seats: readonly { key: string }[]): string | null {
  return seats.length ? seats[seats.length - 1]!.key : null;
}

/** The confirmations seats need (spec section 5: wheelchair spaces and limited-view seats), once each. */
export function confirmationsOf(
  seats: readonly ({ handicap: boolean; limitedView: boolean } | null)[],
): Confirm[] {
  const confirm: Confirm[] = [];
  if (seats.some((s) => s?.handicap)) confirm.push('handicap');
  if (seats.some((s) => s?.limitedView)) confirm.push('limitedView');
  return confirm;
}
