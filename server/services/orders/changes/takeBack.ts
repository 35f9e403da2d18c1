import type { Selectable } from 'kysely';
import type { RefundSelection } from '../../../../src/api/contract/orderChanges.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import type { Trx } from '../../checkout/lines/types.ts';
import { giveBack as giveMembersBack } from '../../checkout/lines/memberTickets.ts';
import type { RefundLine } from './refundValue.ts';

type TicketRow = Selectable<Database['order_tickets']>;

export interface TakenLines {
  tickets: (TicketRow & { addons: number })[];
  products: { presentationId: number; productId: number; quantity: number; unitPrice: number }[];
}

/**
 * The lines a staff refund or exchange takes back, read and checked in the caller's transaction: each
 * ticket one of the order's valid tickets (once), each product quantity within what the order still has
 * of it. Refused with `order_line_not_refundable` naming the line otherwise.
 */
export async function loadTaken(
  trx: Trx,
  rid: string,
  sel: Pick<RefundSelection, 'tickets' | 'products'>,
): Promise<TakenLines> {
  const ids = [...new Set(sel.tickets)];
  if (ids.length !== sel.tickets.length)
    throw new AppError('formValidation', 'a ticket is named twice', { field: 'tickets' });
  const rows = ids.length
    ? await trx
        .selectFrom('order_tickets')
        .selectAll()
        .where('reservation_identifier', '=', rid)
        .where('ticket_identifier', 'in', ids)
        .execute()
    : [];
  for (const id of ids) {
    const row = rows.find((r) => r.ticket_identifier === id);
    if (!row || row.state !== 'valid')
      throw new AppError('order_line_not_refundable', `ticket ${id} is not a valid ticket of the order`, {
        ticket: id,
      });
  }
  const addons = ids.length
    ? await trx
        .selectFrom('order_ticket_addons')
        .select(['ticket_identifier', 'price'])
        .where('reservation_identifier', '=', rid)
        .where('ticket_identifier', 'in', ids)
        .execute()
    : [];
  const tickets = ids.map((id) => {
    const row = rows.find((r) => r.ticket_identifier === id)!;
    const a = addons.filter((x) => x.ticket_identifier === id).reduce((s, x) => s + x.price, 0);
    return { ...row, addons: a };
  });
  const products: TakenLines['products'] = [];
  for (const p of sel.products) {
    const row = await trx
      .selectFrom('order_products')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .where('presentation_id', '=', p.presentationId)
      .where('product_id', '=', p.productId)
      .executeTakeFirst();
    const left = row ? row.quantity - row.refunded_quantity : 0;
    if (!row || p.quantity > left)
      throw new AppError(
        'order_line_not_refundable',
        `the order has ${left} of product ${p.productId} left`,
        {
          productId: p.productId,
          left,
        },
      );
    products.push({ ...p, unitPrice: row.unit_price });
  }
  return { tickets, products };
}

/** The lines as the refund rule prices them: each ticket with its add-ons, each product item. */
export function refundLines(taken: TakenLines): RefundLine[] {
  return [
    ...taken.tickets.map((t) => ({
      price: t.price + t.addons,
      serviceCharge: t.service_charge,
      isTicket: true,
    })),
    ...taken.products.map((p) => ({
      price: p.unitPrice * p.quantity,
      serviceCharge: 0,
      isTicket: false,
    })),
  ];
}

/**
 * Takes the lines back, in the caller's transaction: seats free again at once (their holds deleted: the
 * change feed tells every map), tickets cancelled and marked with the change, a member ticket's balance
 * and points given back, a ticket voucher's use restored, product quantities counted as refunded.
 */
export async function takeBack(trx: Trx, rid: string, taken: TakenLines, adjustmentId: string, now: number) {
  const ids = taken.tickets.map((t) => t.ticket_identifier);
  if (ids.length) {
    await giveMembersBack(trx, { reservationIdentifier: rid }, ids);
    for (const t of taken.tickets) {
      if (t.kind !== 'seat') continue;
      await trx
        .deleteFrom('seat_holds')
        .where('claimed_by', '=', rid)
        .where('presentation_id', '=', t.presentation_id)
        .where('section_id', '=', t.section_id)
        .where('x', '=', t.x)
        .where('y', '=', t.y)
        .execute();
      if (t.ticket_code && t.is_sub_ticket !== 1) await restoreOneUse(trx, rid, t.ticket_code, now);
    }
    await trx
      .updateTable('order_tickets')
      .set({ state: 'cancelled', adjustment_id: adjustmentId })
      .where('reservation_identifier', '=', rid)
      .where('ticket_identifier', 'in', ids)
      .execute();
  }
  for (const p of taken.products)
    await trx
      .updateTable('order_products')
      .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', p.quantity) }))
      .where('reservation_identifier', '=', rid)
      .where('presentation_id', '=', p.presentationId)
      .where('product_id', '=', p.productId)
      .execute();
}

/** A ticket a voucher paid for: that voucher gets the one use back (a code that is no voucher restores nothing). */
async function restoreOneUse(trx: Trx, rid: string, code: string, now: number) {
  const claim = await trx
    .selectFrom('voucher_redemptions')
    .select(['id', 'voucher_reference', 'uses'])
    .where('reservation_identifier', '=', rid)
    .where('voucher_reference', '=', code.toUpperCase())
    .where('status', '=', 'redeemed')
    .where('uses', '>', 0)
    .executeTakeFirst();
  if (!claim) return;
  await trx
    .updateTable('system_vouchers')
    .set((eb) => ({ balance: eb('balance', '+', 1), redeemed: eb('redeemed', '-', 1) }))
    .where('reference', '=', claim.voucher_reference)
    .execute();
  await trx
    .updateTable('voucher_redemptions')
    .set({ uses: claim.uses - 1, status: claim.uses === 1 ? 'restored' : 'redeemed', updated_at: now })
    .where('id', '=', claim.id)
    .execute();
}
