import type { Kysely, Updateable } from 'kysely';
import type { AdminPresentation, PresentationUpdate } from '../../../../src/api/contract/programmeAdmin.ts';
import { businessDate } from '../../../../src/domain/venue.ts';
import { holdHalls } from '../../../db/repositories/hallLocks.ts';
import type { SaleLocks } from '../../../db/repositories/saleLocks.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { queueOrderMessages } from '../../messages/queue.ts';
import { assertListFits, moveAddons } from '../prices/priceLists.ts';
import { clashesInHalls, clashView, listAdminPresentations } from './presentationsAdmin.ts';
import { changeCatalogue } from '../generation.ts';
import { changeSeating } from './presentationSeating.ts';

type Db = Kysely<Database>;

const iso = (ms: number) => new Date(Number(ms)).toISOString();
/** A sale may stay open at most this long after its show starts (a late-night festival's last entry). */
const MAX_SALE_AFTER_START_MS = 24 * 3_600_000;

/** Purchases need no waiting for a change (SQLite runs one write transaction at a time). */
const NO_SALE_LOCKS: SaleLocks = { shareSales: async () => {}, holdSales: async () => {} };

/**
 * Changes a presentation (managers): its time, sale window, online sale, seating policy, step timers,
 * service charge, plan version or general-admission capacity (presentationSeating.ts). What was sold
 * keeps its price and its seats (tickets carry their price; a plan version keeps every seat taken). A
 * move keeps the sale's close as far from the start as it was, is checked against the hall's other
 * shows (schedule_clash), and queues a message to every customer holding tickets, whose e-ticket and
 * calendar file show the new time. Refused for a presentation that
 * is called off, and a move of one that has begun (presentation_started) or into the past.
 */
export async function updatePresentation(
  db: Db,
  actor: Actor,
  id: number,
  change: PresentationUpdate,
  now: number,
  /** Hold orders are paid this long before their first show (settings.order.holdMinutesBeforeEvent). */
  holdMinutes = 30,
  /** Purchases of the presentation wait while its plan version changes (db/repositories/saleLocks.ts). */
  saleLocks: SaleLocks = NO_SALE_LOCKS,
): Promise<AdminPresentation> {
  await changeCatalogue(db, async (trx) => {
    const p = await trx
      .selectFrom('presentations as p')
      .innerJoin('features as f', 'f.id', 'p.feature_id')
      .innerJoin('seatplans as sp', 'sp.id', 'p.seatplan_id')
      .select([
        'p.starts_at',
        'p.sale_start',
        'p.sale_end',
        'p.online_sale',
        'p.seating_policy_id',
        'p.service_charge',
        'p.lock_timer_json',
        'p.called_off_at',
        'p.price_list_id',
        'p.waiver_id',
        'p.is_reserved',
        'p.capacity',
        'f.duration_minutes',
        'sp.hall_id',
        'sp.id as seatplan_id',
      ])
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!p) throw new AppError('event_not_found', `presentation ${id} does not exist`);
    if (p.called_off_at !== null)
      throw new AppError('presentation_called_off', `presentation ${id} is called off`, {
        calledOffAt: iso(p.called_off_at),
      });
    const startsAt = Number(p.starts_at);
    const set: Updateable<Database['presentations']> = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const moved = change.startsAt !== undefined && Date.parse(change.startsAt) !== startsAt;
    let newStart = startsAt;
    if (moved) {
      newStart = Date.parse(change.startsAt!);
      if (startsAt <= now)
        throw new AppError('presentation_started', `presentation ${id} has begun`, {
          startsAt: iso(startsAt),
        });
      if (newStart <= now) throw new AppError('schedule_in_past', 'the new time has gone by already');
      const hallId = p.hall_id ?? p.seatplan_id;
      await holdHalls(trx, [hallId]);
      const show = {
        hallId,
        startsAt: newStart,
        endsAt: newStart + p.duration_minutes * 60_000,
        businessDate: businessDate(newStart),
      };
      const { clashes, titles } = await clashesInHalls(trx, [show], change.cleaningGapMinutes ?? 15, id);
      const first = clashes[0];
      if (first) {
        const w = clashView(first.with, titles.get(first.with.presentationId!) ?? {});
        throw new AppError('schedule_clash', `the new time runs into the show at ${w.startsAt}`, {
          clashes: clashes.length,
          hallId,
          startsAt: iso(newStart),
          withPresentationId: w.presentationId ?? 0,
          withStartsAt: w.startsAt,
        });
      }
      set.starts_at = newStart;
      set.business_date = show.businessDate;
      before.startsAt = iso(startsAt);
      after.startsAt = iso(newStart);
    }
    // The sale's close follows a move unless the change names one.
    const saleStart = change.saleStart !== undefined ? Date.parse(change.saleStart) : Number(p.sale_start);
    const saleEnd =
      change.saleEnd !== undefined ? Date.parse(change.saleEnd) : Number(p.sale_end) + (newStart - startsAt);
    if (saleEnd <= saleStart || saleEnd > newStart + MAX_SALE_AFTER_START_MS)
      throw new AppError(
        'sale_window_invalid',
        'the sale must open before it closes, and close by a day after the show',
        {
          saleStart: iso(saleStart),
          saleEnd: iso(saleEnd),
        },
      );
    if (saleStart !== Number(p.sale_start)) {
      set.sale_start = saleStart;
      before.saleStart = iso(p.sale_start);
      after.saleStart = iso(saleStart);
    }
    if (saleEnd !== Number(p.sale_end)) {
      set.sale_end = saleEnd;
      before.saleEnd = iso(p.sale_end);
      after.saleEnd = iso(saleEnd);
    }
    const plain: [keyof PresentationUpdate, keyof typeof p, unknown][] = [
      ['onlineSale', 'online_sale', change.onlineSale === undefined ? undefined : change.onlineSale ? 1 : 0],
      ['seatingPolicyId', 'seating_policy_id', change.seatingPolicyId],
      ['serviceCharge', 'service_charge', change.serviceCharge],
      ['lockTimer', 'lock_timer_json', change.lockTimer && JSON.stringify(change.lockTimer)],
    ];
    for (const [field, column, value] of plain) {
      if (value === undefined || value === p[column]) continue;
      (set as Record<string, unknown>)[column] = value;
      before[field] = field === 'lockTimer' ? JSON.parse(String(p[column])) : p[column];
      after[field] = change[field];
    }
    if (change.priceListId !== undefined && change.priceListId !== p.price_list_id) {
      const levels = await trx
        .selectFrom('presentation_ticket_groups')
        .select('ticket_group_id')
        .where('presentation_id', '=', id)
        .execute();
      await assertListFits(
        trx,
        change.priceListId,
        levels.map((l) => l.ticket_group_id),
        id,
      );
      await moveAddons(trx, id, p.price_list_id, change.priceListId);
      set.price_list_id = change.priceListId;
      before.priceListId = p.price_list_id;
      after.priceListId = change.priceListId;
    }
    if (change.waiverId !== undefined && change.waiverId !== p.waiver_id) {
      if (change.waiverId !== null) {
        const w = await trx
          .selectFrom('waivers')
          .select('id')
          .where('id', '=', change.waiverId)
          .executeTakeFirst();
        if (!w)
          throw new AppError('waiver_unknown', `waiver ${change.waiverId} does not exist`, {
            waiverId: change.waiverId,
          });
      }
      set.waiver_id = change.waiverId;
      before.waiverId = p.waiver_id;
      after.waiverId = change.waiverId;
    }
    if (change.miniSiteIds !== undefined) await sellThrough(trx, id, change.miniSiteIds, before, after);
    await changeSeating(trx, saleLocks, { ...p, id }, change, now, { set, before, after });
    if (Object.keys(set).length === 0 && before.miniSiteIds === undefined) return;
    if (Object.keys(set).length > 0)
      await trx.updateTable('presentations').set(set).where('id', '=', id).execute();
    await audit(
      trx,
      actor,
      {
        action: moved ? 'presentation.move' : 'presentation.update',
        objectType: 'presentation',
        objectId: id,
        before,
        after,
      },
      now,
    );
    if (moved) await tellHolders(trx, id, now, holdMinutes);
  });
  const [answer] = await listAdminPresentations(db, { ids: [id] }, now);
  return answer!;
}

