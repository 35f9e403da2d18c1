import type { Kysely, Updateable } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import {
  type AdminTicketType,
  type TicketTypeCreate,
  TicketTypeCreateSchema,
  type TicketTypeFields,
  type TicketTypeUpdate,
  TicketTypeUpdateSchema,
} from '../../../../src/api/contract/pricesAdmin.ts';
import { holdNamed } from '../../../db/repositories/hallLocks.ts';
import type { Database } from '../../../db/types.ts';
import type { ErrorCode } from '../../../../src/api/contract/errors.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { changeCatalogue } from '../generation.ts';
import { priceListRow, ticketTypeOf } from './priceLists.ts';

type Db = Kysely<Database>;

async function ticketRow(db: Db, id: number) {
  const row = await db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('ticket_type_not_found', `ticket type ${id} does not exist`);
  return row;
}

/**
 * Changes a ticket type of a price list: its name, price, service charge, least and most a customer
 * takes. Every presentation of the list sells at the new price at once; tickets sold keep the price
 * they were sold at (an order ticket carries its own). Audited with before and after.
 */
export async function updateTicketType(
  db: Db,
  actor: Actor,
  id: number,
  input: TicketTypeUpdate,
  now: number,
): Promise<AdminTicketType> {
  const change = TicketTypeUpdateSchema.parse(input);
  return changeCatalogue(db, async (trx) => {
    const before = await ticketRow(trx, id);
    const set: Updateable<Database['tickets']> = {};
    if (change.name) set.name_json = JSON.stringify(change.name);
    if (change.price !== undefined) set.price = change.price;
    if (change.serviceCharge !== undefined) set.service_charge = change.serviceCharge;
    if (change.minQuantity !== undefined) set.min_quantity = change.minQuantity;
    if (change.maxQuantity !== undefined) set.max_quantity = change.maxQuantity;
    const min = set.min_quantity !== undefined ? set.min_quantity : before.min_quantity;
    const max = set.max_quantity !== undefined ? set.max_quantity : before.max_quantity;
    if (min !== null && max !== null && min > max)
      throw new AppError('formValidation', 'the least a customer takes is above the most', {
        field: 'maxQuantity',
      });
    await trx.updateTable('tickets').set(set).where('id', '=', id).execute();
    const after = await ticketRow(trx, id);
    await audit(
      trx,
      actor,
      {
        action: 'ticket_type.update',
        objectType: 'ticket_type',
        objectId: id,
        before: ticketTypeOf(before),
        after: ticketTypeOf(after),
      },
      now,
    );
    return ticketTypeOf(after);
  });
}

/** A new ticket type in a price level of a list, after the level's others; on sale to everyone. */
export async function addTicketType(
  db: Db,
  actor: Actor,
  listId: number,
  input: TicketTypeCreate,
  now: number,
): Promise<AdminTicketType> {
  const t = TicketTypeCreateSchema.parse(input);
  return changeCatalogue(db, async (trx) => {
    await holdNamed(trx, 'prices');
    const max = await trx
      .selectFrom('tickets')
      .select([(eb) => eb.fn.max('id').as('id')])
      .executeTakeFirst();
    return insertTicketType(trx, actor, Number(max?.id ?? 0) + 1, listId, t, now);
  });
}

/** The audiences that name a row of their own: its table, the field naming it, the refusal when missing. */
const AUDIENCE_REFS: Partial<
  Record<TicketTypeFields['audience']['kind'], [keyof Database & string, string, ErrorCode]>
> = {
  member: ['memberships', 'membershipId', 'membership_not_found'],
  miniSite: ['mini_sites', 'miniSiteId', 'mini_site_not_found'],
  voucher: ['system_voucher_classes', 'voucherClassId', 'voucher_class_not_found'],
  partnerProgram: ['partner_programs', 'partnerProgramId', 'partner_program_not_found'],
};

