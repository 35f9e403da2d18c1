import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { TG } from './catalogue.ts';
import { t } from './voucherIds.ts';

/** The ticket id of a price level's senior-citizen price (issue 20): price level × 100 + 88. */
export const SENIOR_TICKET_OFFSET = 88;
export const seniorTicketId = (tg: number) => tg * 100 + SENIOR_TICKET_OFFSET;

/** The Philharmonic's price levels and their full prices: a registered senior pays 40 % of them. */
const PHILHARMONIC_PRICES: readonly [number, number][] = [
  [TG.orchestraA, 28000],
  [TG.orchestraB, 19000],
  [TG.orchestraC, 12000],
];

export function seniorTickets(): Insertable<Database['tickets']>[] {
  return PHILHARMONIC_PRICES.map(([tg, full]) => ({
    id: seniorTicketId(tg),
    ticket_group_id: tg,
    name_json: JSON.stringify(
      t(
        'אזרח ותיק (לפי ת״ז)',
        'Senior citizen (ID)',
        'Пенсионер (по удостоверению)',
        'مواطن مسن (بالهوية)',
        'Senior (z dowodem)',
      ),
    ),
    code: 'SNR',
    price: Math.round((full * 0.4) / 100) * 100,
    old_price: full,
    service_charge: 0,
    price_policy_id: 1,
    multiply_factor: 1,
    is_sub_ticket: 0,
    ref1prompt: null,
    ref2prompt: null,
    min_quantity: null,
    max_quantity: null,
    sort: 80,
    required_ticket_id: null,
    required_minimum: null,
    quota: null,
    is_hidden: 1,
    is_senior: 1,
  }));
}

/**
 * The Philharmonic's senior-citizen prices (hidden: an ID number the senior registry confirms unlocks
 * them). Idempotent, so a database seeded before issue 20 gets them on its next start.
 */
export async function seedSeniorTickets(db: Kysely<Database>): Promise<boolean> {
  const there = await db
    .selectFrom('tickets')
    .select('id')
    .where('id', '=', seniorTicketId(TG.orchestraA))
    .executeTakeFirst();
  if (there) return false;
  await db.insertInto('tickets').values(seniorTickets()).execute();
  return true;
}