/**
 * Every paid or held order with tickets of the moved presentation gets its message (again on a second
 * move). A hold order's deadline (and its seats' hold) follows its first show: `holdMinutes` before it.
 */
async function tellHolders(trx: Db, presentationId: number, now: number, holdMinutes: number): Promise<void> {
  const orders = await trx
    .selectFrom('orders as o')
    .innerJoin('order_tickets as t', 't.reservation_identifier', 'o.reservation_identifier')
    .select(['o.reservation_identifier', 'o.state'])
    .distinct()
    .where('t.presentation_id', '=', presentationId)
    .where('t.state', '=', 'valid')
    .where('o.state', 'in', ['paid', 'held'])
    .execute();
  for (const o of orders) {
    await queueOrderMessages(trx, o.reservation_identifier, 'moved', now, { presentationId, again: true });
    if (o.state === 'held') await followFirstShow(trx, o.reservation_identifier, holdMinutes);
  }
}

async function followFirstShow(trx: Db, rid: string, holdMinutes: number): Promise<void> {
  const first = await trx
    .selectFrom('order_tickets as t')
    .innerJoin('presentations as p', 'p.id', 't.presentation_id')
    .select((eb) => eb.fn.min<number>('p.starts_at').as('starts'))
    .where('t.reservation_identifier', '=', rid)
    .where('t.state', '=', 'valid')
    .executeTakeFirst();
  if (!first?.starts) return;
  const deadline = Number(first.starts) - holdMinutes * 60_000;
  await trx
    .updateTable('orders')
    .set({ hold_deadline: deadline })
    .where('reservation_identifier', '=', rid)
    .execute();
  await trx
    .updateTable('seat_holds')
    .set({ expires_at: deadline })
    .where('claimed_by', '=', rid)
    .where('state', '=', 'held')
    .execute();
}

/** The mini-sites selling a presentation become `ids` (each must exist); the change is noted for the audit. */
async function sellThrough(
  trx: Db,
  presentationId: number,
  ids: readonly number[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const found = wanted.length
    ? await trx.selectFrom('mini_sites').select('id').where('id', 'in', wanted).execute()
    : [];
  const missing = wanted.find((m) => !found.some((f) => f.id === m));
  if (missing !== undefined)
    throw new AppError('mini_site_not_found', `mini-site ${missing} does not exist`, { miniSiteId: missing });
  const now = await trx
    .selectFrom('mini_site_presentations')
    .select('mini_site_id')
    .where('presentation_id', '=', presentationId)
    .orderBy('mini_site_id')
    .execute();
  const had = now.map((r) => r.mini_site_id);
  if (had.join() === wanted.join()) return;
  await trx.deleteFrom('mini_site_presentations').where('presentation_id', '=', presentationId).execute();
  if (wanted.length)
    await trx
      .insertInto('mini_site_presentations')
      .values(wanted.map((mini_site_id) => ({ mini_site_id, presentation_id: presentationId })))
      .execute();
  before.miniSiteIds = had;
  after.miniSiteIds = wanted;
}
