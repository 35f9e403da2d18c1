import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';

/** Numbers the databases answer as text (PostgreSQL's bigint) read as numbers, so both agree. */
const digest = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(plain(value)))
    .digest('hex')
    .slice(0, 16);

function plain(value: unknown): unknown {
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'requestId')
        .map(([k, v]) => [k, plain(v)]),
    );
  return value;
}

/**
 * The demo catalogue is made by the seed through the back office's services (features, halls,
 * price lists, products, schedules). What the shop shows of it stays as it was when the seed wrote
 * rows itself, presentation for presentation: the board, each presentation with its ticket groups
 * and products, the tables behind them, and the seats sold at the box office.
 */
describe.each(dialects)('the seeded board on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('is the board of the seed before the back office existed', async () => {
    // Every answer as it comes, refusals too (a show sold by another business is refused here).
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    const listed = await get('/api/seats/presentations');
    const db = t.db.kysely;
    const ids = (await db.selectFrom('presentations').select('id').orderBy('id').execute()).map((r) => r.id);
    const shows: { presentation: unknown; ticketGroups: unknown }[] = [];
    for (const id of ids)
      shows.push({
        presentation: await get(`/api/presentations/${id}`),
        ticketGroups: await get(`/api/presentations/${id}/ticketGroups`),
      });
    const rows = {
      presentations: await db
        .selectFrom('presentations')
        .select([
          'id',
          'feature_id',
          'venue_id',
          'seatplan_id',
          'venue_type_id',
          'seating_policy_id',
          'is_reserved',
          'auth_profile_id',
          'business_id',
          'business_date',
          'starts_at',
          'sale_start',
          'sale_end',
          'lock_timer_json',
          'service_charge',
          'is_display_qr',
          'best_available',
          'price_list_id',
          'online_sale',
        ])
        .orderBy('id')
        .execute(),
      levels: await db
        .selectFrom('presentation_ticket_groups')
        .selectAll()
        .orderBy('presentation_id')
        .orderBy('ticket_group_id')
        .execute(),
      tickets: await db.selectFrom('tickets').selectAll().orderBy('id').execute(),
      products: await db.selectFrom('products').selectAll().orderBy('id').execute(),
      // What each offers, in its order (the order's numbers are the back office's own).
      offered: await db
        .selectFrom('presentation_products')
        .select(['presentation_id', 'product_id'])
        .orderBy('presentation_id')
        .orderBy('sort')
        .execute(),
      soldSeats: await db
        .selectFrom('seat_holds')
        .select([
          'presentation_id',
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('x').as('xs'),
        ])
        .where('state', '=', 'sold')
        .groupBy('presentation_id')
        .orderBy('presentation_id')
        .execute(),
    };
    // One line per presentation (what a mismatch names), its answers and rows in a digest.
    const boardOf = (listed.body as { presentations: { id: number }[] }).presentations;
    const mine = <T extends { presentation_id: number }>(list: T[], id: number) =>
      list.filter((r) => Number(r.presentation_id) === id);
    const lines = rows.presentations.map((row, i) => {
      const id = Number(row.id);
      const item = {
        listed: boardOf.find((p) => p.id === id) ?? null,
        ...shows[i],
        row,
        levels: mine(rows.levels, id),
        offered: mine(rows.offered, id),
        sold: mine(rows.soldSeats, id),
      };
      const starts = new Date(Number(row.starts_at)).toISOString().slice(0, 16);
      return `${id} ${starts} feature ${row.feature_id} plan ${row.seatplan_id}: ${digest(item)}`;
    });
    const board = [
      `board: ${digest(boardOf)}`,
      `tickets: ${digest(rows.tickets)}`,
      `products: ${digest(rows.products)}`,
      ...lines,
    ];
    await expect(board.join('\n') + '\n').toMatchFileSnapshot('./__snapshots__/board.txt');
  });
});
