import type { LogEvent } from 'kysely';

/**
 * Every statement the box office sends the database and how long it waited for each (Kysely's query log,
 * timed from send to answer, so network and queueing included): what issue 40 measures per lock and per
 * order, and `/metrics` shows as `boxoffice_db_statements_total` and `boxoffice_db_statement_seconds_total`.
 */
export class StatementStats {
  statements = 0;
  seconds = 0;
  failed = 0;

  readonly log = (event: LogEvent): void => {
    this.statements++;
    this.seconds += event.queryDurationMillis / 1000;
    if (event.level === 'error') this.failed++;
  };
}
