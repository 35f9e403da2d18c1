/**
 * Finding an order among a million (issue 36): the box office's search (server/services/orders/admin/
 * search.ts, through its real service and repository, not raw SQL) on PostgreSQL with 1,000,000 orders,
 * their customers, tickets and payments, generated in SQL (INSERT … SELECT over generate_series) in a
 * database of its own that is dropped afterwards. Each kind of search runs many times; p50/p95/max per
 * kind go to bench/results/order-search.json. Target: every kind under 100 ms at p95. PostgreSQL only
 * (skipped without DATABASE_URL). Knobs: BENCH_ORDERS (1,000,000), BENCH_SEARCH_RUNS (40 per kind),
 * BENCH_KEEP=1 keeps the database (to EXPLAIN by hand), BENCH_REUSE=<database> measures a kept one
 * again. Alone: `node bench/orderSearch.ts`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { OrderSearchQuery } from '../src/api/contract/ordersAdmin.ts';
import { type Db, openDatabase } from '../server/db/index.ts';
import { orderSearchRepository } from '../server/db/repositories/orderSearch.ts';
import { seedDemoCatalogue } from '../server/seed/index.ts';
import { loadOrderView } from '../server/services/orders/admin/orderView.ts';
import { searchOrders } from '../server/services/orders/admin/search.ts';
import { databaseUrl } from '../server/testing/templates.ts';
import { pct, round2 } from './common.ts';
import { machine } from './server.ts';

const TARGET_P95_MS = 100;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 40);
/** Shows the orders are for: 500 orders each, one after another, a show every 8 hours. */
const ORDERS_PER_SHOW = 500;
const FIRST_SHOW_ID = 1_000_000;
/** Distinct people among the buyers (each order keeps a customer row of its own, as the checkout does). */
const PEOPLE = Math.max(1, Math.floor(ORDERS * 0.3));
const FIRST = [
  'Dana',
  'Avi',
  'Noa',
  'Yosef',
  'Maya',
  'David',
  'Tamar',
  'Eitan',
  'Shira',
  'Omer',
  'Lior',
  'Yael',
  'Ariel',
  'Roni',
  'Michal',
  'Itai',
  'Hila',
  'Gal',
  'Neta',
  'Amir',
  'Olga',
  'Igor',
  'Anna',
  'Piotr',
  'Kasia',
  'Ahmad',
  'Lina',
  'Omar',
  'Sara',
  'Yonatan',
  'דנה',
  'אבי',
  'נועה',
  'יוסף',
  'מאיה',
  'דוד',
  'תמר',
  'איתן',
  'שירה',
  'עומר',
];
const LAST = [
  'Levi',
  'Cohen',
  'Mizrahi',
  'Peretz',
  'Biton',
  'Dahan',
  'Avraham',
  'Friedman',
  'Azoulay',
  'Katz',
  'Malka',
  'Hadad',
  'Gabay',
  'Ben-David',
  'Shapiro',
  'Amar',
  'Ohana',
  'Segal',
  'Golan',
  'Rosen',
  'Kaplan',
  'Weiss',
  'Nowak',
  'Kowalski',
  'Ivanov',
  'Petrov',
  'Haddad',
  'Khoury',
  'Oren',
  'Bar-Lev',
  'Sasson',
  'Tal',
  'Yosef',
  'Klein',
  'Stern',
  'לוי',
  'כהן',
  'מזרחי',
  'פרץ',
  'ביטון',
  'דהן',
  'אברהם',
  'פרידמן',
  'אזולאי',
  'כץ',
];

