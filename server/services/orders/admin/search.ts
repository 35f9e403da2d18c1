import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import {
  type OrderMatchKind,
  type OrderSearchAnswer,
  type OrderSearchQuery,
  OrderSearchQuerySchema,
  type OrderSearchRow,
} from '../../../../src/api/contract/ordersAdmin.ts';
import type { OrderSearchRepository } from '../../../db/repositories/orderSearch.ts';
import type { Database } from '../../../db/types.ts';
import { kindsOf, readSearchText, type SearchTerm } from './searchTerms.ts';

type Db = Kysely<Database>;
type OrdersEb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;
type Condition = (eb: OrdersEb) => Expression<SqlBool>;

/** One way the search looks: a condition on the order `o`, and the kind it answers as matched. */
interface Look {
  kind: OrderMatchKind;
  where: Condition;
  /**
   * The look as it runs without filters, decided by what it matches (a name): `byIndex` when it matches
   * so many orders, spread over all time, that reading the orders newest first finds a page of them
   * sooner than gathering them all (a common surname). Absent: the look as it is, gathered.
   */
  narrow?: () => Promise<Look & { byIndex?: boolean }>;
}

/** Customers a name may match before reading newest first beats gathering (measured on a million). */
const COMMON_NAME = 1000;

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** The orders a code, a contact, a card or a name leads to: each a condition the indexes answer. */
function lookOf(db: Db, term: SearchTerm, repo: OrderSearchRepository): Look {
  const rid = 'o.reservation_identifier' as const;
  switch (term.kind) {
    case 'reservation':
      return { kind: term.kind, where: (eb) => eb(rid, '=', term.value) };
    case 'ticket':
      return {
        kind: term.kind,
        where: (eb) =>
          eb(
            rid,
            'in',
            eb
              .selectFrom('order_tickets')
              .select('reservation_identifier')
              .where('ticket_identifier', '=', term.value),
          ),
      };
    case 'voucher':
      // The order that sold the gift card or voucher, those it paid, and those whose tickets it unlocked:
      // one union, so PostgreSQL looks each up by its index (an OR of three IN lists reads every order).
      return {
        kind: term.kind,
        where: (eb) =>
          eb(
            rid,
            'in',
            eb
              .selectFrom('system_vouchers')
              .select('reservation_identifier')
              .where('reference', 'in', term.values)
              .where('reservation_identifier', 'is not', null)
              .$narrowType<{ reservation_identifier: string }>()
              .union(
                eb
                  .selectFrom('order_payments')
                  .select('reservation_identifier')
                  .where('voucher_reference', 'in', term.values),
              )
              .union(
                eb
                  .selectFrom('voucher_redemptions')
                  .select('reservation_identifier')
                  .where('voucher_reference', 'in', term.values),
              ),
          ),
      };
    case 'email':
    case 'phone': {
      const key = term.kind === 'email' ? 'email_key' : 'mobile_key';
      return {
        kind: term.kind,
        where: (eb) =>
          eb('o.customer_id', 'in', eb.selectFrom('customers').select('id').where(key, '=', term.value)),
      };
    }
    case 'cardLast4':
      return {
        kind: term.kind,
        where: (eb) =>
          eb(
            rid,
            'in',
            eb.selectFrom('order_payments').select('reservation_identifier').where('last4', '=', term.value),
          ),
      };
    case 'name':
      return {
        kind: term.kind,
        // Each order's own customer checked by name, as a subquery the database cannot turn into a join:
        // with a filter, the filter's few orders are gathered and each is checked; for a common name, the
        // orders are read newest first and each is checked until a page is full. Given a join instead,
        // PostgreSQL gathered all 22,000 customers of a common surname first (a second, measured).
        where: () =>
          sql<SqlBool>`(select ${repo.nameHasWords(term.words)} from customers as c where c.id = o.customer_id)`,
        // Without a filter the customers are found once: a few are handed to the orders' query as they
        // are (an index of orders by customer answers it); many are a common name, read newest first.
        narrow: async () => {
          const found = await db
            .selectFrom('customers as c')
            .select('c.id')
            .where(repo.nameHasWords(term.words))
            .limit(COMMON_NAME + 1)
            .execute();
          if (found.length > COMMON_NAME) return { ...lookOf(db, term, repo), byIndex: true };
          const ids = found.map((c) => c.id);
          return {
            kind: term.kind,
            where: (eb) => (ids.length ? eb('o.customer_id', 'in', ids) : eb.lit(false)),
          };
        },
      };
  }
}

