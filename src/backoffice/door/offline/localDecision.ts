import type {
  DoorDownload,
  DoorTicketInfo,
  DownloadedTicket,
  ScanInput,
  ScanResult,
} from '../../../api/contract/door.ts';
import { parseDoorCode } from '../../../domain/door/doorCode.ts';
import { decide, type EntryState, NOT_SCANNED } from '../../../domain/door/verdict.ts';
import type { SignatureCheck } from './verifier.ts';

/** A scan as the phone sends it, before it knows whether it is decided here or by the box office. */
export type DoorScan = Omit<ScanInput, 'offline'>;

/** What the phone decided: the answer, the ticket's entry after it, and whether it goes to the queue. */
export interface LocalDecision {
  result: ScanResult;
  /** The entry this scan changed; null when it changed none. */
  changed: { ticketIdentifier: string; entry: EntryState } | null;
  /**
   * A ticket's scan is uploaded (what happened at the door is recorded). A voucher's or a stranger's
   * code is not: the phone cannot decide it and refuses it as unknown, and sent later it must not take
   * a voucher's use for a person who was turned away.
   */
  queue: boolean;
}

/** A ticket's entry in the download, in the rule's terms. */
export function downloadedEntry(ticket: DownloadedTicket): EntryState {
  const { inside, entries, lastAt, lastDoor } = ticket.entry;
  return { inside, entries, lastAt: lastAt == null ? null : Date.parse(lastAt), lastDoor };
}

const byTicket = new WeakMap<DoorDownload, Map<string, DownloadedTicket>>();

/** A ticket of the download by its number (an index made once per download). */
export function downloadedTicket(download: DoorDownload, ticketIdentifier: string): DownloadedTicket | null {
  let map = byTicket.get(download);
  if (!map) {
    map = new Map(download.tickets.map((t) => [t.ticketIdentifier, t]));
    byTicket.set(download, map);
  }
  return map.get(ticketIdentifier) ?? null;
}

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

const info = (ticket: DownloadedTicket): DoorTicketInfo => {
  const { entry: _entry, ...rest } = ticket;
  return rest;
};

/**
 * Decides a scan from the download, as the box office would (the same `decide()`): a signed code is
 * checked against the box office's key first (a bad signature: forged); a genuine code of a ticket sold
 * after the download is a valid ticket of its presentation that never came in; a bare ticket number
 * the download does not hold is unknown. `localEntry` is this phone's newer state of a ticket, if any.
 */
export async function decideLocally(
  scan: DoorScan,
  download: DoorDownload,
  localEntry: (ticketIdentifier: string) => EntryState | null,
  verify: SignatureCheck,
): Promise<LocalDecision> {
  const answer = (partial: Partial<ScanResult> & Pick<ScanResult, 'verdict'>): ScanResult => ({
    nonce: scan.nonce,
    lastAt: null,
    lastDoor: null,
    conflict: false,
    ticket: null,
    pass: null,
    ...partial,
  });
  const code = parseDoorCode(scan.code);
  if (code.kind === 'other') return { result: answer({ verdict: 'unknown' }), changed: null, queue: false };
  // A browser that cannot verify (no Ed25519 in its WebCrypto) still decides by the ticket's number:
  // the download knows every ticket sold before it.
  const genuine = code.kind === 'signed' ? await verify(download.publicKey, code).catch(() => null) : true;
  if (genuine === false) return { result: answer({ verdict: 'forged' }), changed: null, queue: true };

  const id = code.ticketIdentifier;
  const known = downloadedTicket(download, id);
  if (!known && (code.kind === 'plain' || genuine === null))
    return { result: answer({ verdict: 'unknown' }), changed: null, queue: true };
  const presentationId = known?.presentationId ?? (code.kind === 'signed' ? code.presentationId : 0);
  const reentry = download.presentations.find((p) => p.id === presentationId)?.reentry ?? false;
  const entry = localEntry(id) ?? (known ? downloadedEntry(known) : NOT_SCANNED);
  const decision = decide({ presentationId, state: known?.state ?? 'valid', reentry }, entry, {
    direction: scan.direction,
    presentationIds: scan.presentationIds,
    door: scan.door,
    at: Date.parse(scan.scannedAt),
  });
  return {
    result: answer({
      verdict: decision.verdict,
      lastAt: iso(decision.lastAt),
      lastDoor: decision.lastDoor,
      ticket: known ? info(known) : null,
    }),
    changed: decision.next === entry ? null : { ticketIdentifier: id, entry: decision.next },
    queue: true,
  };
}

/**
 * A ticket's entry after the box office answered one of this phone's scans, so a scan decided here
 * later knows it (the download is up to two minutes old): let in or out now, or inside (or not) since
 * the time the answer names. Null: the answer says nothing of the entry.
 */
export function entryAfterAnswer(prev: EntryState, result: ScanResult, scan: DoorScan): EntryState | null {
  const at = Date.parse(scan.scannedAt);
  const last = {
    lastAt: result.lastAt == null ? prev.lastAt : Date.parse(result.lastAt),
    lastDoor: result.lastDoor ?? prev.lastDoor,
  };
  const once = Math.max(prev.entries, 1);
  switch (result.verdict) {
    case 'admitted':
      return { inside: true, entries: prev.entries + 1, lastAt: at, lastDoor: scan.door };
    case 'exited':
      return { inside: false, entries: prev.entries, lastAt: at, lastDoor: scan.door };
    case 'already_in':
      return { inside: true, entries: once, ...last };
    case 'no_reentry':
      return { inside: false, entries: once, ...last };
    case 'not_inside':
      return { ...prev, inside: false };
    default:
      return null;
  }
}
