import type { Kysely } from 'kysely';
import type { TicketGroup } from '../../../src/api/contract/presentations.ts';
import type { Database } from '../../db/types.ts';
import { getTicketGroups, loadTicketGroups } from '../catalogue/ticketGroups.ts';
import { isPartnerTicket, partnerMayBuy, type PartnerContext } from './context.ts';

/**
 * The ticket groups a partner context sees: everyone's visible tickets plus the hidden ones of its
 * mini-site or integration partner (other hidden tickets still need their codes). The plain path
 * (getTicketGroups) is untouched; this one reads all tickets and keeps those the context may buy.
 */
export async function partnerTicketGroups(
  db: Kysely<Database>,
  id: number,
  now: number,
  ctx: PartnerContext,
): Promise<Awaited<ReturnType<typeof getTicketGroups>>> {
  const plain = await getTicketGroups(db, id, now);
  if (!ctx.miniSite && !ctx.integration) return plain;
  const all = await loadTicketGroups(db, id, now, 'all');
  const ids = all.flatMap((g) => g.tickets.map((t) => t.id));
  if (ids.length === 0) return plain;
  const rows = await db
    .selectFrom('tickets')
    .select(['id', 'is_hidden', 'mini_site_id', 'integration_partner_id'])
    .where('id', 'in', ids)
    .execute();
  const keep = new Set(
    rows.filter((r) => (isPartnerTicket(r) ? partnerMayBuy(ctx, r) : r.is_hidden === 0)).map((r) => r.id),
  );
  const ticketGroups: TicketGroup[] = all
    .map((g) => ({ ...g, tickets: g.tickets.filter((t) => keep.has(t.id)) }))
    .filter((g) => g.tickets.length > 0);
  return { ...plain, ticketGroups };
}