/** The filters: a ticket to the presentation, to a show of the business date. */
function filtersOf(q: { presentationId?: number | undefined; date?: string | undefined }): Look[] {
  const looks: Look[] = [];
  const presentationId = q.presentationId;
  if (presentationId !== undefined)
    looks.push({
      kind: 'presentation',
      where: (eb) =>
        eb(
          'o.reservation_identifier',
          'in',
          eb
            .selectFrom('order_tickets')
            .select('reservation_identifier')
            .where('presentation_id', '=', presentationId),
        ),
    });
  const date = q.date;
  if (date !== undefined)
    looks.push({
      kind: 'date',
      where: (eb) =>
        eb(
          'o.reservation_identifier',
          'in',
          eb
            .selectFrom('order_tickets as t')
            .innerJoin('presentations as p', 'p.id', 't.presentation_id')
            .select('t.reservation_identifier')
            .where('p.business_date', '=', date),
        ),
    });
  return looks;
}

interface Hit {
  rid: string;
  at: number;
}

/**
 * GET /api/admin/orders: the orders the text leads to (every kind it can be read as, see
 * readSearchText), narrowed by the filters, newest first, a page at a time. Each kind is its own query
 * that its index answers, newest first and cut at the page; the pages are merged, so a common name does
 * not slow a reservation number down. Each row says what it matched. No text and no filter: the latest
 * orders. Text that is no kind at all: nothing.
 */
export async function searchOrders(
  db: Db,
  repo: OrderSearchRepository,
  query: OrderSearchQuery,
  venueCurrency: string,
): Promise<OrderSearchAnswer> {
  const q = OrderSearchQuerySchema.parse(query);
  const terms = readSearchText(q.q ?? '');
  const filters = filtersOf(q);
  const recognised = [...kindsOf(terms), ...filters.map((f) => f.kind)];
  if (q.q && terms.length === 0) return { orders: [], recognised, next: null };

  const cursor = q.before ? { at: Number(q.before.split(':')[0]), rid: q.before.split(':')[1]! } : null;
  const page = (look: Look | null, byIndex: boolean, within?: readonly string[]) => {
    let sel = db.selectFrom('orders as o').select(['o.reservation_identifier as rid', 'o.created_at as at']);
    if (look) sel = sel.where(look.where);
    for (const f of filters) sel = sel.where(f.where);
    if (within) sel = sel.where('o.reservation_identifier', 'in', within);
    if (cursor)
      // `<=` first: a range orders_created answers (an OR of the two cases alone it cannot).
      sel = sel
        .where('o.created_at', '<=', cursor.at)
        .where((eb) =>
          eb.or([eb('o.created_at', '<', cursor.at), eb('o.reservation_identifier', '<', cursor.rid)]),
        );
    // Newest first. With a condition, by `created_at + 0`: an expression no index gives in order, so the
    // database finds the matching orders first and sorts them. Ordered by the bare column, PostgreSQL
    // reads the orders newest first through orders_created and tests each against the condition, betting
    // that matches are spread evenly; a show's or a customer's orders are not (they sit in one stretch of
    // time), and a show of last year had it read most of a million orders (seconds, measured). Only a
    // common name alone is spread enough to be read newest first (gathering 20,000 Cohens took a second).
    const at =
      (look && !byIndex) || filters.length ? sql<number>`o.created_at + 0` : sql<number>`o.created_at`;
    return sel
      .orderBy(at, 'desc')
      .orderBy('o.reservation_identifier', 'desc')
      .limit(q.limit + 1)
      .execute();
  };

  const looks = terms.map((t) => lookOf(db, t, repo));
  // With a filter the filter bounds what is gathered; without, a look may narrow itself first.
  const runs = await Promise.all(looks.map((l) => (l.narrow && !filters.length ? l.narrow() : l)));
  const lists = looks.length
    ? await Promise.all(runs.map((l) => page(l, 'byIndex' in l && l.byIndex === true)))
    : [await page(null, true)];
  const hits = new Map<string, Hit>();
  for (const list of lists) for (const h of list) hits.set(h.rid, { rid: h.rid, at: Number(h.at) });
  const sorted = [...hits.values()].sort(
    (a, b) => b.at - a.at || (a.rid < b.rid ? 1 : a.rid > b.rid ? -1 : 0),
  );
  const shown = sorted.slice(0, q.limit);
  const more = sorted.length > q.limit;

  // What each row matched: the kinds whose page holds it; a kind whose page was cut may hold it further on.
  const matched = new Map(shown.map((h) => [h.rid, new Set<OrderMatchKind>(filters.map((f) => f.kind))]));
  for (const [i, look] of looks.entries()) {
    const list = lists[i]!;
    const inList = new Set(list.map((h) => h.rid));
    for (const h of shown) if (inList.has(h.rid)) matched.get(h.rid)!.add(look.kind);
    const unsure = shown.filter((h) => !inList.has(h.rid)).map((h) => h.rid);
    if (list.length > q.limit && unsure.length)
      for (const h of await page(runs[i]!, false, unsure)) matched.get(h.rid)?.add(look.kind);
  }

  const last = shown.at(-1);
  return {
    orders: await searchRows(db, shown, matched, venueCurrency),
    recognised,
    next: more && last ? `${last.at}:${last.rid}` : null,
  };
}

