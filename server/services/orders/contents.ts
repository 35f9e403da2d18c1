import { type RawBuilder, sql } from 'kysely';

/** The tables holding an order's lines and what came of them, each with its `reservation_identifier`. */
export type OrderTable =
  | 'order_tickets'
  | 'order_ticket_addons'
  | 'order_products'
  | 'order_payments'
  | 'order_voucher_lines'
  | 'order_gifts'
  | 'order_donation_lines'
  | 'order_membership_lines'
  | 'order_waivers'
  | 'system_vouchers'
  | 'voucher_redemptions'
  | 'enrolments'
  | 'video_rentals';

/** Rows of an order in one table, optionally only those whose columns have these values. */
export interface OrderRows {
  table: OrderTable;
  where?: Readonly<Record<string, string | readonly string[]>>;
}

/**
 * 1 when the order (`ridColumn`, a column of the outer query such as `o.reservation_identifier`) has such
 * rows, else 0: an index probe, as a column of the statement that reads the order anyway. Issue 40: an
 * order's documents and its confirmation asked every table in turn, though most orders have rows in
 * three or four of them; with these columns they ask only the tables that have rows.
 */
export function hasRows(rows: OrderRows, ridColumn: string): RawBuilder<number> {
  const conditions = Object.entries(rows.where ?? {}).map(([column, value]) =>
    typeof value === 'string'
      ? sql`AND ${sql.ref(`r.${column}`)} = ${value}`
      : sql`AND ${sql.ref(`r.${column}`)} IN (${sql.join(value)})`,
  );
  return sql<number>`CASE WHEN EXISTS (SELECT 1 FROM ${sql.table(rows.table)} r
    WHERE r.reservation_identifier = ${sql.ref(ridColumn)} ${sql.join(conditions, sql` `)}) THEN 1 ELSE 0 END`;
}

/** Whether a probe (`hasRows`) found rows: PostgreSQL answers integers as numbers, SQLite too. */
export const found = (value: unknown): boolean => Number(value) === 1;
