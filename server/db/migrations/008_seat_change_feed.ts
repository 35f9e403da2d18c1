import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../index.ts';

/**
 * The seat change feed (issue 12): every write to `seat_holds` (a hold taken, changed, sold, released or
 * swept) becomes an event, in commit order, that every box-office process applies to its status
 * snapshots and pushes to the seat maps watching. The two databases do it their own way:
 * - PostgreSQL: a row trigger calls `pg_notify`, which delivers to every listening process in the order the
 *   transactions committed (a rolled-back transaction sends nothing). The event id comes from a sequence;
 *   it names the event, it does not order it. The channel carries the table's schema, so test schemas in
 *   one database do not hear each other.
 * - SQLite (one process): row triggers append to `seat_events`, whose rowid is the commit order (one
 *   writer at a time); the process reads the rows after its last one.
 * Both send the row as it is after the write: state h (held), s (sold) or f (gone: free again). A hold
 * that lapses writes nothing: every process frees it at its expiry by itself.
 */
export function seatChangeFeedMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`CREATE SEQUENCE seat_event_seq`.execute(db);
        await sql`
          CREATE FUNCTION seat_holds_notify() RETURNS trigger LANGUAGE plpgsql AS $$
          DECLARE
            r seat_holds;
            st text;
          BEGIN
            IF TG_OP = 'DELETE' THEN
              r := OLD;
              st := 'f';
            ELSE
              r := NEW;
              st := CASE WHEN NEW.state = 'sold' THEN 's' ELSE 'h' END;
            END IF;
            PERFORM pg_notify(
              'seats_' || TG_TABLE_SCHEMA,
              concat_ws('|', nextval('seat_event_seq'), r.presentation_id, r.section_id, r.x, r.y, st,
                r.expires_at, CASE WHEN r.claimed_by IS NULL THEN 0 ELSE 1 END, r.visitor));
            RETURN NULL;
          END $$`.execute(db);
        await sql`
          CREATE TRIGGER seat_holds_notify AFTER INSERT OR UPDATE OR DELETE ON seat_holds
          FOR EACH ROW EXECUTE FUNCTION seat_holds_notify()`.execute(db);
        return;
      }
      await sql`
        CREATE TABLE seat_events (
          id integer PRIMARY KEY AUTOINCREMENT,
          presentation_id integer NOT NULL,
          section_id integer NOT NULL,
          x integer NOT NULL,
          y integer NOT NULL,
          state text NOT NULL,
          expires_at bigint NOT NULL,
          claimed integer NOT NULL,
          visitor text NOT NULL
        )`.execute(db);
      const row = (r: 'NEW' | 'OLD', state: string) =>
        sql.raw(`INSERT INTO seat_events (presentation_id, section_id, x, y, state, expires_at, claimed, visitor)
          VALUES (${r}.presentation_id, ${r}.section_id, ${r}.x, ${r}.y, ${state}, ${r}.expires_at,
            ${r}.claimed_by IS NOT NULL, ${r}.visitor);`);
      const state = `CASE WHEN NEW.state = 'sold' THEN 's' ELSE 'h' END`;
      await sql`CREATE TRIGGER seat_holds_insert AFTER INSERT ON seat_holds BEGIN ${row('NEW', state)} END`.execute(
        db,
      );
      await sql`CREATE TRIGGER seat_holds_update AFTER UPDATE ON seat_holds BEGIN ${row('NEW', state)} END`.execute(
        db,
      );
      await sql`CREATE TRIGGER seat_holds_delete AFTER DELETE ON seat_holds BEGIN ${row('OLD', "'f'")} END`.execute(
        db,
      );
    },
  };
}