const arr = (xs: readonly string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
/** A bijection of 1..2^32 to itself (multiplying by an odd number): unique codes without a lookup. */
const code = (n: string) => `upper(lpad(to_hex((${n}::bigint * 2654435761) % 4294967296), 8, '0'))`;

async function generate(db: Db, now: number): Promise<void> {
  const started = performance.now();
  const run = async (text: string) => {
    await sql.raw(text).execute(db.kysely);
    if (process.env.BENCH_VERBOSE === '1')
      console.log(
        `${round2((performance.now() - started) / 1000)} s: ${text.trim().split(/\s+/).slice(0, 3).join(' ')}`,
      );
  };
  const shows = Math.floor(ORDERS / ORDERS_PER_SHOW) + 1;
  const base = now - Math.ceil(ORDERS / 1000) * 86_400_000; // orders a minute apart, up to now
  const template = await sql<{
    id: number;
  }>`select id from presentations where is_reserved = 1 order by id limit 1`.execute(db.kysely);
  const ticket = await sql<{
    id: number;
    ticket_group_id: number;
  }>`select id, ticket_group_id from tickets order by id limit 1`.execute(db.kysely);
  const cols = (
    await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'presentations' order by ordinal_position`.execute(
      db.kysely,
    )
  ).rows.map((r) => r.column_name);
  const startsAt = `(${base} + g::bigint * 28800000)`;
  const override: Record<string, string> = {
    id: `${FIRST_SHOW_ID} + g`,
    starts_at: startsAt,
    business_date: `to_char((to_timestamp(${startsAt} / 1000.0) at time zone 'Asia/Jerusalem') - interval '5 hours', 'YYYY-MM-DD')`,
    sale_start: `${startsAt} - 5184000000`,
    sale_end: startsAt,
    called_off_at: 'null',
  };
  await run(`insert into presentations (${cols.join(', ')}) select ${cols.map((c) => override[c] ?? `p.${c}`).join(', ')}
    from presentations p cross join generate_series(0, ${shows - 1}) g where p.id = ${template.rows[0]!.id}`);

  // Bulk loading: secondary indexes are built once afterwards, as a restore does.
  const tables = ['customers', 'orders', 'order_tickets', 'order_payments', 'system_vouchers'];
  const indexes = (
    await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename in (${sql.join(tables)})
      and indexname not in (select conname from pg_constraint)`.execute(db.kysely)
  ).rows;
  for (const i of indexes) await run(`drop index ${i.indexname}`);

  const person = `((g::bigint * 48271) % ${PEOPLE})`;
  await run(`insert into customers (id, first_name, last_name, email, email_key, mobile_number, mobile_key, is_mailing_allowed, created_at)
    select 'bc' || g, (${arr(FIRST)})[1 + ${person} % ${FIRST.length}], (${arr(LAST)})[1 + (${person} / ${FIRST.length}) % ${LAST.length}],
      'customer' || ${person} || '@example.com', 'customer' || ${person} || '@example.com',
      '05' || substr(m, 1, 1) || '-' || substr(m, 2), '05' || m, 0, ${base} + g::bigint * 60000
    from generate_series(1, ${ORDERS}) g, lateral (select lpad(((${person} * 7 + 2000000) % 100000000)::text, 8, '0') as m) mm`);
  await run(`insert into orders (reservation_identifier, document_key, visitor, customer_id, state, locale, tickets_total,
      service_charge_total, products_total, total, number_of_payments, created_at, confirmed_at, point_of_sale, sold_by_staff_id)
    select 'B' || ${code('g')} || 'R', md5('k' || g), 'bench', 'bc' || g,
      case when g % 20 = 0 then 'cancelled' when g % 33 = 0 then 'failed' when g % 50 = 0 then 'pending' else 'paid' end,
      'he', n * 4500, n * 500, 0, n * 5000, 1, ${base} + g::bigint * 60000, ${base} + g::bigint * 60000 + 5000,
      case when g % 10 < 3 then 'box_office' else 'online' end, case when g % 10 < 3 then 'boxoffice' end
    from generate_series(1, ${ORDERS}) g, lateral (select 1 + g % 4 as n) nn`);
  await run(`insert into order_tickets (ticket_identifier, reservation_identifier, presentation_id, section_id, x, y, section_name,
      row_name, seat_name, ticket_group_id, ticket_id, price, service_charge, is_sub_ticket, state, sort)
    select 'T' || ${code('g * 4 + k')} || 'TKT', 'B' || ${code('g')} || 'R', ${FIRST_SHOW_ID} + g / ${ORDERS_PER_SHOW}, 1, k,
      g % ${ORDERS_PER_SHOW}, 'Stalls', (g % ${ORDERS_PER_SHOW} / 20)::text, k::text, ${ticket.rows[0]!.ticket_group_id},
      ${ticket.rows[0]!.id}, 4500, 500, 0, case when g % 20 = 0 then 'cancelled' else 'valid' end, k
    from generate_series(1, ${ORDERS}) g cross join lateral generate_series(1, 1 + g % 4) k`);
  // A card for most, cash at the counter for some, a gift card (one of those sold below) for every 50th.
  await run(`insert into order_payments (id, reservation_identifier, method, provider, status, amount, brand, last4,
      provider_ref, approval_code, voucher_reference, created_at, updated_at)
    select 'pay_' || g, 'B' || ${code('g')} || 'R', method, case when method = 'card' then 'sandbox' else 'box_office' end,
      case when g % 33 = 0 then 'failed' else 'approved' end, (1 + g % 4) * 5000,
      case when method = 'card' then 'visa' end, case when method = 'card' then lpad(((g::bigint * 7919) % 10000)::text, 4, '0') end,
      case when method = 'card' then 'sbx_' || g end, case when method = 'card' then lpad((g % 1000000)::text, 6, '0') end,
      case when method = 'voucher' then 'GC' || substr(${code('g / 50')}, 1, 2) || '-' || substr(${code('g / 50')}, 3, 4) || '-' || substr(${code('g / 50')}, 7, 2) || 'QQ' end,
      ${base} + g::bigint * 60000, ${base} + g::bigint * 60000 + 5000
    from generate_series(1, ${ORDERS}) g,
      lateral (select case when g % 50 = 25 then 'voucher' when g % 10 < 2 then 'cash' else 'card' end as method) mm`);
  await run(`insert into system_vouchers (reference, class_id, customer_id, reservation_identifier, quantity, price, redeemed,
      balance, created_at, start_date, end_date, state, sold_in_outlet)
    select 'GC' || substr(${code('v')}, 1, 2) || '-' || substr(${code('v')}, 3, 4) || '-' || substr(${code('v')}, 7, 2) || 'QQ',
      2, 'bc' || (v * 50), 'B' || ${code('v * 50')} || 'R', 20000, 20000, 0, 10000, ${base}, ${base}, ${now} + 31536000000, 'active', 0
    from generate_series(1, ${Math.floor(ORDERS / 50)}) v`);
  for (const i of indexes) await run(i.indexdef);
  for (const t of [...tables, 'presentations']) await run(`vacuum analyze ${t}`);
}

type Kind = { name: string; query: () => OrderSearchQuery } | { name: string; view: () => string };

async function kinds(db: Db): Promise<Kind[]> {
  const sample = async <T>(text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows;
  const orders = await sample<{
    rid: string;
    at: number;
    first_name: string;
    last_name: string;
    email: string;
    mobile: string;
    show: number;
  }>(
    `select o.reservation_identifier as rid, o.created_at as at, c.first_name, c.last_name, c.email, c.mobile_number as mobile,
       (select presentation_id from order_tickets t where t.reservation_identifier = o.reservation_identifier limit 1) as show
     from orders o tablesample bernoulli (0.05) join customers c on c.id = o.customer_id limit 200`,
  );
  const tickets = await sample<{ id: string }>(
    `select ticket_identifier as id from order_tickets tablesample bernoulli (0.02) limit 200`,
  );
  const vouchers = await sample<{ ref: string }>(
    `select reference as ref from system_vouchers tablesample bernoulli (1) limit 200`,
  );
  const dates = await sample<{ d: string }>(
    `select distinct business_date as d from presentations where id >= ${FIRST_SHOW_ID} limit 400`,
  );
  let i = 0;
  const pick = <T>(xs: readonly T[]): T => xs[i++ % xs.length]!;
  return [
    { name: 'reservation', query: () => ({ q: pick(orders).rid.toLowerCase() }) },
    { name: 'ticket (QR)', query: () => ({ q: pick(tickets).id }) },
    { name: 'email', query: () => ({ q: pick(orders).email.toUpperCase() }) },
    { name: 'phone', query: () => ({ q: `+972 ${pick(orders).mobile.slice(1)}` }) },
    { name: 'cardLast4', query: () => ({ q: String(i++ % 10000).padStart(4, '0') }) },
    { name: 'voucher code', query: () => ({ q: pick(vouchers).ref.replace(/-/g, '') }) },
    {
      name: 'name (first last)',
      query: () => ({ q: `${pick(orders).first_name} ${pick(orders).last_name}` }),
    },
    { name: 'name (surname alone)', query: () => ({ q: pick(LAST) }) },
    {
      name: 'name (part of a word)',
      query: () => ({ q: pick(LAST.filter((l) => l.length >= 5)).slice(1, 4) }),
    },
    { name: 'presentation', query: () => ({ presentationId: pick(orders).show }) },
    { name: 'date', query: () => ({ date: pick(dates).d }) },
    { name: 'surname + date', query: () => ({ q: pick(LAST), date: pick(dates).d }) },
    { name: 'latest orders', query: () => ({}) },
    { name: 'latest, a page far back', query: () => ({ before: ((o) => `${o.at}:${o.rid}`)(pick(orders)) }) },
    { name: 'order view', view: () => pick(orders).rid },
  ];
}

export interface OrderSearchKindResult {
  kind: string;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  meanRows: number;
  pass: boolean;
}

/** Runs the benchmark, writes bench/results/order-search.json, prints a table. */
export async function benchOrderSearch(): Promise<OrderSearchKindResult[] | null> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.log('order search benchmark skipped: it needs DATABASE_URL (PostgreSQL)');
    return null;
  }
  // BENCH_REUSE=<database>: a database an earlier run kept (BENCH_KEEP=1), measured again, not generated.
  const reuse = process.env.BENCH_REUSE;
  const name = reuse ?? `bo_bench_ordersearch_${process.pid}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(text).finally(() => c.end());
  };
  if (!reuse) await admin(`create database ${name}`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-ordersearch-'));
  const db = await openDatabase({ dataDir: dir, databaseUrl: databaseUrl(base, name), poolSize: 4 });
  try {
    let generatedS: number | null = null;
    if (!reuse) {
      const t0 = performance.now();
      await seedDemoCatalogue(db.kysely, Date.now(), { demoSales: false });
      const seeded = performance.now();
      await generate(db, Date.now());
      generatedS = round2((performance.now() - seeded) / 1000);
      console.log(
        `${ORDERS} orders generated in ${generatedS} s (catalogue seeded in ${round2((seeded - t0) / 1000)} s)`,
      );
    }

    const repo = orderSearchRepository(db);
    const results: OrderSearchKindResult[] = [];
    for (const k of await kinds(db)) {
      const times: number[] = [];
      let rows = 0;
      for (let r = -3; r < RUNS; r++) {
        const asked = 'view' in k ? k.view() : k.query();
        const start = performance.now();
        const n =
          typeof asked === 'string'
            ? (await loadOrderView(db.kysely, asked, 'ILS')).tickets.length
            : (await searchOrders(db.kysely, repo, asked, 'ILS')).orders.length;
        const ms = performance.now() - start;
        if (process.env.BENCH_VERBOSE === '1' && ms > TARGET_P95_MS)
          console.log(`slow: ${k.name} ${JSON.stringify(asked)} ${round2(ms)} ms`);
        if (r >= 0) {
          times.push(ms);
          rows += n;
        }
      }
      const p95Ms = pct(times, 95);
      results.push({
        kind: k.name,
        runs: RUNS,
        p50Ms: pct(times, 50),
        p95Ms,
        maxMs: pct(times, 100),
        meanRows: round2(rows / RUNS),
        pass: p95Ms < TARGET_P95_MS,
      });
    }
    console.table(results);
    const out = join(import.meta.dirname, 'results');
    mkdirSync(out, { recursive: true });
    const result = {
      date: new Date().toISOString(),
      machine: machine(),
      // Other work on the machine meanwhile (1, 5 and 15 minutes): a loaded 2-core machine doubles every figure.
      loadAverage: loadavg().map(round2),
      orders: Number(
        (await sql<{ n: string }>`select count(*) as n from orders`.execute(db.kysely)).rows[0]!.n,
      ),
      generatedSeconds: generatedS,
      targetP95Ms: TARGET_P95_MS,
      pass: results.every((r) => r.pass),
      runs: results,
    };
    writeFileSync(join(out, 'order-search.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `order search: every kind p95 < ${TARGET_P95_MS} ms ${result.pass ? 'pass' : 'FAIL'}; written bench/results/order-search.json`,
    );
    return results;
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    if (reuse || process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
    else await admin(`drop database ${name}`);
  }
}

if (import.meta.main) await benchOrderSearch();
