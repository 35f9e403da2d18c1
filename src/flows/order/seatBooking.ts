import { ApiCallError } from '../../api/client.ts';
import type { Presentation } from '../../api/contract/presentations.ts';
import { api } from '../../api/endpoints.ts';
import { parseSeatKey } from '../../domain/seatKey.ts';
import type { SeatDescription, SeatMapHandle } from '../../seatmap/index.ts';
import { type HeldSeat, lockSeatOf } from './model.ts';
import { settleUnsure, sortUnlocks } from './seatActions.ts';

/**
 * The seat step's calls to the box office, each kept in step with the map: a seat shows as selected
 * only once the box office holds it for the visitor, and goes back to free only once it let it go.
 * The answers say what the order should do (seats that join it, seats that leave it) and what went
 * wrong; the step turns them into texts.
 */

function coordinates(key: string): { x: number; y: number } {
  const seat = parseSeatKey(key);
  return { x: seat?.x ?? 0, y: seat?.y ?? 0 };
}

/** A seat of the map as the order keeps it; `expiresAt` 0 until the box office answers. */
export function toHeld(d: SeatDescription, expiresAt = 0): HeldSeat {
  return {
    key: d.key,
    sectionId: d.sectionId,
    ...coordinates(d.key),
    ticketGroup: d.ticketGroup,
    section: d.section,
    row: d.row,
    seat: d.seat,
    expiresAt,
    ticketId: null,
  };
}

async function describeAll(h: SeatMapHandle, indices: readonly number[]): Promise<SeatDescription[]> {
  return (await Promise.all(indices.map((i) => h.describe(i)))).filter(
    (d): d is SeatDescription => d !== null,
  );
}

const isTaken = (err: unknown) => err instanceof ApiCallError && err.code === 'lock_seat_error';

export type LockOutcome = { ok: true; held: HeldSeat[] } | { ok: false; error: unknown };

/**
 * Locks seats one by one. On a refusal the seats already locked in this attempt are released again, the
 * refused seat shows as taken when someone else has it (lock_seat_error) and stays free otherwise (e.g.
 * no_price_policy, max_seats_error): the selection is what it was before.
 */
export async function lockSeats(h: SeatMapHandle, p: Presentation, indices: number[]): Promise<LockOutcome> {
  const held: HeldSeat[] = [];
  for (const d of await describeAll(h, indices)) {
    const seat = toHeld(d);
    try {
      const r = await api.lockSeat(lockSeatOf(p, seat));
      held.push({ ...seat, expiresAt: Date.parse(r.expiresAt) });
    } catch (error) {
      await Promise.allSettled(held.map((s) => api.unlockSeat(lockSeatOf(p, s))));
      if (isTaken(error)) await h.markTaken([d.index]);
      return { ok: false, error };
    }
  }
  await h.setSelected(indices, true);
  return { ok: true, held };
}

export interface ReleaseOutcome {
  /** Seats that leave the order: released, or found no longer the visitor's. */
  gone: string[];
  /** Seats whose unlock failed and that stay the visitor's (selected, in the order). */
  kept: string[];
}

/**
 * Unlocks seats. A seat whose unlock fails stays selected and in the order (`sortUnlocks` says why),
 * unless the box office answered that it is not the visitor's any more: then the status map is read once,
 * and a seat it does not list as held by the visitor leaves the order and shows as the map says (free,
 * or taken by someone else).
 */
export async function releaseSeats(
  h: SeatMapHandle,
  p: Presentation,
  indices: number[],
): Promise<ReleaseOutcome> {
  const descs = await describeAll(h, indices);
  const results = await Promise.allSettled(descs.map((d) => api.unlockSeat(lockSeatOf(p, toHeld(d)))));
  const { released, unsure, failed } = sortUnlocks(descs, results);
  let lost: SeatDescription[] = [];
  let kept = failed;
  let status: Awaited<ReturnType<typeof api.seatsStatus>> | null = null;
  if (unsure.length) {
    status = await api.seatsStatus(p).catch(() => null);
    const settled = settleUnsure(unsure, status?.held ?? null);
    lost = settled.lost;
    kept = [...kept, ...settled.kept];
  }
  const gone = [...released, ...lost];
  await h.setSelected(
    gone.map((d) => d.index),
    false,
  );
  if (lost.length && status) await h.applyStatus({ status: status.seats });
  return { gone: gone.map((d) => d.key), kept: kept.map((d) => d.key) };
}

export type SwapOutcome =
  { ok: true; held: HeldSeat[]; released: string[] } | { ok: false; error: unknown; lost: string[] };

/**
 * Swaps the selected seats `release` for the free seats `take` (checked by the worker's `checkSwap`).
 * The first new seat is locked with the old seats as `replaces`: the box office takes it and lets the old
 * ones go in one transaction, so a refused lock leaves the old selection untouched, and the seat cap
 * (which a plain lock at the cap would hit) counts after the release. The other seats of a sofa are then
 * locked plainly; if one is refused, the new seats are released and the old ones taken back, and an old
 * seat someone took meanwhile leaves the order (`lost`).
 */
export async function swapSeats(
  h: SeatMapHandle,
  p: Presentation,
  release: number[],
  take: number[],
): Promise<SwapOutcome> {
  const olds = (await describeAll(h, release)).map((d) => toHeld(d));
  const news = await describeAll(h, take);
  const held: HeldSeat[] = [];
  for (const d of news) {
    const seat = toHeld(d);
    try {
      const r = held.length
        ? await api.lockSeat(lockSeatOf(p, seat))
        : await api.swapSeat(
            lockSeatOf(p, seat),
            olds.map((o) => lockSeatOf(p, o)),
          );
      held.push({ ...seat, expiresAt: Date.parse(r.expiresAt) });
    } catch (error) {
      if (isTaken(error)) await h.markTaken([d.index]);
      if (!held.length) return { ok: false, error, lost: [] };
      await Promise.allSettled(held.map((s) => api.unlockSeat(lockSeatOf(p, s))));
      const back = await Promise.allSettled(olds.map((o) => api.lockSeat(lockSeatOf(p, o))));
      const lost = olds.filter((_, i) => back[i]?.status === 'rejected').map((o) => o.key);
      const lostIndices = lost.map((k) => h.indexOfKey(k));
      await h.setSelected(lostIndices, false);
      await h.markTaken(lostIndices);
      return { ok: false, error, lost };
    }
  }
  await h.setSelected(release, false);
  await h.setSelected(take, true);
  return { ok: true, held, released: olds.map((o) => o.key) };
}
