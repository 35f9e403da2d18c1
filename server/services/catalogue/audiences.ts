import type { Kysely } from 'kysely';
import type { TicketAudience } from '../../../src/api/contract/presentations.ts';
import type { Database } from '../../db/types.ts';

/**
 * Whom a presentation's tickets for some buyers only are for (issue 35): the audiences of the ticket
 * types of its price list in its price levels, beside everyone. The ticket step offers a way in (a
 * partner card, a code, the senior lookup) only for these; the box office refuses the others anyway.
 */
export async function ticketAudiences(
  db: Kysely<Database>,
  presentationId: number,
): Promise<TicketAudience[]> {
  const row = await db
    .selectFrom('presentation_ticket_groups as ptg')
    .innerJoin('tickets as t', 't.ticket_group_id', 'ptg.ticket_group_id')
    .innerJoin('presentations as p', 'p.id', 'ptg.presentation_id')
    .whereRef('t.price_list_id', '=', 'p.price_list_id')
    .where('ptg.presentation_id', '=', presentationId)
    .select((eb) => [
      eb.fn.max('t.is_senior').as('senior'),
      eb.fn.count('t.membership_id').as('member'),
      eb.fn.count('t.mini_site_id').as('miniSite'),
      eb.fn.count('t.price_code').as('code'),
      eb.fn.count('t.voucher_class_id').as('voucher'),
      eb.fn.count('t.partner_program_id').as('partnerProgram'),
    ])
    .executeTakeFirst();
  if (!row) return [];
  // COUNT of a column counts its non-null values; PostgreSQL answers bigint counts as strings.
  return (Object.keys(row) as TicketAudience[]).filter((k) => Number(row[k] ?? 0) > 0);
}
