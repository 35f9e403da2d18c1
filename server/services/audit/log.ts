import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditAnswer, AuditEntry, AuditQuery } from '../../../src/api/contract/admin.ts';
import { AuditQuerySchema } from '../../../src/api/contract/admin.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

/** Who changed something: a staff user, an API token, or the box office itself (the seed, a job). */
export interface Actor {
  kind: 'user' | 'token' | 'system';
  id: string;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: 'system', name: 'system' };

export interface AuditChange {
  /** `<object type>.<verb>`, e.g. `staff_user.create`, `seatplan.publish`. */
  action: string;
  objectType: AuditEntry['objectType'];
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

let sequence = 0;
/**
 * Entry ids sort by time, then by the order this process wrote them (two changes in one millisecond
 * keep their order), then at random across processes.
 */
function entryId(now: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${Math.max(0, now).toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomBytes(3).toString('hex')}`;
}

/**
 * Continues this process's order after an entry another process wrote at the same instant: a test app
 * that starts from a database seeded by another process (server/testing/templates.ts), under a clock
 * that stands still, must list its own changes after the seed's.
 */
export function continueAfterEntry(id: string): void {
  const written = parseInt(id.slice(9, 13), 36);
  if (Number.isFinite(written) && written > sequence) sequence = written;
}

/**
 * Records one back-office change, in the transaction that makes it: the entry exists exactly when the
 * change does. Secrets never reach it (callers pass what a reader may see).
 */
export async function audit(trx: Db, actor: Actor, change: AuditChange, now: number): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: entryId(now),
      at: now,
      actor_kind: actor.kind,
      actor_id: actor.id,
      actor_name: actor.name,
      action: change.action,
      object_type: change.objectType,
      object_id: String(change.objectId),
      before_json: change.before === undefined ? null : JSON.stringify(change.before),
      after_json: change.after === undefined ? null : JSON.stringify(change.after),
    })
    .execute();
}

/** The audit log, newest first, filtered by object and by person, a page at a time. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditAnswer> {
  const q = AuditQuerySchema.parse(query);
  let sel = db.selectFrom('audit_log').selectAll();
  if (q.objectType) sel = sel.where('object_type', '=', q.objectType);
  if (q.objectId) sel = sel.where('object_id', '=', q.objectId);
  if (q.actorId) sel = sel.where('actor_id', '=', q.actorId);
  if (q.before) {
    const [at, id] = q.before.split(':') as [string, string];
    const atMs = Number(at);
    sel = sel.where((eb) => eb.or([eb('at', '<', atMs), eb.and([eb('at', '=', atMs), eb('id', '<', id)])]));
  }
  const rows = await sel
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: new Date(Number(r.at)).toISOString(),
      actor: { kind: r.actor_kind, id: r.actor_id, name: r.actor_name },
      action: r.action,
      objectType: r.object_type as AuditEntry['objectType'],
      objectId: r.object_id,
      before: r.before_json === null ? null : (JSON.parse(r.before_json) as unknown),
      after: r.after_json === null ? null : (JSON.parse(r.after_json) as unknown),
    })),
    next: rows.length > q.limit && last ? `${Number(last.at)}:${last.id}` : null,
  };
}
