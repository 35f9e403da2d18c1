import type { Kysely, Selectable } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import type {
  AdminPriceList,
  AdminTicketType,
  PriceListCreate,
} from '../../../../src/api/contract/pricesAdmin.ts';
import { PriceListCreateSchema } from '../../../../src/api/contract/pricesAdmin.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { holdNamed } from '../../../db/repositories/hallLocks.ts';
import { changeCatalogue } from '../generation.ts';

type Db = Kysely<Database>;
type TicketRow = Selectable<Database['tickets']>;

/** The list every presentation sold from before price lists (migration 021), and the demo's. */
export const STANDARD_PRICE_LIST = 1;

/** Who may buy a ticket type, as the back office names it. */
export function kindOf(t: TicketRow): AdminTicketType['kind'] {
  if (t.is_sub_ticket === 1) return 'sub';
  if (t.membership_id !== null || t.is_member_sale === 1) return 'member';
  if (t.is_senior === 1) return 'senior';
  if (t.voucher_class_id !== null) return 'voucher';
  if (t.partner_program_id !== null || t.mini_site_id !== null || t.integration_partner_id !== null)
    return 'partner';
  return t.is_hidden === 1 ? 'code' : 'regular';
}

export function ticketTypeOf(t: TicketRow): AdminTicketType {
  return {
    id: t.id,
    ticketGroupId: t.ticket_group_id,
    name: JSON.parse(t.name_json) as LocalizedText,
    code: t.code,
    price: t.price,
    serviceCharge: t.service_charge,
    minQuantity: t.min_quantity,
    maxQuantity: t.max_quantity,
    multiplyFactor: t.multiply_factor,
    kind: kindOf(t),
  };
}

