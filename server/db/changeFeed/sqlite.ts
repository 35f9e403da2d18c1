import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';
import type { ChangeFeed, ChangeFeedHandlers, SeatEvent } from './types.ts';

const POLL_MS = 50;
const BATCH = 5000;
/** Rows kept behind the last one read (the table is only a queue: nothing resumes from it). */
const KEEP_ROWS = 20_000;

/**
 * SQLite's change feed: the triggers of migration 008 append every seat write to `seat_events`; SQLite
 * has one writer at a time, so the rowid is the commit order. The process reads the rows after its last
 * one every POLL_MS (an indexed range read of nothing, most of the time), and at once on `sync`.
 */
export function sqliteChangeFeed(db: Kysely<Database>): ChangeFeed {
  let last = 0;
  let handlers: ChangeFeedHandlers | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let reading: Promise<void> = Promise.resolve();
  let reads = 0;

  async function read(): Promise<void> {
    const rows = await db
      .selectFrom('seat_events')
      .selectAll()
      .where('id', '>', last)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    last = rows[rows.length - 1]!.id;
    const events: SeatEvent[] = rows.map((r) => ({
      id: String(r.id),
      presentationId: r.presentation_id,
      sectionId: r.section_id,
      x: r.x,
      y: r.y,
      state: r.state,
      expiresAt: Number(r.expires_at),
      claimed: r.claimed === 1,
      visitor: r.visitor,
    }));
    handlers?.onEvents(events);
    if (rows.length === BATCH) return read();
    if (++reads % 1200 === 0)
      await db
        .deleteFrom('seat_events')
        .where('id', '<=', last - KEEP_ROWS)
        .execute();
  }

  // One read at a time, in order: a sync waits for the read it starts.
  const next = () => (reading = reading.then(read).catch(() => undefined));

  return {
    async start(h) {
      handlers = h;
      const row = await db
        .selectFrom('seat_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      last = Number(row?.id ?? 0);
      // One process, one writer: every event up to the last row is committed and in the tables.
      h.onStart(String(last));
      timer = setInterval(next, POLL_MS);
      timer.unref();
    },
    sync: () => next(),
    async stop() {
      clearInterval(timer);
      handlers = null;
      await reading;
    },
  };
}
