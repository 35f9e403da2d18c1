import { ApiCallError } from '../../api/client.ts';
import type { LockSeat } from '../../api/contract/seats.ts';
import type { Presentation } from '../../api/contract/presentations.ts';
import { api } from '../../api/endpoints.ts';
import { parseSeatKey } from '../../domain/seatKey.ts';
import type { SeatDescription, SeatMapHandle } from '../../seatmap/index.ts';
import type { CounterSeat } from './sale.ts';

/**
 * The counter's seat calls (issue 36): the shop's own lock and unlock calls, with this browser's visitor
 * uuid, so the counter and the web compete for the same locks. A seat shows as the counter's only once
 * the box office holds it for it. (The shop's order flow has the same steps in seatBooking.ts; the back
 * office imports no flow.)
 */

export function lockOf(
  p: Presentation,
  s: { sectionId: number; ticketGroup: number; x?: number; y?: number },
) {
  return {
    PresentationId: p.id,
    VenueId: p.venueId,
    VenueSeatplanId: p.seatplanId,
    VenueSectionId: s.sectionId,
    TicketGroupId: s.ticketGroup,
    ...(s.x === undefined ? {} : { XCoordinate: s.x, YCoordinate: s.y }),
  } satisfies LockSeat;
}

export function counterSeatOf(d: SeatDescription): CounterSeat {
  const at = parseSeatKey(d.key);
  return {
    key: d.key,
    sectionId: d.sectionId,
    x: at?.x ?? 0,
    y: at?.y ?? 0,
    ticketGroup: d.ticketGroup,
    section: d.section,
    row: d.row,
    seat: d.seat,
    ticketId: null,
  };
}

async function describeAll(h: SeatMapHandle, indices: readonly number[]): Promise<SeatDescription[]> {
  const all = await Promise.all(indices.map((i) => h.describe(i)));
  return all.filter((d): d is SeatDescription => d !== null);
}

/**
 * Locks seats one by one, all or none: on a refusal the seats locked in this attempt are let go again,
 * and a seat someone else holds shows as taken. Answers the seats held, or the refusal.
 */
export async function lockSeats(
  h: SeatMapHandle,
  p: Presentation,
  indices: readonly number[],
): Promise<{ ok: true; held: CounterSeat[] } | { ok: false; error: unknown }> {
  const held: CounterSeat[] = [];
  for (const d of await describeAll(h, indices)) {
    const seat = counterSeatOf(d);
    try {
      await api.lockSeat(lockOf(p, seat));
      held.push(seat);
    } catch (error) {
      await Promise.allSettled(held.map((s) => api.unlockSeat(lockOf(p, s))));
      if (error instanceof ApiCallError && error.code === 'lock_seat_error') await h.markTaken([d.index]);
      return { ok: false, error };
    }
  }
  await h.setSelected([...indices], true);
  return { ok: true, held };
}

/** Lets seats go; answers the keys let go (a seat whose unlock failed stays the counter's). */
export async function releaseSeats(
  h: SeatMapHandle,
  p: Presentation,
  indices: readonly number[],
): Promise<string[]> {
  const descs = await describeAll(h, indices);
  const results = await Promise.allSettled(descs.map((d) => api.unlockSeat(lockOf(p, counterSeatOf(d)))));
  // Not held any more (a lapsed lock) is let go all the same: the counter cannot sell it.
  const gone = descs.filter((_, i) => {
    const r = results[i];
    return (
      r?.status === 'fulfilled' ||
      (r?.reason instanceof ApiCallError && r.reason.code === 'unlock_seat_error')
    );
  });
  await h.setSelected(
    gone.map((d) => d.index),
    false,
  );
  return gone.map((d) => d.key);
}

/** The seats the box office says this visitor holds, drawn as selected; answers them. */
export async function heldNow(h: SeatMapHandle, p: Presentation): Promise<CounterSeat[] | null> {
  const status = await api.seatsStatus(p).catch(() => null);
  if (!status) return null;
  const indices = status.held.map((k) => h.indexOfKey(k)).filter((i) => i >= 0);
  await h.setSelected(indices, true);
  return (await describeAll(h, indices)).map(counterSeatOf);
}
