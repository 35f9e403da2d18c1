import { appendFileSync } from 'node:fs';
import type { LogEvent } from 'kysely';

/**
 * Every statement the box office sends the database and how long it waited for each (Kysely's query log,
 * timed from send to answer, so network and queueing included): what issue 40 measures per lock and per
 * order, and `/metrics` shows as `boxoffice_db_statements_total` and `boxoffice_db_statement_seconds_total`.
 * With `traceFile` (the `DB_STATEMENT_LOG` setting, for benchmarks only) each statement's text and time is
 * also appended to that file, one JSON line each: where `pg_stat_statements` is not loaded, the same
 * breakdown by statement.
 */
export class StatementStats {
  statements = 0;
  seconds = 0;
  failed = 0;

  private readonly traceFile: string | undefined;

  constructor(traceFile = process.env.DB_STATEMENT_LOG || undefined) {
    this.traceFile = traceFile;
  }

  readonly log = (event: LogEvent): void => {
    this.statements++;
    this.seconds += event.queryDurationMillis / 1000;
    if (event.level === 'error') this.failed++;
    if (this.traceFile)
      appendFileSync(
        this.traceFile,
        `${JSON.stringify({ sql: event.query.sql, ms: Math.round(event.queryDurationMillis * 1000) / 1000 })}\n`,
      );
  };
}