/**
 * Writes a ticket type under `id` in the caller's transaction (the seed names its ids), after the
 * level's others, and audits it. A required ticket must be of the same list and level.
 */
export async function insertTicketType(
  trx: Db,
  actor: Actor,
  id: number,
  listId: number,
  t: TicketTypeFields,
  now: number,
): Promise<AdminTicketType> {
  await priceListRow(trx, listId);
  const level = await trx
    .selectFrom('ticket_groups')
    .select('id')
    .where('id', '=', t.ticketGroupId)
    .executeTakeFirst();
  if (!level)
    throw new AppError('price_level_not_found', `price level ${t.ticketGroupId} does not exist`, {
      priceLevelId: t.ticketGroupId,
    });
  if (t.requiredTicketId !== null) {
    const required = await trx
      .selectFrom('tickets')
      .select('id')
      .where('id', '=', t.requiredTicketId)
      .where('price_list_id', '=', listId)
      .where('ticket_group_id', '=', t.ticketGroupId)
      .executeTakeFirst();
    if (!required)
      throw new AppError(
        'ticket_type_not_found',
        `ticket type ${t.requiredTicketId} is not of this list and price level`,
        { field: 'requiredTicketId' },
      );
  }
  const who = t.audience;
  const named = AUDIENCE_REFS[who.kind];
  if (named) {
    const [table, field, code] = named;
    const ref = (who as unknown as Record<string, number>)[field]!;
    // Each of these tables has an integer id; the table is one of the four above.
    const found = await trx
      .selectFrom(table as 'memberships')
      .select('id')
      .where('id', '=', ref)
      .executeTakeFirst();
    if (!found) throw new AppError(code, `${field} ${ref} does not exist`, { [field]: ref });
  }
  const last = await trx
    .selectFrom('tickets')
    .select([(eb) => eb.fn.max('sort').as('sort')])
    .where('price_list_id', '=', listId)
    .where('ticket_group_id', '=', t.ticketGroupId)
    .executeTakeFirst();
  await trx
    .insertInto('tickets')
    .values({
      id,
      ticket_group_id: t.ticketGroupId,
      price_list_id: listId,
      name_json: JSON.stringify(t.name),
      code: t.code ?? `T${id}`,
      price: t.price,
      old_price: t.oldPrice,
      service_charge: t.serviceCharge,
      price_policy_id: 1,
      multiply_factor: t.multiplyFactor,
      is_sub_ticket: 0,
      ref1prompt: null,
      ref2prompt: null,
      min_quantity: t.minQuantity,
      max_quantity: t.maxQuantity,
      // The level's first type sorts first (0), each next one after the last.
      sort: last?.sort === null || last?.sort === undefined ? 0 : Number(last.sort) + 1,
      required_ticket_id: t.requiredTicketId,
      required_minimum: t.requiredTicketId === null ? null : t.requiredMinimum,
      quota: t.quota,
      min_age: t.minAge,
      max_age: t.maxAge,
      // Tickets for some buyers only are hidden from the others; the box office checks each kind.
      is_hidden: who.kind === 'everyone' ? 0 : 1,
      is_senior: who.kind === 'senior' ? 1 : 0,
      membership_id: who.kind === 'member' ? who.membershipId : null,
      mini_site_id: who.kind === 'miniSite' ? who.miniSiteId : null,
      price_code: who.kind === 'code' ? who.priceCode : null,
      voucher_class_id: who.kind === 'voucher' ? who.voucherClassId : null,
      partner_program_id: who.kind === 'partnerProgram' ? who.partnerProgramId : null,
    })
    .execute();
  const row = await ticketRow(trx, id);
  await audit(
    trx,
    actor,
    {
      action: 'ticket_type.create',
      objectType: 'ticket_type',
      objectId: id,
      after: { ...ticketTypeOf(row), priceListId: listId, name: t.name as LocalizedText },
    },
    now,
  );
  return ticketTypeOf(row);
}