/** Every price list (or those of `ids`), each with its ticket types by price level, in order. */
export async function listPriceLists(db: Db, ids?: readonly number[]): Promise<AdminPriceList[]> {
  let q = db.selectFrom('price_lists').selectAll().orderBy('id');
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  const lists = await q.execute();
  if (lists.length === 0) return [];
  const listIds = lists.map((l) => l.id);
  const [tickets, levels, uses] = await Promise.all([
    db
      .selectFrom('tickets')
      .selectAll()
      .where('price_list_id', 'in', listIds)
      .orderBy('ticket_group_id')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('ticket_groups').selectAll().orderBy('id').execute(),
    db
      .selectFrom('presentations')
      .select(['price_list_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('price_list_id', 'in', listIds)
      .groupBy('price_list_id')
      .execute(),
  ]);
  const used = new Map(uses.map((u) => [u.price_list_id, Number(u.n)]));
  return lists.map((l) => {
    const mine = tickets.filter((t) => t.price_list_id === l.id);
    return {
      id: l.id,
      name: JSON.parse(l.name_json) as LocalizedText,
      presentationId: l.presentation_id,
      presentations: used.get(l.id) ?? 0,
      levels: levels
        .filter((g) => mine.some((t) => t.ticket_group_id === g.id))
        .map((g) => ({
          id: g.id,
          name: JSON.parse(g.name_json) as LocalizedText,
          tickets: mine.filter((t) => t.ticket_group_id === g.id).map(ticketTypeOf),
        })),
    };
  });
}

export async function priceListRow(db: Db, id: number) {
  const row = await db.selectFrom('price_lists').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('price_list_not_found', `price list ${id} does not exist`);
  return row;
}

/**
 * Copies a list's ticket types into list `to` (new ids; a ticket that needs another points at that
 * one's copy). Answers the old id → new id of each. The caller holds 'prices' (holdNamed).
 */
async function copyTickets(
  trx: Db,
  from: number,
  to: number,
  levels?: readonly number[],
): Promise<Map<number, number>> {
  let q = trx.selectFrom('tickets').selectAll().where('price_list_id', '=', from);
  if (levels) q = q.where('ticket_group_id', 'in', levels);
  const rows = await q.orderBy('id').execute();
  let id =
    Number(
      (
        await trx
          .selectFrom('tickets')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    ) + 1;
  const ids = new Map(rows.map((r) => [r.id, id++]));
  const copies = rows.map((r) => ({
    ...r,
    id: ids.get(r.id)!,
    price_list_id: to,
    required_ticket_id: r.required_ticket_id === null ? null : (ids.get(r.required_ticket_id) ?? null),
  }));
  for (let i = 0; i < copies.length; i += 50)
    await trx
      .insertInto('tickets')
      .values(copies.slice(i, i + 50))
      .execute();
  return ids;
}

/** A new price list, starting as a copy of `copyOf` (the standard list by default); audited. */
export async function createPriceList(
  db: Db,
  actor: Actor,
  input: PriceListCreate,
  now: number,
): Promise<AdminPriceList> {
  const body = PriceListCreateSchema.parse(input);
  const id = await changeCatalogue(db, async (trx) => {
    await priceListRow(trx, body.copyOf);
    await holdNamed(trx, 'prices');
    const id = await nextListId(trx);
    await trx
      .insertInto('price_lists')
      .values({ id, name_json: JSON.stringify(body.name), presentation_id: null, created_at: now })
      .execute();
    const copied = await copyTickets(trx, body.copyOf, id, body.priceLevelIds);
    if (copied.size === 0)
      throw new AppError(
        'price_level_not_in_list',
        `price list ${body.copyOf} has none of those price levels`,
        {
          priceLevelId: body.priceLevelIds?.[0] ?? 0,
        },
      );
    await audit(
      trx,
      actor,
      {
        action: 'price_list.create',
        objectType: 'price_list',
        objectId: id,
        after: { name: body.name, copyOf: body.copyOf },
      },
      now,
    );
    return id;
  });
  const [list] = await listPriceLists(db, [id]);
  return list!;
}

export async function renamePriceList(
  db: Db,
  actor: Actor,
  id: number,
  name: LocalizedText,
  now: number,
): Promise<AdminPriceList> {
  await changeCatalogue(db, async (trx) => {
    const before = await priceListRow(trx, id);
    await trx
      .updateTable('price_lists')
      .set({ name_json: JSON.stringify(name) })
      .where('id', '=', id)
      .execute();
    await audit(
      trx,
      actor,
      {
        action: 'price_list.update',
        objectType: 'price_list',
        objectId: id,
        before: { name: JSON.parse(before.name_json) },
        after: { name },
      },
      now,
    );
  });
  const [list] = await listPriceLists(db, [id]);
  return list!;
}

/**
 * The list a presentation may be given: one that exists, is nobody's own (or is this presentation's),
 * and has a ticket type in each of the price levels it sells (price_level_not_in_list).
 */
export async function assertListFits(
  db: Db,
  listId: number,
  levels: readonly number[],
  presentationId?: number,
): Promise<void> {
  const have = await priceListLevels(db, listId, presentationId);
  const missing = levels.find((l) => !have.has(l));
  if (missing !== undefined)
    throw new AppError(
      'price_level_not_in_list',
      `price list ${listId} has no ticket for price level ${missing}`,
      {
        priceLevelId: missing,
      },
    );
}

/**
 * The price levels a list has ticket types in, once it is one a presentation may be given (not another
 * presentation's own: price_list_private).
 */
export async function priceListLevels(db: Db, listId: number, presentationId?: number): Promise<Set<number>> {
  const list = await priceListRow(db, listId);
  if (list.presentation_id !== null && list.presentation_id !== presentationId)
    throw new AppError(
      'price_list_private',
      `price list ${listId} is presentation ${list.presentation_id}'s own`,
      {
        presentationId: list.presentation_id,
      },
    );
  const have = await db
    .selectFrom('tickets')
    .select('ticket_group_id')
    .distinct()
    .where('price_list_id', '=', listId)
    .execute();
  return new Set(have.map((h) => h.ticket_group_id));
}

/**
 * A presentation's add-ons (3D glasses with a ticket type) follow it to the same ticket types of its
 * new list: the same price level and code. Types the new list lacks lose their add-ons.
 */
export async function moveAddons(trx: Db, presentationId: number, from: number, to: number): Promise<void> {
  if (from === to) return;
  const addons = await trx
    .selectFrom('ticket_addons')
    .selectAll()
    .where('presentation_id', '=', presentationId)
    .execute();
  if (addons.length === 0) return;
  const tickets = await trx
    .selectFrom('tickets')
    .select(['id', 'ticket_group_id', 'code', 'price_list_id'])
    .where('price_list_id', 'in', [from, to])
    .execute();
  const key = (t: { ticket_group_id: number; code: string }) => `${t.ticket_group_id}:${t.code}`;
  const target = new Map(tickets.filter((t) => t.price_list_id === to).map((t) => [key(t), t.id]));
  const source = new Map(tickets.filter((t) => t.price_list_id === from).map((t) => [t.id, key(t)]));
  await trx.deleteFrom('ticket_addons').where('presentation_id', '=', presentationId).execute();
  const moved = addons.flatMap((a) => {
    const k = source.get(a.ticket_id);
    const id = k === undefined ? undefined : target.get(k);
    return id === undefined ? [] : [{ ...a, ticket_id: id }];
  });
  if (moved.length) await trx.insertInto('ticket_addons').values(moved).execute();
}

/**
 * Gives a presentation prices of its own: a copy of its list that only it uses (named after it), so
 * its ticket types change without changing the shared list's other presentations. Again: answers the
 * presentation's own list as it is.
 */
export async function ownPrices(
  db: Db,
  actor: Actor,
  presentationId: number,
  now: number,
): Promise<AdminPriceList> {
  const id = await changeCatalogue(db, async (trx) => {
    const p = await trx
      .selectFrom('presentations as p')
      .innerJoin('features as f', 'f.id', 'p.feature_id')
      .innerJoin('price_lists as l', 'l.id', 'p.price_list_id')
      .select([
        'p.price_list_id',
        'p.business_date',
        'p.called_off_at',
        'f.title_json',
        'l.presentation_id',
        'l.name_json',
      ])
      .where('p.id', '=', presentationId)
      .executeTakeFirst();
    if (!p) throw new AppError('event_not_found', `presentation ${presentationId} does not exist`);
    if (p.presentation_id === presentationId) return p.price_list_id;
    await holdNamed(trx, 'prices');
    const id = await nextListId(trx);
    const title = JSON.parse(p.title_json) as LocalizedText;
    const list = JSON.parse(p.name_json) as LocalizedText;
    const name = Object.fromEntries(
      Object.entries(title).map(([l, t]) => [
        l,
        `${t} ${p.business_date} (${list[l as keyof LocalizedText] ?? list.en ?? ''})`,
      ]),
    );
    await trx
      .insertInto('price_lists')
      .values({ id, name_json: JSON.stringify(name), presentation_id: presentationId, created_at: now })
      .execute();
    await copyTickets(trx, p.price_list_id, id);
    await moveAddons(trx, presentationId, p.price_list_id, id);
    await trx
      .updateTable('presentations')
      .set({ price_list_id: id })
      .where('id', '=', presentationId)
      .execute();
    await audit(
      trx,
      actor,
      {
        action: 'presentation.own_prices',
        objectType: 'presentation',
        objectId: presentationId,
        before: { priceListId: p.price_list_id },
        after: { priceListId: id },
      },
      now,
    );
    return id;
  });
  const [list] = await listPriceLists(db, [id]);
  return list!;
}

async function nextListId(trx: Db): Promise<number> {
  const row = await trx
    .selectFrom('price_lists')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}
