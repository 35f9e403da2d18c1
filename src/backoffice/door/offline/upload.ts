import type { ScanResult, ScansBody } from '../../../api/contract/door.ts';
import type { DoorConflict, DoorStore, QueuedScan } from './store.ts';

export interface UploadOutcome {
  /** The scans the box office answered (they have left the queue). */
  answered: QueuedScan[];
  /** The answered scans that let in a ticket already inside: kept in the store for staff. */
  conflicts: DoorConflict[];
  /** Why the upload stopped before the end (the rest stays queued); null: all sent. */
  failure: unknown;
}

/** The longest an upload call may take: up to 500 scans, each its own short transaction. */
const UPLOAD_TIMEOUT_MS = 30_000;

function conflictOf(scan: QueuedScan, result: ScanResult): DoorConflict {
  return {
    nonce: scan.nonce,
    ticketIdentifier: result.ticket?.ticketIdentifier ?? null,
    section: result.ticket?.section ?? '',
    row: result.ticket?.row ?? '',
    seat: result.ticket?.seat ?? '',
    door: scan.door,
    scannedAt: scan.scannedAt,
    lastAt: result.lastAt,
    lastDoor: result.lastDoor,
  };
}

/**
 * Sends the queued scans in the order they happened, in calls of at most `batch` scans of one device,
 * each with the nonce it was decided with: the box office answers a nonce it has seen as the first time,
 * so a call that failed after it arrived is sent again without counting twice. What was answered leaves
 * the queue (a conflict goes to the store's conflicts first); the first failure stops the run.
 */
export async function uploadQueue(
  queue: readonly QueuedScan[],
  calls: { scans(body: ScansBody, signal?: AbortSignal): Promise<{ results: ScanResult[] }> },
  store: DoorStore,
  batch: number,
): Promise<UploadOutcome> {
  const outcome: UploadOutcome = { answered: [], conflicts: [], failure: null };
  for (const part of batches(queue, batch)) {
    const byNonce = new Map(part.map((s) => [s.nonce, s]));
    let results: ScanResult[];
    try {
      const body = {
        deviceId: part[0]!.deviceId,
        scans: part.map(({ deviceId: _device, ...scan }) => scan),
      };
      results = (await calls.scans(body, AbortSignal.timeout(UPLOAD_TIMEOUT_MS))).results;
    } catch (err) {
      outcome.failure = err;
      break;
    }
    const answered = results.flatMap((r) => {
      const scan = byNonce.get(r.nonce);
      return scan ? [{ scan, result: r }] : [];
    });
    const conflicts = answered.filter((a) => a.result.conflict).map((a) => conflictOf(a.scan, a.result));
    if (conflicts.length) await store.addConflicts(conflicts);
    await store.dequeue(answered.map((a) => a.scan.nonce));
    outcome.answered.push(...answered.map((a) => a.scan));
    outcome.conflicts.push(...conflicts);
  }
  return outcome;
}

/** Consecutive runs of one device's scans, at most `size` each. */
function* batches(queue: readonly QueuedScan[], size: number): Generator<QueuedScan[]> {
  let part: QueuedScan[] = [];
  for (const scan of queue) {
    if (part.length === size || (part.length > 0 && part[0]!.deviceId !== scan.deviceId)) {
      yield part;
      part = [];
    }
    part.push(scan);
  }
  if (part.length) yield part;
}
