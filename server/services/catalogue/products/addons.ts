import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import {
  type AddonCreate,
  AddonCreateSchema,
  type AdminAddonSchema,
} from '../../../../src/api/contract/pricesAdmin.ts';
import { holdNamed } from '../../../db/repositories/hallLocks.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { changeCatalogue } from '../generation.ts';
import type { z } from 'zod';

type Db = Kysely<Database>;
type AdminAddon = z.infer<typeof AdminAddonSchema>;

/**
 * A new add-on offered with every ticket type for everyone of each named show (of the show's price list
 * and price levels), at its price per seat; the box office prices it with the ticket (add-ons are
 * checked and charged there). Refused for a show that does not exist (event_not_found). Audited.
 */
export async function createAddon(
  db: Db,
  actor: Actor,
  input: AddonCreate,
  now: number,
): Promise<AdminAddon> {
  const a = AddonCreateSchema.parse(input);
  return changeCatalogue(db, async (trx) => {
    await holdNamed(trx, 'products');
    const max = await trx
      .selectFrom('addons')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    return insertAddon(trx, actor, Number(max?.m ?? 0) + 1, a, now);
  });
}

/** Writes an add-on under `id` and its offers in the caller's transaction (the seed names its ids). */
export async function insertAddon(
  trx: Db,
  actor: Actor,
  id: number,
  a: z.output<typeof AddonCreateSchema>,
  now: number,
): Promise<AdminAddon> {
  const shows = [...new Set(a.presentationIds)];
  const found = await trx.selectFrom('presentations').select('id').where('id', 'in', shows).execute();
  const missing = shows.find((s) => !found.some((f) => f.id === s));
  if (missing !== undefined)
    throw new AppError('event_not_found', `presentation ${missing} does not exist`, {
      presentationId: missing,
    });
  await trx
    .insertInto('addons')
    .values({ id, name_json: JSON.stringify(a.name) })
    .execute();
  const offers = await trx
    .selectFrom('presentations as p')
    .innerJoin('presentation_ticket_groups as ptg', 'ptg.presentation_id', 'p.id')
    .innerJoin('tickets as t', (j) =>
      j
        .onRef('t.ticket_group_id', '=', 'ptg.ticket_group_id')
        .onRef('t.price_list_id', '=', 'p.price_list_id'),
    )
    .select(['p.id as presentation_id', 't.id as ticket_id'])
    .where('p.id', 'in', shows)
    .where('t.is_sub_ticket', '=', 0)
    .where('t.is_hidden', '=', 0)
    .orderBy('p.id')
    .orderBy('t.id')
    .execute();
  for (let i = 0; i < offers.length; i += 500)
    await trx
      .insertInto('ticket_addons')
      .values(
        offers.slice(i, i + 500).map((o) => ({
          presentation_id: o.presentation_id,
          ticket_id: o.ticket_id,
          addon_id: id,
          price: a.price,
          sort: 0,
          preselect: a.preselect ? 1 : 0,
        })),
      )
      .execute();
  await audit(
    trx,
    actor,
    { action: 'addon.create', objectType: 'addon', objectId: id, after: { ...a, offers: offers.length } },
    now,
  );
  return { id, name: a.name as LocalizedText, offers: offers.length };
}
