import type { Kysely, Transaction } from 'kysely';
import type { DoorPass, ScanInput, ScanResult } from '../../../src/api/contract/door.ts';
import { parseDoorCode } from '../../../src/domain/door/doorCode.ts';
import {
  decide,
  type Decision,
  NOT_SCANNED,
  PASSING,
  type VerdictKind,
} from '../../../src/domain/door/verdict.ts';
import type { Database } from '../../db/types.ts';
import { type DoorKey, isGenuine } from './keys.ts';
import { redeemPass } from './passes.ts';
import { type DoorRow, doorTicket } from './tickets.ts';

type Db = Kysely<Database>;

export interface Scanner {
  deviceId: string;
  staffId: string;
}

/** Two doors changed one ticket's entry at the same moment: the loser reads it again and decides again. */
class EntryMoved extends Error {}

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/**
 * Redeems scans one by one, each in one short transaction: the scan's nonce is claimed first (a scan
 * sent again finds its first answer), then the ticket's entry is read, the door's rule decides
 * (src/domain/door/verdict.ts), and the entry changes only if it is still the version that was read.
 * So two doors scanning one ticket at once let it in once, on SQLite and PostgreSQL alike.
 *
 * An offline scan (decided on a phone, uploaded later) records what happened at the door: a ticket the
 * phone let in is inside whatever the box office says, and if the box office had it inside already the
 * scan is a conflict, shown to staff.
 */
export async function redeemScans(
  db: Db,
  key: DoorKey,
  scanner: Scanner,
  scans: readonly ScanInput[],
  now: number,
): Promise<ScanResult[]> {
  const results: ScanResult[] = [];
  for (const scan of scans) results.push(await redeemOne(db, key, scanner, scan, now));
  return results;
}

async function redeemOne(
  db: Db,
  key: DoorKey,
  scanner: Scanner,
  scan: ScanInput,
  now: number,
): Promise<ScanResult> {
  const code = parseDoorCode(scan.code);
  let forged = false;
  let ticketIdentifier: string | null = null;
  if (code.kind === 'signed') {
    forged = !isGenuine(key, code);
    if (!forged) ticketIdentifier = code.ticketIdentifier;
  } else if (code.kind === 'plain') ticketIdentifier = code.ticketIdentifier;

  for (let attempt = 0; ; attempt++) {
    try {
      return await db
        .transaction()
        .execute((trx) => attemptScan(trx, scanner, scan, ticketIdentifier, forged, now));
    } catch (err) {
      if (!(err instanceof EntryMoved) || attempt > 20) throw err;
    }
  }
}

async function attemptScan(
  trx: Transaction<Database>,
  scanner: Scanner,
  scan: ScanInput,
  ticketIdentifier: string | null,
  forged: boolean,
  now: number,
): Promise<ScanResult> {
  const scannedAt = Date.parse(scan.scannedAt);
  const claimed = await trx
    .insertInto('door_scans')
    .values({
      nonce: scan.nonce,
      device_id: scanner.deviceId,
      staff_id: scanner.staffId,
      ticket_identifier: ticketIdentifier,
      presentation_id: null,
      door: scan.door,
      direction: scan.direction,
      verdict: 'unknown',
      offline: scan.offline ? 1 : 0,
      scanned_at: scannedAt,
      received_at: now,
    })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return storedAnswer(trx, scan.nonce);

  const row = ticketIdentifier ? await doorTicket(trx, ticketIdentifier) : null;
  // No ticket by that code: a voucher's reference or a member number, perhaps (passes.ts).
  const pass = row || forged ? null : await redeemPass(trx, scan);
  if (pass) return pass;
  // A forged code names no ticket (row is null): nothing to move.
  const decision: Decision = forged
    ? { verdict: 'forged', lastAt: null, lastDoor: null, next: NOT_SCANNED }
    : decide(row?.ticket ?? null, row?.entry ?? NOT_SCANNED, {
        direction: scan.direction,
        presentationIds: scan.presentationIds,
        door: scan.door,
        at: scannedAt,
      });

  let verdict: VerdictKind = decision.verdict;
  let conflict = false;
  let next = decision.next;
  const told = scan.offline?.verdict;
  if (told && row && !forged) {
    // What the phone did at the door happened: its verdict stands, the box office's state follows it.
    if (PASSING.has(told) && !PASSING.has(decision.verdict)) {
      conflict =
        told === 'admitted' && (decision.verdict === 'already_in' || decision.verdict === 'no_reentry');
      next =
        told === 'admitted'
          ? { inside: true, entries: row.entry.entries + 1, lastAt: scannedAt, lastDoor: scan.door }
          : { ...row.entry, inside: false, lastAt: scannedAt, lastDoor: scan.door };
    } else if (!PASSING.has(told)) next = row.entry;
    verdict = conflict ? decision.verdict : told;
  }
  if (row && next !== row.entry) await moveEntry(trx, row, next);

  await trx
    .updateTable('door_scans')
    .set({
      presentation_id: row?.info.presentationId ?? null,
      verdict,
      last_at: decision.lastAt,
      last_door: decision.lastDoor,
      conflict: conflict ? 1 : 0,
    })
    .where('nonce', '=', scan.nonce)
    .execute();
  return {
    nonce: scan.nonce,
    verdict,
    lastAt: iso(decision.lastAt),
    lastDoor: decision.lastDoor,
    conflict,
    ticket: row && !forged ? row.info : null,
    pass: null,
  };
}

async function moveEntry(trx: Transaction<Database>, row: DoorRow, next: DoorRow['entry']): Promise<void> {
  const values = {
    inside: next.inside ? 1 : 0,
    entries: next.entries,
    last_at: next.lastAt,
    last_door: next.lastDoor,
  };
  if (row.version == null) {
    const made = await trx
      .insertInto('ticket_entries')
      .values({
        ticket_identifier: row.info.ticketIdentifier,
        presentation_id: row.info.presentationId,
        version: 1,
        ...values,
      })
      .onConflict((oc) => oc.column('ticket_identifier').doNothing())
      .executeTakeFirst();
    if (Number(made.numInsertedOrUpdatedRows ?? 0) === 0) throw new EntryMoved();
    return;
  }
  const moved = await trx
    .updateTable('ticket_entries')
    .set({ ...values, version: row.version + 1 })
    .where('ticket_identifier', '=', row.info.ticketIdentifier)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) throw new EntryMoved();
}

/** The answer a scan got the first time (its nonce came again). */
async function storedAnswer(db: Db, nonce: string): Promise<ScanResult> {
  const s = await db
    .selectFrom('door_scans')
    .selectAll()
    .where('nonce', '=', nonce)
    .executeTakeFirstOrThrow();
  const row =
    s.ticket_identifier && s.verdict !== 'forged' ? await doorTicket(db, s.ticket_identifier) : null;
  return {
    nonce,
    verdict: s.verdict as VerdictKind,
    lastAt: iso(s.last_at == null ? null : Number(s.last_at)),
    lastDoor: s.last_door,
    conflict: s.conflict === 1,
    ticket: row?.info ?? null,
    pass: s.pass_json ? (JSON.parse(s.pass_json) as DoorPass) : null,
  };
}