/** The rows of a page: the order, its customer, its shows and how many tickets. */
async function searchRows(
  db: Db,
  shown: readonly Hit[],
  matched: ReadonlyMap<string, ReadonlySet<OrderMatchKind>>,
  venueCurrency: string,
): Promise<OrderSearchRow[]> {
  if (shown.length === 0) return [];
  const rids = shown.map((h) => h.rid);
  const [orders, shows, counts] = await Promise.all([
    db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select([
        'o.reservation_identifier',
        'o.state',
        'o.created_at',
        'o.total',
        'o.currency_code',
        'o.point_of_sale',
        'o.sold_by_staff_id',
        'c.first_name',
        'c.last_name',
        'c.email',
        'c.mobile_number',
      ])
      .where('o.reservation_identifier', 'in', rids)
      .execute(),
    db
      .selectFrom('order_tickets as t')
      .innerJoin('presentations as p', 'p.id', 't.presentation_id')
      .innerJoin('features as f', 'f.id', 'p.feature_id')
      .select(['t.reservation_identifier', 'p.id', 'p.starts_at', 'f.title_json'])
      .distinct()
      .where('t.reservation_identifier', 'in', rids)
      .orderBy('p.starts_at')
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('order_tickets')
      .select((eb) => ['reservation_identifier', eb.fn.countAll<number>().as('n')])
      .where('reservation_identifier', 'in', rids)
      .where('is_sub_ticket', '=', 0)
      .groupBy('reservation_identifier')
      .execute(),
  ]);
  const byRid = new Map(orders.map((o) => [o.reservation_identifier, o]));
  const count = new Map(counts.map((c) => [c.reservation_identifier, Number(c.n)]));
  return shown.flatMap((h) => {
    const o = byRid.get(h.rid);
    if (!o) return [];
    return [
      {
        reservationIdentifier: o.reservation_identifier,
        state: o.state,
        createdAt: iso(o.created_at),
        customerName: [o.first_name, o.last_name].filter(Boolean).join(' '),
        email: o.email,
        mobileNumber: o.mobile_number,
        total: o.total,
        currency: o.currency_code ?? venueCurrency,
        presentations: shows
          .filter((s) => s.reservation_identifier === h.rid)
          .map((s) => ({
            id: s.id,
            title: JSON.parse(s.title_json) as LocalizedText,
            dateTime: iso(s.starts_at),
          })),
        ticketCount: count.get(h.rid) ?? 0,
        pointOfSale: o.point_of_sale,
        soldBy: o.sold_by_staff_id,
        matched: [...(matched.get(h.rid) ?? [])],
      },
    ];
  });
}
