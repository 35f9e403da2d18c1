import type { LocalizedText } from '../api/contract/common.ts';
import type { Translate } from './boardText.ts';

/**
 * Where seats are, as the customer reads it: "Stalls, row 23, seats 30–31" (spec section 3, reservation
 * display: "seats with section, row, from/to"). One formatter for every place that names seats: the seat
 * step's selection, the order summary, the confirmation, the e-ticket, the personal area (through
 * src/ui/seatLabel.ts) and the box office's e-mails (server/services/messages/render.ts, with the same
 * locale texts read on the server). Pure; the words come from the `seatPlace.*` texts of the language.
 */

/** A seat as a customer names it: its section (already in the reader's language), row and seat names. */
export interface SeatPlace {
  section: string;
  row: string;
  seat: string;
}

/** A ticket of an order as the range grouping needs it (the contract's OrderTicket fits). */
export interface RangeTicket extends SeatPlace {
  presentationId: number;
  ticketName: LocalizedText;
  ticketGroupName: LocalizedText;
}

/** One line of an order's seats: one seat, or a run of seats side by side in a row. */
export interface SeatRun<T extends SeatPlace> {
  /** The run's items, in seat-number order (the input order for a single seat). */
  tickets: T[];
  section: string;
  row: string;
  /** First and last seat names; equal for a single seat. */
  from: string;
  to: string;
}

const NUMBER = /^\d+$/;

/**
 * Seats as runs: seats whose `line` key is the same (section and row always count; the caller adds what
 * else must match, a presentation, a ticket type) and whose names are numbers that follow each other
 * become one run `from`–`to`. Seat names, not the plan's geometry, decide: consecutive numbers stand for
 * adjacent seats, and a name that is not a number never joins a run; neither does a place `numbered`
 * says is not numbered (general admission). Runs come in the order of their first item in the input.
 */
export function placeRuns<T extends SeatPlace>(
  items: readonly T[],
  opts: { line?: (item: T) => unknown; numbered?: (item: T) => boolean } = {},
): SeatRun<T>[] {
  const single = (t: T): SeatRun<T> => ({
    tickets: [t],
    section: t.section,
    row: t.row,
    from: t.seat,
    to: t.seat,
  });
  // Buckets of items that could share a run, each remembering where its first item stood.
  const buckets = new Map<string, { t: T; at: number }[]>();
  const runs: { at: number; run: SeatRun<T> }[] = [];
  items.forEach((t, at) => {
    if (opts.numbered?.(t) === false || !NUMBER.test(t.seat)) {
      runs.push({ at, run: single(t) });
      return;
    }
    const key = JSON.stringify([t.section, t.row, opts.line?.(t) ?? null]);
    const bucket = buckets.get(key) ?? [];
    bucket.push({ t, at });
    buckets.set(key, bucket);
  });
  for (const bucket of buckets.values()) {
    const sorted = [...bucket].sort((a, b) => Number(a.t.seat) - Number(b.t.seat));
    let run: { t: T; at: number }[] = [];
    const flush = () => {
      if (run.length === 0) return;
      const first = run[0]!.t;
      runs.push({
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
  return runs.sort((a, b) => a.at - b.at).map((r) => r.run);
}

/**
 * An order's tickets as display lines: runs of one presentation, section and row with the same ticket
 * type and price level. Unreserved places (`isReserved` false for their presentation) stay one line per
 * ticket.
 */
export function seatRuns<T extends RangeTicket>(
  tickets: readonly T[],
  isReserved: (presentationId: number) => boolean,
): SeatRun<T>[] {
  return placeRuns(tickets, {
    line: (t) => [t.presentationId, t.ticketName, t.ticketGroupName],
    numbered: (t) => isReserved(t.presentationId),
  });
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

/** A run as the words need it: a section, a row and the first and last seat. */
type RunPlace = Pick<SeatRun<SeatPlace>, 'section' | 'row' | 'from' | 'to'>;

/**
 * One row's seats in words: "Stalls, row 23, seat 30", or with several "Stalls, row 23, seats 30–31, 35"
 * (each run a range, the runs as given). All `runs` are of one section and row. Without a section name
 * the phrase starts at the row.
 */
function rowPhrase(t: Translate, runs: readonly RunPlace[]): string {
  const { section, row } = runs[0]!;
  const one = runs.length === 1 && runs[0]!.from === runs[0]!.to;
  const seats = runs
    .map((r) => (r.from === r.to ? r.from : seatRangeText(r.from, r.to)))
    .join(t('seatPlace.listSeparator'));
  if (!section) return t(one ? 'seatPlace.rowSeat' : 'seatPlace.rowSeats', { row, seat: seats, seats });
  return t(one ? 'seatPlace.seat' : 'seatPlace.seats', { section, row, seat: seats, seats });
}

/** A place that is not numbered: "Standing, general admission" (or just "General admission"). */
function unreservedPhrase(t: Translate, section: string): string {
  return section ? t('seatPlace.unreserved', { section }) : t('seatPlace.generalAdmission');
}

/** One run (a line of an order): "Stalls, row 5, seats 3–6", "Stalls, row 5, seat 8", or unreserved. */
export function runText(t: Translate, run: RunPlace, isReserved = true): string {
  return isReserved ? rowPhrase(t, [run]) : unreservedPhrase(t, run.section);
}

/** One seat: "Stalls, row 23, seat 30" (unreserved: "Standing, general admission"). */
export function seatText(t: Translate, seat: SeatPlace, isReserved = true): string {
  return runText(t, { section: seat.section, row: seat.row, from: seat.seat, to: seat.seat }, isReserved);
}

/**
 * Any seats in words, the way the seat step's selection and a message list them: one phrase per section
 * and row, "Stalls, row 23, seats 30–31, 35; Balcony, row 2, seat 7". Sections come in the order the
 * seats were given (the order of choosing), rows within a section in their natural order, seats in
 * number order, side-by-side seats as a range. Unreserved places: one phrase per section.
 */
export function seatPlaceText(t: Translate, seats: readonly SeatPlace[], isReserved = true): string {
  const separator = t('seatPlace.groupSeparator');
  if (!isReserved)
    return [...new Set(seats.map((s) => s.section))].map((s) => unreservedPhrase(t, s)).join(separator);
  const sections = new Map<string, Map<string, SeatRun<SeatPlace>[]>>();
  for (const run of placeRuns(seats)) {
    const rows = sections.get(run.section) ?? new Map<string, SeatRun<SeatPlace>[]>();
    sections.set(run.section, rows);
    rows.set(run.row, [...(rows.get(run.row) ?? []), run]);
  }
  const phrases: string[] = [];
  for (const rows of sections.values())
    for (const row of [...rows.keys()].sort(naturalOrder)) {
      const runs = rows.get(row)!.sort((a, b) => naturalOrder(a.from, b.from));
      phrases.push(rowPhrase(t, runs));
    }
  return phrases.join(separator);
}

/** Numbers by value, before names; names as text ("2" < "10" < "A"). */
function naturalOrder(a: string, b: string): number {
  const na = NUMBER.test(a);
  const nb = NUMBER.test(b);
  if (na && nb) return Number(a) - Number(b);
  if (na !== nb) return na ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
