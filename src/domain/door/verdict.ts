/**
 * The door's rule (issue 37), pure: what a scan of a ticket answers and what it changes. The box office
 * applies it inside one database step (with a check that nobody changed the ticket's entry meanwhile),
 * and a phone applies it to its downloaded copy when offline, so both answer alike.
 */
export type ScanDirection = 'in' | 'out';

/** A ticket as the door sees it: whether it may come in at all. */
export interface DoorTicket {
  presentationId: number;
  /** valid: paid; held: a hold order not collected yet; cancelled: cancelled, refunded or exchanged away. */
  state: 'valid' | 'held' | 'cancelled';
  /** May a ticket that went out come back in (per presentation)? */
  reentry: boolean;
}

/** Where a ticket stands at the doors: inside or not, how often it came in, and its last scan. */
export interface EntryState {
  inside: boolean;
  entries: number;
  /** Epoch ms of the last scan that let it in or out; null before the first. */
  lastAt: number | null;
  lastDoor: string | null;
}

export const NOT_SCANNED: EntryState = { inside: false, entries: 0, lastAt: null, lastDoor: null };

export const VERDICTS = [
  'admitted',
  'exited',
  'already_in',
  'no_reentry',
  'not_inside',
  'wrong_presentation',
  'not_paid',
  'cancelled',
  'unknown',
  'forged',
  // A voucher or a membership card instead of a ticket (passes.ts).
  'voucher_admitted',
  'voucher_used_up',
  'voucher_expired',
  'voucher_cancelled',
  'voucher_not_active',
  'voucher_not_valid_here',
  'gift_card',
  'member_valid',
  'member_not_valid',
] as const;
export type VerdictKind = (typeof VERDICTS)[number];

/** The verdicts that open the door (green); every other one is red. */
export const PASSING: ReadonlySet<VerdictKind> = new Set([
  'admitted',
  'exited',
  'voucher_admitted',
  'member_valid',
]);

export interface Scan {
  direction: ScanDirection;
  /** The presentations this door admits now. */
  presentationIds: readonly number[];
  door: string;
  at: number;
}

export interface Decision {
  verdict: VerdictKind;
  /** For already_in and no_reentry: when and at which door it last came in or went out. */
  lastAt: number | null;
  lastDoor: string | null;
  /** The entry state after the scan (unchanged unless the verdict passes). */
  next: EntryState;
}

/** What a scan of a known, genuine ticket answers; `ticket` null: nobody sold it (unknown). */
export function decide(ticket: DoorTicket | null, entry: EntryState, scan: Scan): Decision {
  const refuse = (verdict: VerdictKind, withLast = false): Decision => ({
    verdict,
    lastAt: withLast ? entry.lastAt : null,
    lastDoor: withLast ? entry.lastDoor : null,
    next: entry,
  });
  if (!ticket) return refuse('unknown');
  if (ticket.state === 'cancelled') return refuse('cancelled');
  if (ticket.state === 'held') return refuse('not_paid');
  if (!scan.presentationIds.includes(ticket.presentationId)) return refuse('wrong_presentation');
  if (scan.direction === 'in') {
    if (entry.inside) return refuse('already_in', true);
    if (entry.entries > 0 && !ticket.reentry) return refuse('no_reentry', true);
    return {
      verdict: 'admitted',
      lastAt: null,
      lastDoor: null,
      next: { inside: true, entries: entry.entries + 1, lastAt: scan.at, lastDoor: scan.door },
    };
  }
  if (!entry.inside) return refuse('not_inside', true);
  return {
    verdict: 'exited',
    lastAt: null,
    lastDoor: null,
    next: { inside: false, entries: entry.entries, lastAt: scan.at, lastDoor: scan.door },
  };
}
