import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../types.ts';
import type { ChangeFeed, ChangeFeedHandlers, SeatEvent } from './types.ts';

const SYNC_TIMEOUT_MS = 1000;
/** How long a start waits for the seat writes in flight to end before it settles for no shared point. */
const START_WAIT_MS = 2000;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5000;

export interface PgFeedConfig {
  url: string;
  schema: string | undefined;
  /** Connection problems of the listening connection (it reconnects by itself). */
  onError?: (err: unknown) => void;
}

/** `seq|presentation|section|x|y|state|expires|claimed|visitor`, as the trigger of migration 008 writes it. */
export function parseSeatEvent(payload: string): SeatEvent | null {
  const p = payload.split('|');
  if (p.length !== 9) return null;
  const state = p[5];
  if (state !== 'h' && state !== 's' && state !== 'f') return null;
  return {
    id: p[0]!,
    presentationId: Number(p[1]),
    sectionId: Number(p[2]),
    x: Number(p[3]),
    y: Number(p[4]),
    state,
    expiresAt: Number(p[6]),
    claimed: p[7] === '1',
    visitor: p[8]!,
  };
}

/**
 * PostgreSQL's change feed: one connection per process LISTENs on the schema's channel; the trigger of
 * migration 008 notifies every seat write, delivered in commit order. When the connection drops (a
 * restart, a failover) it reconnects with back-off and reports a gap, since notifications sent meanwhile
 * are lost. Each connection reports its start point (`startPoint`, shared by the processes that started
 * at the same point) before it delivers its first event. `sync` sends a barrier notification through the pool and waits for it to come back: every
 * commit before it has then been delivered. Barriers are shared: callers arriving while one is out wait
 * for the next one.
 */
export function pgChangeFeed(db: Kysely<Database>, config: PgFeedConfig): ChangeFeed {
  let handlers: ChangeFeedHandlers | null = null;
  let client: pg.Client | null = null;
  let channel = '';
  let stopped = false;
  let up = false;
  /** Set while events may be missed (connection lost, or not yet made): the next connect reports a gap. */
  let gap = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const token = `${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
  let barrierSeq = 0;
  let inFlight: { seq: number; done: () => void } | null = null;
  let waiting: (() => void)[] = [];
  let pending: SeatEvent[] = [];
  let deliverScheduled = false;
  /** Off while a connection is being made: its events wait until its start point has been reported. */
  let delivering = false;

  const deliver = () => {
    deliverScheduled = false;
    if (!delivering) return;
    const events = pending;
    pending = [];
    if (events.length) handlers?.onEvents(events);
  };

  function onNotification(msg: pg.Notification) {
    const payload = msg.payload ?? '';
    if (payload.startsWith('b|')) {
      if (payload === `b|${token}.${inFlight?.seq}`) {
        deliver();
        inFlight?.done();
      }
      return;
    }
    const event = parseSeatEvent(payload);
    if (!event) return;
    pending.push(event);
    if (!deliverScheduled) {
      deliverScheduled = true;
      setImmediate(deliver);
    }
  }

  async function connect(): Promise<void> {
    // Anything left from a connection lost while being made is followed by a gap: not delivered.
    pending = [];
    let lastId: string | null;
    const c = new pg.Client({
      connectionString: config.url,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    });
    c.on('notification', onNotification);
    c.on('error', (err) => {
      config.onError?.(err);
      lost(c);
    });
    c.on('end', () => lost(c));
    try {
      await c.connect();
      const { rows } = await c.query<{ schema: string }>('SELECT current_schema() AS schema');
      channel = `seats_${rows[0]?.schema ?? 'public'}`;
      await c.query(`LISTEN "${channel}"`);
      client = c;
      lastId = await startPoint(c);
    } catch (err) {
      if (client === c) client = null;
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
      throw err;
    }
    up = true;
    retryMs = RETRY_MIN_MS;
    if (gap) {
      gap = false;
      handlers?.onGap();
    }
    handlers?.onStart(lastId);
    delivering = true;
    deliver();
  }

  function lost(c: pg.Client) {
    if (client !== c) return;
    // What arrived before the loss is sound: delivered now, ahead of the gap.
    deliver();
    delivering = false;
    client = null;
    up = false;
    gap = true;
    releaseSync();
    c.end().catch(() => undefined);
    schedule();
  }

  function schedule() {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((err: unknown) => {
        config.onError?.(err);
        retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
        schedule();
      });
    }, retryMs);
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  }

  /** Nobody waits on a feed that is down: they are answered from what the process has. */
  function releaseSync() {
    inFlight?.done();
    for (const w of waiting.splice(0)) w();
  }

  function sendBarrier() {
    if (inFlight || waiting.length === 0) return;
    if (!up) return releaseSync();
    const seq = ++barrierSeq;
    const resolvers = waiting;
    waiting = [];
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timeout);
      if (inFlight?.seq === seq) inFlight = null;
      for (const r of resolvers) r();
      sendBarrier();
    };
    const timeout = setTimeout(done, SYNC_TIMEOUT_MS);
    inFlight = { seq, done };
    sql`SELECT pg_notify(${channel}, ${`b|${token}.${seq}`})`.execute(db).catch(done);
  }

  return {
    async start(h) {
      handlers = h;
      try {
        await connect();
      } catch (err) {
        config.onError?.(err);
        // Whatever loads meanwhile may miss events: the connect that succeeds reports a gap.
        gap = true;
        schedule();
      }
    },
    sync() {
      if (!up) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        sendBarrier();
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      handlers = null;
      releaseSync();
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}

/**
 * The feed's start point on a connection that LISTENs already: the last id `seat_event_seq` has given
 * (every later one is notified to this connection: it is taken after this read, so committed after the
 * LISTEN), once every transaction that began before that read has ended (a seat write has its xid before
 * it takes an event id, as its row is written first; so one holding an id up to the point is among them):
 * the database then holds every event up to it. A transaction id taken after the read marks them: they
 * have all ended when the oldest transaction still running is younger. Null when one still runs after
 * START_WAIT_MS (an unrelated long transaction, say).
 */
async function startPoint(c: pg.Client): Promise<string | null> {
  const {
    rows: [seq],
  } = await c.query<{ last: string }>(
    'SELECT (CASE WHEN is_called THEN last_value ELSE last_value - 1 END)::text AS last FROM seat_event_seq',
  );
  const {
    rows: [mark],
  } = await c.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    const { rows } = await c.query<{ ended: boolean }>(
      'SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS ended',
      [mark!.xid],
    );
    if (rows[0]!.ended) return seq!.last;
    if (Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 10));
  }
}
