import type { LocalizedText } from '../api/contract/common.ts';

/** A ticket of an order as the range grouping needs it (the contract's OrderTicket fits). */
export interface RangeTicket {
  presentationId: number;
  section: string;
  row: string;
  seat: string;
  ticketName: LocalizedText;
  ticketGroupName: LocalizedText;
}

/** One line of an order's seats: one seat, or a run of seats side by side in a row. */
export interface SeatRun<T extends RangeTicket> {
  /** The run's tickets, in seat-number order (the input order for a single seat). */
  tickets: T[];
  section: string;
  row: string;
  /** First and last seat names; equal for a single seat. */
  from: string;
  to: string;
}

const NUMBER = /^\d+$/;

/**
 * An order's seats as display lines (spec section 3, reservation display: "seats with section, row,
 * from/to"): seats of one presentation, section and row, with the same ticket type and price level,
 * whose names are numbers that follow each other, become one line `from`–`to`. The order knows seat
 * names, not the plan's geometry, so consecutive numbers stand for adjacent seats; a name that is not
 * a number never joins a run. Unreserved places (no numbered seats) stay one line per ticket when
 * `isReserved` says so. Lines come in the order of their first ticket in the input. Pure.
 */
export function seatRuns<T extends RangeTicket>(
  tickets: readonly T[],
  isReserved: (presentationId: number) => boolean,
): SeatRun<T>[] {
  const single = (t: T): SeatRun<T> => ({
    tickets: [t],
    section: t.section,
    row: t.row,
    from: t.seat,
    to: t.seat,
  });
  // Buckets of tickets that could share a line, each remembering where its first ticket stood.
  const buckets = new Map<string, { at: number; tickets: { t: T; at: number }[] }>();
  const lines: { at: number; run: SeatRun<T> }[] = [];
  tickets.forEach((t, at) => {
    if (!isReserved(t.presentationId) || !NUMBER.test(t.seat)) {
      lines.push({ at, run: single(t) });
      return;
    }
    const key = JSON.stringify([t.presentationId, t.section, t.row, t.ticketName, t.ticketGroupName]);
    const bucket = buckets.get(key) ?? { at, tickets: [] };
    bucket.tickets.push({ t, at });
    buckets.set(key, bucket);
  });
  for (const bucket of buckets.values()) {
    const sorted = [...bucket.tickets].sort((a, b) => Number(a.t.seat) - Number(b.t.seat));
    let run: { t: T; at: number }[] = [];
    const flush = () => {
      if (run.length === 0) return;
      const first = run[0]!.t;
      lines.push({
        at: Math.min(...run.map((r) => r.at)),
        run: {
          tickets: run.map((r) => r.t),
          section: first.section,
          row: first.row,
          from: first.seat,
          to: run[run.length - 1]!.t.seat,
        },
      });
      run = [];
    };
    for (const item of sorted) {
      const last = run[run.length - 1];
      if (last && Number(item.t.seat) !== Number(last.t.seat) + 1) flush();
      run.push(item);
    }
    flush();
  }
  return lines.sort((a, b) => a.at - b.at).map((l) => l.run);
}

/** Left-to-right isolate (U+2066 … U+2069): a number range keeps its order inside right-to-left text. */
export function ltrIsolate(text: string): string {
  return `\u2066${text}\u2069`;
}

/**
 * A seat range as the customer reads it, "3–6" with an en dash, isolated left to right so that in
 * Hebrew or Arabic the lower number still stands first (to the left, as numbers read in those scripts).
 */
export function seatRangeText(from: string, to: string): string {
  return ltrIsolate(`${from}\u2013${to}`);
}
